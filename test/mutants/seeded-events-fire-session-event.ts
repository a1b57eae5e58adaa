import { RECORDER, type ListenPlan } from '../../src/contract/adapter.js';
import { EventOverlay } from './_support/event-overlay.js';
import { mutant } from './_support/mutant.js';

/** Seeding replays the seed through the append path, so every seeded event fires session/event. */
export default mutant({
  name: 'seeded-events-fire-session-event',
  defect: 'create seeds the log by appending each seed event after publication, firing session/event for history',
  requirements: ['AIK-EVENT-005'],
  clauses: ['AIK-EVENT-005.c2'],
  inject(inner) {
    const overlay = new EventOverlay(inner);
    const listeners: ListenPlan[] = [];
    return {
      listen(plan, target) {
        if (target === undefined && (plan.event === 'session/event' || plan.event === '*')) listeners.push(plan);
        return inner.listen(plan, target);
      },
      async create(input) {
        const outcome = await inner.create(input);
        const session = outcome.ok ? inner.sessions().find((entry) => entry.id === input.sessionId) : undefined;
        if (session !== undefined && Array.isArray(input.seed)) {
          const snapshot = { agents: inner.agents(), sessions: inner.sessions() };
          for (const event of input.seed as { seq: number; kind: string }[]) {
            for (const listener of [RECORDER, ...listeners.map((plan) => plan.name)]) {
              overlay.emit({ type: 'session/event', listener, subject: session.token, id: session.id, event: { seq: event.seq, kind: event.kind }, ...(listener === RECORDER ? {} : { snapshot }) });
            }
          }
        }
        return outcome;
      },
      events: () => overlay.events(),
    };
  },
});
