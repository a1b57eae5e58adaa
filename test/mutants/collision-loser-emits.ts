import { RECORDER } from '../../src/contract/adapter.js';
import { EventOverlay } from './_support/event-overlay.js';
import { mutant } from './_support/mutant.js';

/** The loser of a creation race announces its session before it finds the id taken. */
export default mutant({
  name: 'collision-loser-emits',
  defect: 'session/created is dispatched before the collision check, so a creation that loses the race emits session/created and session/disposed',
  requirements: ['AIK-CONFLICT-001'],
  clauses: ['AIK-CONFLICT-001.c2'],
  inject(inner) {
    const overlay = new EventOverlay(inner);
    return {
      async create(input) {
        const liveBefore = inner.getAgent(input.sessionId) !== undefined || inner.getSession(input.sessionId) !== undefined;
        const outcome = await inner.create(input);
        if (!outcome.ok && !liveBefore && inner.classifyError(outcome.error, { op: 'create' }) === 'conflict') {
          const session = overlay.token('session');
          overlay.emit({ type: 'session/created', listener: RECORDER, subject: session, id: input.sessionId });
          overlay.emit({ type: 'session/disposed', listener: RECORDER, subject: session, id: input.sessionId });
        }
        return outcome;
      },
      events: () => overlay.events(),
    };
  },
});
