import type { Outcome } from '../../src/contract/adapter.js';
import { mutant } from './_support/mutant.js';

/** A second dispose during teardown returns at once instead of joining the teardown. */
export default mutant({
  name: 'dispose-not-memoized',
  defect: 'dispose guards with a `disposing` flag and returns early instead of returning the one teardown promise',
  requirements: ['AIK-QUIESCE-001', 'AIK-DETACH-001'],
  clauses: ['AIK-QUIESCE-001.c1', 'AIK-DETACH-001.c1'],
  inject(inner) {
    const disposing = new Set<string>();
    return {
      async dispose(handle): Promise<Outcome> {
        if (disposing.has(handle)) return { ok: true };
        disposing.add(handle);
        return inner.dispose(handle);
      },
    };
  },
});
