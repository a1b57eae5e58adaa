import { RuntimeError } from './errors.js';
import type { SessionId } from './session-id.js';

/** Detaches the exact entry it was returned for; idempotent. */
export type Detach = () => void;

/**
 * A registry (docs/contract.md §2 "Registries"): maps a SessionId to exactly one live entry object.
 * No reservation table, no id→id map. `enter` returns a detach bound to the exact entry: it never
 * removes a newer entry filed under the same id, and while that entry's created event is being
 * dispatched (`announce`) it waits until the dispatch unwinds (AIK-DETACH-002).
 */
export class Registry<E extends { readonly id: SessionId }> {
  readonly #entries = new Map<SessionId, E>();
  readonly #announced = new WeakSet<E>();
  readonly #announcing = new Map<E, Detach[]>();
  readonly #kind: string;
  readonly #refuse: (entry: E) => string | undefined;

  /** `refuse` names why an entry may not enter (an `invalid` refusal), or returns undefined. */
  constructor(kind: string, refuse: (entry: E) => string | undefined = () => undefined) {
    this.#kind = kind;
    this.#refuse = refuse;
  }

  /** The live entry filed under `id`. */
  get(id: string): E | undefined {
    return this.#entries.get(id as SessionId);
  }

  /** Whether an entry is live under `id`. */
  has(id: string): boolean {
    return this.#entries.has(id as SessionId);
  }

  /** Every live entry (order unspecified by the contract). */
  list(): E[] {
    return [...this.#entries.values()];
  }

  /**
   * Files `entry` under its own id: `conflict` when the id is live (the collision boundary,
   * docs/contract.md §4 phase 7), `invalid` when refused.
   */
  enter(entry: E): Detach {
    const refusal = this.#refuse(entry);
    if (refusal !== undefined) throw new RuntimeError('invalid', `${this.#kind} entry ${JSON.stringify(entry.id)} refused: ${refusal}`);
    if (this.#entries.has(entry.id)) throw new RuntimeError('conflict', `${this.#kind} ${JSON.stringify(entry.id)} is already live`);
    this.#entries.set(entry.id, entry);
    let detached = false;
    const detach: Detach = () => {
      if (detached) return;
      const deferred = this.#announcing.get(entry);
      if (deferred !== undefined) {
        deferred.push(detach);
        return;
      }
      detached = true;
      if (this.#entries.get(entry.id) === entry) this.#entries.delete(entry.id);
    };
    return detach;
  }

  /**
   * Runs the created dispatch of `entry` (AIK-EVENT-002: at most once per entry object); detaches
   * requested meanwhile take effect when it unwinds, also when it throws.
   */
  announce(entry: E, dispatch: () => void): void {
    if (this.#announced.has(entry)) throw new RuntimeError('invalid', `${this.#kind} entry ${JSON.stringify(entry.id)} was already announced`);
    this.#announced.add(entry);
    const deferred: Detach[] = [];
    this.#announcing.set(entry, deferred);
    try {
      dispatch();
    } finally {
      this.#announcing.delete(entry);
      for (const detach of deferred) detach();
    }
  }
}
