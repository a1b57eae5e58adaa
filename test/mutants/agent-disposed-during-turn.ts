import { RECORDER, type HandleToken, type ObservedEvent } from '../../src/contract/adapter.js';
import { EventOverlay } from './_support/event-overlay.js';
import { mutant } from './_support/mutant.js';

/** dispose announces agent/disposed as it starts, before it cancels and awaits the turn in flight. */
export default mutant({
  name: 'agent-disposed-during-turn',
  defect: 'dispose emits agent/disposed first and only then cancels and awaits the in-flight turn',
  requirements: ['AIK-QUIESCE-002'],
  clauses: ['AIK-QUIESCE-002.c1'],
  inject(inner) {
    const overlay = new EventOverlay(inner);
    const ids = new Map<HandleToken, string>();
    // The agents whose agent/disposed the mutant announced early, and the announcements it made.
    const early = new Set<string>();
    const made = new Set<ObservedEvent>();
    const noted = <T extends { ok: boolean }>(outcome: T, id: string): T => {
      if (outcome.ok) ids.set((outcome as T & { handle: HandleToken }).handle, id);
      return outcome;
    };
    return {
      create: async (input) => noted(await inner.create(input), input.sessionId),
      resume: async (input) => noted(await inner.resume(input), input.resumeSessionId),
      async dispose(handle) {
        const id = ids.get(handle);
        const entry = id === undefined ? undefined : inner.agents().find((agent) => agent.id === id);
        if (entry !== undefined && !early.has(entry.token)) {
          const event: ObservedEvent = { type: 'agent/disposed', listener: RECORDER, subject: entry.token, id: entry.id, session: entry.session.token };
          early.add(entry.token);
          made.add(event);
          overlay.emit(event);
        }
        return inner.dispose(handle);
      },
      // The reference's own agent/disposed of an agent announced early is not heard again.
      events: () => overlay.events().filter((event) => made.has(event) || !(event.listener === RECORDER && event.type === 'agent/disposed' && early.has(event.subject))),
    };
  },
});
