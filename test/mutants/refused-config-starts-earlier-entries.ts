import type { Mutant } from './_support/mutant.js';
import { mutant } from './_support/mutant.js';

const base = mutant({
  name: 'refused-config-starts-earlier-entries',
  defect: 'configuration entries are validated one by one as they start: an invalid entry refuses the configuration after earlier exact-id entries were created (and then disposed)',
  requirements: ['AIK-CONFIG-002'],
  clauses: ['AIK-CONFIG-002.c2'],
});

/** Validation happens entry by entry: entries before the invalid one already started and announced. */
export default {
  ...base,
  adapter: async (env, options) => {
    const system = await base.adapter(env, options);
    if (system.configResults().ok) return system;
    for (const entry of options.config?.agents ?? []) {
      if (entry.sessionId === undefined || entry.sessionId === '' || entry.resumeSessionId !== undefined) break;
      const made = await system.create({ sessionId: entry.sessionId });
      if (made.ok) await system.dispose(made.handle);
    }
    return system;
  },
} satisfies Mutant;
