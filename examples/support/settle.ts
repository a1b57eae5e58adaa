import type { Outcome } from '../../src/contract/adapter.js';

/** Turns a promise (or a synchronous throw of `run`) into the kit's never-rejecting {@link Outcome}. */
export async function settle<T extends object>(run: () => Promise<T> | T): Promise<Outcome<T>> {
  try {
    return { ok: true, ...(await run()) };
  } catch (error) {
    return { ok: false, error };
  }
}
