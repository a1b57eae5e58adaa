import type { ObservedEvent, System } from '../../../src/contract/adapter.js';

/**
 * Events a mutant emits on top of what the reference emitted, each at the position in the log
 * where it happened (for defects that emit an edge the reference would not).
 */
export class EventOverlay {
  readonly #inner: System;
  readonly #extra: { readonly at: number; readonly event: ObservedEvent }[] = [];
  #tokens = 0;

  constructor(inner: System) {
    this.#inner = inner;
  }

  /** Emits `event` now (after everything the reference heard so far). */
  emit(event: ObservedEvent): void {
    this.#extra.push({ at: this.#inner.events().length, event });
  }

  /** Emits `event` just before the reference's event at index `at`. */
  emitBefore(at: number, event: ObservedEvent): void {
    if (!this.#extra.some((extra) => extra.at === at && extra.event.type === event.type)) this.#extra.push({ at, event });
  }

  /** A subject token no reference object carries. */
  token(kind: string): string {
    this.#tokens += 1;
    return `mutant-${kind}-${this.#tokens}`;
  }

  /** The reference's events with the mutant's merged in. */
  events(): readonly ObservedEvent[] {
    const inner = this.#inner.events();
    const merged: ObservedEvent[] = [];
    inner.forEach((event, index) => {
      for (const extra of this.#extra) if (extra.at === index) merged.push(extra.event);
      merged.push(event);
    });
    for (const extra of this.#extra) if (extra.at >= inner.length) merged.push(extra.event);
    return merged;
  }
}
