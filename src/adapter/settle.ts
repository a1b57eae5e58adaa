import type { Outcome } from '../contract/adapter.js';
import { misuse } from './misuse.js';

/**
 * Turns a call into the kit's never-rejecting {@link Outcome}: a result (or a synchronous throw,
 * or a rejection) becomes `{ ok: true, …map(result) }` or `{ ok: false, error }` with the failure
 * value exactly as thrown, so injected values keep their identity.
 *
 * Without `map` the result is dropped: that is for operations whose outcome carries nothing
 * (`prompt`, `dispose`, `flush`, …), and its type, `Outcome`, is not one a creation may return.
 * A creation maps its result to the fields it owes (`handle`, `id`, `runId`). A `run` or `map`
 * that is not a function throws a `TypeError` naming `settle`; a `map` that throws rejects (the
 * adapter failing), where a failure of `run` is the implementation's and resolves to `ok: false`.
 *
 * @example settle(() => handle.prompt())                                   // Outcome
 * @example settle(() => harness.create(request), (h) => ({ handle: handles.token(h) }))
 */
export function settle(run: () => unknown): Promise<Outcome>;
export function settle<R, T extends object>(run: () => R | PromiseLike<R>, map: (result: R) => T): Promise<Outcome<T>>;
export function settle<R, T extends object>(run: () => R | PromiseLike<R>, map?: (result: R) => T): Promise<Outcome<T> | Outcome> {
  if (typeof run !== 'function') throw misuse('settle(run, map?)', 'run must be a function that calls the implementation', run);
  if (map !== undefined && typeof map !== 'function') throw misuse('settle(run, map?)', 'map must be a function from the result to the outcome fields', map);
  return (async () => {
    let result: R;
    try {
      result = await run();
    } catch (error) {
      return { ok: false as const, error };
    }
    // Outside the try: a throwing map is the adapter's own failure (the kit reports it so), not the implementation's.
    return { ok: true as const, ...(map === undefined ? {} : map(result)) };
  })();
}
