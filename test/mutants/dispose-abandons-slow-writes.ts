import { HandleIds } from './_support/handle-ids.js';
import { mutant } from './_support/mutant.js';

/** dispose resolves once the agent is detached, without waiting for its write chain. */
export default mutant({
  name: 'dispose-abandons-slow-writes',
  defect: 'dispose awaits the turn and the detach but not the issued writes (`void writer.settle()`), so it resolves while a write still hangs',
  // Resolving at the detach, it does not wait for the scope's teardown either (a remote run still ending): AIK-QUIESCE-001.
  requirements: ['AIK-DURABLE-002', 'AIK-QUIESCE-001'],
  clauses: ['AIK-DURABLE-002.c3', 'AIK-QUIESCE-001.c1'],
  inject(inner) {
    const handles = new HandleIds(inner);
    return {
      ...handles.tracking(),
      async dispose(handle) {
        const id = handles.id(handle);
        const disposing = inner.dispose(handle);
        if (id === undefined || inner.getAgent(id) === undefined) return disposing;
        let settled = false;
        void disposing.then(() => (settled = true));
        while (!settled && (inner.getAgent(id) !== undefined || inner.getSession(id) !== undefined)) await new Promise((resolve) => setTimeout(resolve, 0));
        return { ok: true };
      },
    };
  },
});
