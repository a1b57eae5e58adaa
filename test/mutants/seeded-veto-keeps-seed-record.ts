import { RECORDER } from '../../src/contract/adapter.js';
import { mutant } from './_support/mutant.js';

/** A seeded creation writes its seed when it announces, and a veto does not take the write back. */
export default mutant({
  name: 'seeded-veto-keeps-seed-record',
  defect: 'a seeded create puts { header, seed } once session/created is announced; the rollback of a veto leaves that record in the store',
  requirements: ['AIK-TXN-004', 'AIK-DURABLE-003'],
  clauses: ['AIK-TXN-004.c3', 'AIK-DURABLE-003.c2'],
  inject: (inner, env) => ({
    async create(input) {
      const heard = inner.events().length;
      const outcome = await inner.create(input);
      const announced = inner.events().slice(heard).some((event) => event.listener === RECORDER && event.type === 'session/created' && event.id === input.sessionId);
      if (!outcome.ok && announced && Array.isArray(input.seed) && env.store !== undefined) {
        await env.store.put({ header: { id: input.sessionId, createdAt: env.clock() }, events: input.seed });
      }
      return outcome;
    },
  }),
});
