import { mutant } from './_support/mutant.js';

/** create reads the store before it checks the live registries. */
export default mutant({
  name: 'live-create-reads-store',
  defect: 'create loads the id from the store (phase 3) before the live check (phase 2), so a create on a live id reads the store',
  requirements: ['AIK-CREATE-002'],
  clauses: ['AIK-CREATE-002.c3'],
  inject: (inner, env) => ({
    async create(input) {
      if (input.sessionId !== '' && inner.getAgent(input.sessionId) !== undefined) await env.store?.load(input.sessionId).catch(() => undefined);
      return inner.create(input);
    },
  }),
});
