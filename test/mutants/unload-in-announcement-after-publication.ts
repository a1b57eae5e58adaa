import type { ListenPlan } from '../../src/contract/adapter.js';
import { mutant } from './_support/mutant.js';

/**
 * An owner unload requested by a listener during a creation's announcement is queued behind the
 * creation: publication goes on, the creation resolves, and the teardown lands only afterwards.
 */
export default mutant({
  name: 'unload-in-announcement-after-publication',
  defect: 'an owner unload requested during an announcement runs only once the creation resolved: the later announcements fire and the creation is published, then torn down',
  requirements: ['AIK-DETACH-002', 'AIK-TXN-007'],
  clauses: ['AIK-DETACH-002.c1', 'AIK-TXN-007.c5'],
  inject(inner) {
    const deferred: ListenPlan[] = [];
    return {
      listen(plan, target) {
        if (plan.action !== 'unload') return inner.listen(plan, target);
        deferred.push(plan);
        return inner.listen({ ...plan, action: 'record' }, target);
      },
      async create(input) {
        const heard = inner.events().length;
        const outcome = await inner.create(input);
        // The queued unloads of the listeners that heard this creation run now, after it resolved.
        const fired = new Set(inner.events().slice(heard).map((event) => event.listener));
        for (const plan of deferred.filter((candidate) => fired.has(candidate.name))) void inner.unload(plan.value as string);
        return outcome;
      },
    };
  },
});
