import type { EventType, ObservedEvent } from '../../../src/contract/adapter.js';
import { RECORDER } from '../../../src/contract/adapter.js';
import type { DrivenSystem } from '../../runner/driven-system.js';

/** What the adapter's own recorder heard, optionally only events whose subject id is `id`. */
export function recorded(system: DrivenSystem, id?: string): readonly ObservedEvent[] {
  return system.events().filter((event) => event.listener === RECORDER && (id === undefined || event.id === id));
}

/** The recorder's event types for subject id `id`, in order. */
export function typesOf(system: DrivenSystem, id: string): readonly EventType[] {
  return recorded(system, id).map((event) => event.type);
}

/** The events a listener plan named `name` heard. */
export function heardBy(system: DrivenSystem, name: string): readonly ObservedEvent[] {
  return system.events().filter((event) => event.listener === name);
}

/** A comparable picture of the live registries (ids, tokens, headers, log lengths). */
export function registries(system: DrivenSystem): unknown {
  const byId = <T extends { id: string }>(entries: readonly T[]) => [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { agents: byId(system.agents()), sessions: byId(system.sessions()) };
}

/** The store operations that wrote under `id` (put or append). */
export function writesOf(calls: readonly { op: string; id: string }[], id: string): number {
  return calls.filter((call) => call.id === id && (call.op === 'put' || call.op === 'append')).length;
}

/** Watches `pending` without creating a promise that could reject unhandled; `settled()` tells whether it settled. */
export function watchSettled(pending: Promise<unknown>): { readonly settled: () => boolean } {
  let settled = false;
  const mark = () => {
    settled = true;
  };
  pending.then(mark, mark);
  return { settled: () => settled };
}
