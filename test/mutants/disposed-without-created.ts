import type { CreateInput, Outcome, ResumeInput } from '../../src/contract/adapter.js';
import { RECORDER } from '../../src/contract/adapter.js';
import { EventOverlay } from './_support/event-overlay.js';
import { mutant } from './_support/mutant.js';

type Created = Outcome<{ readonly handle: string }>;

/** Every rollback past preparation emits session/disposed, even when session/created never fired. */
export default mutant({
  name: 'disposed-without-created',
  defect: 'rollback emits session/disposed unconditionally, also for a creation that failed before its announcement (setup or store fault, abort)',
  requirements: ['AIK-EVENT-001'],
  clauses: ['AIK-EVENT-001.c1'],
  inject(inner) {
    const overlay = new EventOverlay(inner);
    const rollback = async (id: string, op: 'create' | 'resume', run: () => Promise<Created>): Promise<Created> => {
      const from = inner.events().length;
      const outcome = await run();
      if (outcome.ok) return outcome;
      const code = inner.classifyError(outcome.error, { op });
      const announced = inner.events().slice(from).some((event) => event.listener === RECORDER && event.type === 'session/created' && event.id === id);
      // Failures at admission, live check or preparation never reach the rollback.
      if (!announced && code !== 'invalid' && code !== 'conflict' && code !== 'not-found') {
        overlay.emit({ type: 'session/disposed', listener: RECORDER, subject: overlay.token('session'), id });
      }
      return outcome;
    };
    return {
      create: (input: CreateInput) => rollback(input.sessionId, 'create', () => inner.create(input)),
      resume: (input: ResumeInput) => rollback(input.resumeSessionId, 'resume', () => inner.resume(input)),
      events: () => overlay.events(),
    };
  },
});
