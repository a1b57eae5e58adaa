import type { Outcome } from '../contract/adapter.js';

/**
 * Turns a call into the kit's never-rejecting {@link Outcome}: a result (or a synchronous throw,
 * or a rejection) becomes `{ ok: true, …map(result) }` or `{ ok: false, error }` with the failure
 * value exactly as thrown, so injected values keep their identity.
 *
 * @example settle(() => handle.prompt())                                   // Outcome
 * @example settle(() => harness.create(request), (h) => ({ handle: handles.token(h) }))
 */
export async function settle<R, T extends object = Record<never, never>>(run: () => R | PromiseLike<R>, map?: (result: R) => T): Promise<Outcome<T>> {
  try {
    const result = await run();
    return { ok: true, ...(map === undefined ? ({} as T) : map(result)) };
  } catch (error) {
    return { ok: false, error };
  }
}
