import { mutant } from './_support/mutant.js';

/** A configured agent without an exact id is filed under its label. */
export default mutant({
  name: 'label-as-registry-key',
  defect: 'a config entry without an exact id uses its label as the session id',
  requirements: ['AIK-CONFIG-001'],
  clauses: ['AIK-CONFIG-001.c1'],
  config: (config) => ({
    agents: config.agents.map((entry) => (entry.sessionId === undefined && entry.resumeSessionId === undefined ? { ...entry, sessionId: entry.id } : entry)),
  }),
});
