import { mutant } from './_support/mutant.js';

/** resume copies the stored record under a freshly minted id and publishes that. */
export default mutant({
  name: 'resume-mints-new-id',
  defect: 'resume loads the record, re-files it under a newly minted id and publishes the new id',
  requirements: ['AIK-RESUME-001'],
  clauses: ['AIK-RESUME-001.c1'],
  inject: (inner, env) => ({
    async resume(input) {
      const record = env.store === undefined || inner.getAgent(input.resumeSessionId) !== undefined ? undefined : await env.store.load(input.resumeSessionId);
      if (record === undefined) return inner.resume(input);
      const fresh = env.ids();
      await env.store!.put({ header: { ...record.header, id: fresh }, events: record.events });
      return inner.resume({ ...input, resumeSessionId: fresh });
    },
  }),
});
