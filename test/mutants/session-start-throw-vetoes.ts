import type { ListenPlan } from '../../src/contract/adapter.js';
import { mutant } from './_support/mutant.js';

/** A throw from an agent/session-start listener rolls the creation back like a veto. */
export default mutant({
  name: 'session-start-throw-vetoes',
  defect: 'agent/session-start is dispatched with the vetoing dispatcher: a synchronous throw there disposes the new agent and rejects the creation',
  requirements: ['AIK-TXN-004'],
  clauses: ['AIK-TXN-004.c4'],
  inject(inner) {
    const armed: ListenPlan[] = [];
    return {
      listen(plan, target) {
        if (plan.event === 'agent/session-start' && plan.action === 'throw') armed.push(plan);
        return inner.listen(plan, target);
      },
      unlisten(name) {
        armed.splice(0, armed.length, ...armed.filter((plan) => plan.name !== name));
        inner.unlisten(name);
      },
      async create(input) {
        const outcome = await inner.create(input);
        const plan = armed.shift();
        if (!outcome.ok || plan === undefined) return outcome;
        await inner.dispose(outcome.handle);
        return { ok: false, error: plan.value };
      },
    };
  },
});
