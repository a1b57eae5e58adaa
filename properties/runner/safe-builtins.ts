/**
 * Safe copies of the built-ins the engine records its findings with (fast-check's `globals`
 * approach). The engine shares its process with adapter code and `--import` preloads, which may
 * replace a built-in with one that answers the known-answer probes of intact-builtins.ts right and
 * lies elsewhere: an `Array.prototype.push` that drops a failed sub-case would turn a failing check
 * into a pass. This module takes its copies when it is first loaded, which the worker
 * (src/supervisor/adapter-worker.mjs) makes happen before any foreign code runs; the engine's
 * verdict-relevant code (what records a failure, what decides that a check found none) uses them.
 */

const apply = Reflect.apply;
const push = Array.prototype.push;

/** Appends `item` to `list` with the built-in `push` as it was before foreign code ran. */
export function safePush<T>(list: T[], item: T): void {
  apply(push, list, [item]);
}

/** A new array of the items of `lists`, in order, read by index (no iterator foreign code could replace). */
export function safeConcat<T>(...lists: readonly (readonly T[])[]): T[] {
  const all: T[] = [];
  for (let list = 0; list < lists.length; list += 1) {
    const items = lists[list] as readonly T[];
    for (let index = 0; index < items.length; index += 1) safePush(all, items[index] as T);
  }
  return all;
}
