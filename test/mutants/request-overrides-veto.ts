import type { ListenPlan } from '../../src/contract/adapter.js';
import { mutant } from './_support/mutant.js';

/** An abort requested during a dispatch wins over a veto thrown later in the same dispatch. */
export default mutant({
  name: 'request-overrides-veto',
  defect: "the creation's abort handler records the abort reason and rejects with it even when a later listener of the same dispatch vetoed",
  requirements: ['AIK-TXN-007'],
  clauses: ['AIK-TXN-007.c6'],
  inject(inner) {
    const aborters: ListenPlan[] = [];
    return {
      listen(plan, target) {
        if (plan.action === 'abort') aborters.push(plan);
        return inner.listen(plan, target);
      },
      async create(input) {
        const outcome = await inner.create(input);
        const signal = input.signal;
        if (outcome.ok || signal === undefined || signal.at !== 'listener' || outcome.error === signal.reason) return outcome;
        const aborted = aborters.some((plan) => plan.value === signal.name);
        const vetoed = inner.classifyError(outcome.error, { op: 'create' }) === 'unknown';
        return aborted && vetoed ? { ok: false, error: signal.reason } : outcome;
      },
    };
  },
});
