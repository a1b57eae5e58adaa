import type { ListenPlan, ObservedEvent } from '../../src/contract/adapter.js';
import { mutant } from './_support/mutant.js';

/** Dispatch iterates the live listener list, so a listener added by a listener hears the dispatch that added it. */
export default mutant({
  name: 'listener-added-in-dispatch-hears-it',
  defect: 'dispatch walks the listener array while listeners add to it (no snapshot), so a listener added during a dispatch hears that dispatch',
  requirements: ['AIK-TXN-004'],
  clauses: ['AIK-TXN-004.c6'],
  inject(inner) {
    // The plans each `listen`-action plan installs, by the adding plan's name.
    const adds = new Map<string, ListenPlan>();
    return {
      listen(plan, target) {
        if (plan.action === 'listen') adds.set(plan.name, plan.value as ListenPlan);
        return inner.listen(plan, target);
      },
      events: (): readonly ObservedEvent[] => {
        const acted = new Set<string>();
        return inner.events().flatMap((event) => {
          const added = adds.get(event.listener);
          if (added === undefined || acted.has(event.listener)) return [event];
          acted.add(event.listener);
          return added.event === '*' || added.event === event.type ? [event, { ...event, listener: added.name }] : [event];
        });
      },
    };
  },
});
