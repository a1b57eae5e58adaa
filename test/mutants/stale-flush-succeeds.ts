import { mutant } from './_support/mutant.js';

/** flush on a disposed handle answers from the settled write chain instead of refusing. */
export default mutant({
  name: 'stale-flush-succeeds',
  defect: 'flush(handle) of a disposed agent resolves (its writes are settled) instead of failing inactive',
  requirements: ['AIK-DETACH-001'],
  clauses: ['AIK-DETACH-001.c4'],
  inject(inner) {
    const disposed = new Set<string>();
    return {
      async dispose(handle) {
        const outcome = await inner.dispose(handle);
        if (outcome.ok) disposed.add(handle);
        return outcome;
      },
      async flush(handle) {
        return disposed.has(handle) ? { ok: true } : inner.flush(handle);
      },
    };
  },
});
