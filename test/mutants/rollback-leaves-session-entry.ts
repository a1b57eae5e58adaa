import type { Outcome, SessionEntry } from '../../src/contract/adapter.js';
import { RECORDER } from '../../src/contract/adapter.js';
import { RuntimeError } from '../../src/runtime/errors.js';
import { mutant } from './_support/mutant.js';

type Created = Outcome<{ readonly handle: string }>;

/**
 * The session entry is detached only when its agent is disposed: a creation rolled back before
 * its agent was announced (a session/created veto, a request during that dispatch) leaves it.
 */
export default mutant({
  name: 'rollback-leaves-session-entry',
  defect: 'rollback detaches the session entry in the agent/disposed path only, so a session rolled back before agent/created stays filed',
  // Only rollbacks after phase 7 show it: a veto at session/created, or a request during that dispatch (§4).
  requirements: ['AIK-TXN-003', 'AIK-TXN-007'],
  clauses: ['AIK-TXN-003.c3', 'AIK-TXN-007.c2'],
  inject(inner) {
    const ghosts = new Map<string, SessionEntry>();
    const remember = async (id: string, run: () => Promise<Created>): Promise<Created> => {
      // The left-over entry occupies the id: the next creation collides with it.
      if (ghosts.has(id)) return { ok: false, error: new RuntimeError('conflict', `session ${JSON.stringify(id)} is already live`) };
      const from = inner.events().length;
      const outcome = await run();
      if (outcome.ok) return outcome;
      const heard = inner.events().slice(from).filter((event) => event.listener === RECORDER && event.id === id);
      const created = heard.find((event) => event.type === 'session/created');
      if (created !== undefined && !heard.some((event) => event.type === 'agent/created')) {
        ghosts.set(id, { id, token: created.subject, header: { id, createdAt: 0 }, length: 0 });
      }
      return outcome;
    };
    return {
      create: (input) => remember(input.sessionId, () => inner.create(input)),
      resume: (input) => remember(input.resumeSessionId, () => inner.resume(input)),
      getSession: (id) => inner.getSession(id) ?? ghosts.get(id)?.token,
      sessions: () => [...inner.sessions(), ...ghosts.values()],
    };
  },
});
