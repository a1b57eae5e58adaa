import type { ListenPlan } from '../../src/contract/adapter.js';
import { HandleIds } from './_support/handle-ids.js';
import { mutant } from './_support/mutant.js';

/** Scoped listeners are filed by agent id, so they also hear a newer agent with the same id. */
export default mutant({
  name: 'scoped-listener-matched-by-id',
  defect: 'scoped listeners are kept in a map keyed by agent id and survive their agent, hearing the next agent created under that id',
  requirements: ['AIK-EVENT-004'],
  clauses: ['AIK-EVENT-004.c1'],
  inject(inner) {
    const handles = new HandleIds(inner);
    const byId = new Map<string, ListenPlan[]>();
    const file = (id: string | undefined, plan: ListenPlan | undefined): void => {
      if (id !== undefined && plan !== undefined) byId.set(id, [...(byId.get(id) ?? []), plan]);
    };
    const tracked = handles.tracking({
      async create(input) {
        const outcome = await inner.create(input);
        if (outcome.ok) {
          for (const plan of byId.get(input.sessionId) ?? []) inner.listen(plan, outcome.handle);
          file(input.sessionId, input.setup?.listen);
        }
        return outcome;
      },
      async resume(input) {
        const outcome = await inner.resume(input);
        if (outcome.ok) {
          for (const plan of byId.get(input.resumeSessionId) ?? []) inner.listen(plan, outcome.handle);
          file(input.resumeSessionId, input.setup?.listen);
        }
        return outcome;
      },
      spawn: (parent, input) => inner.spawn(parent, input),
      restart: (options) => inner.restart(options),
    });
    return {
      ...tracked,
      listen(plan, target) {
        const outcome = inner.listen(plan, target);
        if (outcome.ok && target !== undefined) file(handles.id(target), plan);
        return outcome;
      },
    };
  },
});
