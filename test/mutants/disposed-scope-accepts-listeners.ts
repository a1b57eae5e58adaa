import { mutant } from './_support/mutant.js';

/** A scope keeps taking listeners after its disposal: `on()` checks nothing once the agent is gone. */
export default mutant({
  name: 'disposed-scope-accepts-listeners',
  defect: "a disposed agent's context still accepts scoped listeners (they are never called) instead of failing with inactive",
  requirements: ['AIK-QUIESCE-004'],
  clauses: ['AIK-QUIESCE-004.c6'],
  inject: (inner) => ({
    listen(plan, target) {
      const outcome = inner.listen(plan, target);
      return target !== undefined && !outcome.ok && inner.classifyError(outcome.error, { op: 'listen' }) === 'inactive' ? { ok: true } : outcome;
    },
  }),
});
