import type { ListenPlan } from '../../src/contract/adapter.js';
import { mutant } from './_support/mutant.js';

/** A listener failure during the rollback replaces the creation's original rejection. */
export default mutant({
  name: 'rollback-failure-replaces-rejection',
  defect: 'rollback runs in a try/finally whose disposed dispatch rethrows the first listener failure, replacing the veto the creation should reject with',
  requirements: ['AIK-TXN-003'],
  clauses: ['AIK-TXN-003.c5'],
  inject(inner) {
    const throwing: ListenPlan[] = [];
    const replaced = async <T extends { ok: boolean }>(outcome: T, heard: number): Promise<T> => {
      if (outcome.ok) return outcome;
      const during = inner.events().slice(heard);
      const failure = throwing.find((plan) => during.some((event) => event.listener === plan.name));
      return failure === undefined ? outcome : ({ ok: false, error: failure.value } as unknown as T);
    };
    return {
      listen(plan, target) {
        if ((plan.event === 'agent/disposed' || plan.event === 'session/disposed') && plan.action === 'throw') throwing.push(plan);
        return inner.listen(plan, target);
      },
      async create(input) {
        const heard = inner.events().length;
        return replaced(await inner.create(input), heard);
      },
      async resume(input) {
        const heard = inner.events().length;
        return replaced(await inner.resume(input), heard);
      },
    };
  },
});
