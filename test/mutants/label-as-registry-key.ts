import { mutant } from './_support/mutant.js';

/** A configured agent without an exact id is filed under its label. */
export default mutant({
  name: 'label-as-registry-key',
  defect: 'a config entry without an exact id uses its label as the session id',
  // Two entries with one label, or a label equal to another entry's exact id, now name one id twice: a valid configuration is refused (AIK-CONFIG-002).
  requirements: ['AIK-CONFIG-001', 'AIK-CONFIG-002'],
  clauses: ['AIK-CONFIG-001.c1', 'AIK-CONFIG-002.c1'],
  config: (config) => ({
    agents: config.agents.map((entry) => (entry.sessionId === undefined && entry.resumeSessionId === undefined ? { ...entry, sessionId: entry.id } : entry)),
  }),
});
