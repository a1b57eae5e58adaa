import { mutant } from './_support/mutant.js';

/** A child run gets an id minted apart from the child's session id. */
export default mutant({
  name: 'child-mints-two-ids',
  defect: 'spawn mints the run’s id and the child session’s id separately, so the run id is not the child agent id',
  requirements: ['AIK-SUB-001'],
  clauses: ['AIK-SUB-001.c2'],
  inject: (inner, env) => ({
    async spawn(parent, input) {
      const run = await inner.spawn(parent, input);
      return run.ok ? { ...run, id: env.ids() } : run;
    },
  }),
});
