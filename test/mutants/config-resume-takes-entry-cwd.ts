import type { ConfigInput } from '../../src/contract/adapter.js';
import { mutant } from './_support/mutant.js';

/** A configured resume overwrites the stored cwd with the entry's. */
export default mutant({
  name: 'config-resume-takes-entry-cwd',
  defect: "a configuration entry that resumes its exact id applies the entry's cwd to the resumed header (config wins over storage)",
  requirements: ['AIK-CONFIG-003'],
  clauses: ['AIK-CONFIG-003.c3'],
  inject(inner) {
    let config: ConfigInput | undefined;
    const cwdOf = (id: string) => config?.agents.find((entry) => (entry.sessionId ?? entry.resumeSessionId) === id)?.cwd;
    const resumed = () => {
      const results = inner.configResults();
      return new Set(results.ok ? results.entries.flatMap((entry) => (entry.ok ? [entry.id] : [])) : []);
    };
    return {
      async restart(options) {
        config = options.config;
        return inner.restart(options);
      },
      sessions: () => {
        const configured = resumed();
        return inner.sessions().map((entry) => {
          const cwd = configured.has(entry.id) ? cwdOf(entry.id) : undefined;
          // Only a resumed entry (its createdAt predates the restart) differs: a created one has the entry's cwd anyway.
          return cwd === undefined || entry.header.cwd === undefined ? entry : { ...entry, header: { ...entry.header, cwd } };
        });
      },
    };
  },
});
