import type { HandleToken, PlanOutcome } from '../../src/contract/adapter.js';
import { mutant } from './_support/mutant.js';

/**
 * A scope's guard reads a flag its disposal sets only when it completes: while the scope is
 * disposing (its children torn down, its cleanups running) it still takes listeners, never called.
 */
export default mutant({
  name: 'disposing-scope-accepts-listeners',
  defect: "an agent's context refuses scope operations only once its disposal completed, so a listener added while it disposes is accepted (and never called)",
  requirements: ['AIK-QUIESCE-004'],
  clauses: ['AIK-QUIESCE-004.c6'],
  inject(inner) {
    // The handle each targeted `listen` plan names, by plan name; the plan outcomes made while that handle's dispose was in flight.
    const targets = new Map<string, HandleToken>();
    const disposing = new Set<HandleToken>();
    const accepted = new Set<PlanOutcome>();
    const noteAccepted = () => {
      for (const outcome of inner.planOutcomes()) {
        const target = targets.get(outcome.plan);
        if (outcome.op === 'listen' && target !== undefined && disposing.has(target) && !outcome.outcome.ok && inner.classifyError(outcome.outcome.error, { op: 'listen' }) === 'inactive') accepted.add(outcome);
      }
    };
    return {
      listen(plan, target) {
        if (plan.action === 'listen' && plan.target !== undefined) targets.set(plan.name, plan.target);
        return inner.listen(plan, target);
      },
      async dispose(handle) {
        disposing.add(handle);
        const outcome = await inner.dispose(handle);
        // What was refused before this resolved was refused while the scope disposed; from now on it is disposed for good.
        noteAccepted();
        disposing.delete(handle);
        return outcome;
      },
      planOutcomes: () => inner.planOutcomes().map((outcome) => (accepted.has(outcome) ? { ...outcome, outcome: { ok: true } } : outcome)),
    };
  },
});
