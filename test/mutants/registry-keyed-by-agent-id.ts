import { mutant } from './_support/mutant.js';

/** The agent registry files each agent under an agent id of its own instead of its session id. */
export default mutant({
  name: 'registry-keyed-by-agent-id',
  defect: 'the agent registry is keyed by a separately minted agent id, not the session id',
  requirements: ['AIK-ID-001'],
  clauses: ['AIK-ID-001.c1'],
  inject(inner) {
    const keys = new Map<string, string>();
    const keyOf = (token: string): string => {
      let key = keys.get(token);
      if (key === undefined) {
        key = `agent-key-${keys.size + 1}`;
        keys.set(token, key);
      }
      return key;
    };
    return {
      agents: () => inner.agents().map((entry) => ({ ...entry, id: keyOf(entry.token) })),
      getAgent: (id) => inner.agents().find((entry) => keyOf(entry.token) === id)?.token,
    };
  },
});
