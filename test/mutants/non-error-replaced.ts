import type { Outcome } from '../../src/contract/adapter.js';
import { mutant } from './_support/mutant.js';

/** A creation rethrows non-Error failures wrapped in a new Error. */
export default mutant({
  name: 'non-error-replaced',
  defect: 'the creation normalises failures with `throw error instanceof Error ? error : new Error(String(error))`',
  requirements: ['AIK-TXN-006'],
  clauses: ['AIK-TXN-006.c1'],
  inject(inner) {
    const normalise = <T extends Outcome>(outcome: T): T | Outcome => (outcome.ok || outcome.error instanceof Error ? outcome : { ok: false, error: new Error(String(outcome.error)) });
    return {
      create: async (input) => normalise(await inner.create(input)) as Awaited<ReturnType<typeof inner.create>>,
      resume: async (input) => normalise(await inner.resume(input)) as Awaited<ReturnType<typeof inner.resume>>,
    };
  },
});
