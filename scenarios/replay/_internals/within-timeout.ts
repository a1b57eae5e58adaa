import type { Outcome } from '../../../src/contract/adapter.js';
import { AdapterFailure } from '../../../properties/runner/adapter-failure.js';

/** `pending`, or an adapter failure (`hang`) once `timeoutMs` passed, or (`throw`) when it rejects instead of resolving to an outcome. */
export async function withinTimeout(pending: Promise<Outcome>, timeoutMs: number, line: string): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const settled = await Promise.race([pending, timeout]);
    if (settled === 'timeout') throw new AdapterFailure('hang', `adapter: ${line} did not settle within ${timeoutMs} ms`);
    return settled;
  } catch (error) {
    if (error instanceof AdapterFailure) throw error;
    throw new AdapterFailure('throw', `adapter: ${line} threw ${error instanceof Error ? error.message : String(error)} instead of resolving to an outcome`);
  } finally {
    clearTimeout(timer);
  }
}
