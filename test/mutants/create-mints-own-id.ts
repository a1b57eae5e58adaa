import { mutant } from './_support/mutant.js';

/** create ignores the given id and publishes one it mints. */
export default mutant({
  name: 'create-mints-own-id',
  defect: 'create mints a fresh id from the id source and publishes under it, ignoring sessionId',
  requirements: ['AIK-CREATE-001'],
  clauses: ['AIK-CREATE-001.c1'],
  inject: (inner, env) => ({
    // An empty id is still refused at admission, before anything is minted.
    create: (input) => inner.create({ ...input, sessionId: input.sessionId === '' ? '' : env.ids() }),
  }),
});
