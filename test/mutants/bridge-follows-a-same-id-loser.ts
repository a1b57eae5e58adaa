import type { AgentToken, HandleToken } from '../../src/contract/adapter.js';
import { mutant } from './_support/mutant.js';

/**
 * The bridge keeps its record's agent by id in a table every constructed agent writes itself into,
 * so a same-id creation that loses a race after the bridge opened re-points the record at the loser.
 */
export default mutant({
  name: 'bridge-follows-a-same-id-loser',
  defect: 'the bridge record holds the agent by id in a table a same-id race loser overwrites when it is built, so the published winner is no longer served',
  requirements: ['AIK-REMOTE-003'],
  clauses: ['AIK-REMOTE-003.c1'],
  inject(inner) {
    const ids = new Map<HandleToken, string>();
    // Ids a race loser was built under since the bridge opened for them.
    const repointed = new Set<string>();
    return {
      async create(input) {
        const live = inner.getAgent(input.sessionId) !== undefined || inner.getSession(input.sessionId) !== undefined;
        const outcome = await inner.create(input);
        if (outcome.ok) ids.set(outcome.handle, input.sessionId);
        else if (!live && inner.classifyError(outcome.error, { op: 'create' }) === 'conflict') repointed.add(input.sessionId);
        return outcome;
      },
      async bridgeOpen(handle) {
        const id = ids.get(handle);
        if (id !== undefined) repointed.delete(id);
        return inner.bridgeOpen!(handle);
      },
      bridgeServes(agent: AgentToken) {
        const id = inner.agents().find((entry) => entry.token === agent)?.id;
        return id !== undefined && repointed.has(id) ? false : inner.bridgeServes!(agent);
      },
    };
  },
});
