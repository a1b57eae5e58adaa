import { RECORDER } from '../../src/contract/adapter.js';
import { mutant } from './_support/mutant.js';

/** resume appends its bookkeeping event as soon as it announces, and a veto does not take it back. */
export default mutant({
  name: 'vetoed-resume-appends-bookkeeping',
  defect: 'resume appends a `tool` bookkeeping event to the stored record when session/created is announced; a vetoed resume leaves it there',
  requirements: ['AIK-TXN-004'],
  clauses: ['AIK-TXN-004.c3'],
  inject: (inner, env) => ({
    async resume(input) {
      const heard = inner.events().length;
      const outcome = await inner.resume(input);
      const announced = inner.events().slice(heard).some((event) => event.listener === RECORDER && event.type === 'session/created' && event.id === input.resumeSessionId);
      const store = env.store;
      const stored = !outcome.ok && announced && store !== undefined ? await store.load(input.resumeSessionId) : undefined;
      if (store !== undefined && stored !== undefined) await store.append(input.resumeSessionId, [{ seq: stored.events.length, kind: 'tool', data: 'resumed' }]);
      return outcome;
    },
  }),
});
