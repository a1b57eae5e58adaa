import { RECORDER } from '../../src/contract/adapter.js';
import { EventOverlay } from './_support/event-overlay.js';
import { mutant } from './_support/mutant.js';

/** Rollback emits agent/disposed whenever it emits session/disposed, announced or not. */
export default mutant({
  name: 'veto-emits-agent-disposed',
  defect: 'rollback always emits agent/disposed before session/disposed, also when agent/created never began (a session/created veto)',
  requirements: ['AIK-TXN-004'],
  clauses: ['AIK-TXN-004.c1'],
  inject(inner) {
    const overlay = new EventOverlay(inner);
    const agents = new Map<string, string>();
    return {
      events() {
        const heard = inner.events();
        heard.forEach((event, index) => {
          if (event.listener !== RECORDER || event.type !== 'session/disposed') return;
          const announced = heard.slice(0, index).some((earlier) => earlier.listener === RECORDER && earlier.type === 'agent/created' && earlier.session === event.subject);
          if (announced) return;
          const agent = agents.get(event.subject) ?? overlay.token('agent');
          agents.set(event.subject, agent);
          overlay.emitBefore(index, { type: 'agent/disposed', listener: RECORDER, subject: agent, id: event.id, session: event.subject });
        });
        return overlay.events();
      },
    };
  },
});
