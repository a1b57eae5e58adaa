import { mutant, passThrough } from './_support/mutant.js';

/** flush awaits the issued writes but not the store's own flush outcome. */
export default mutant({
  name: 'store-flush-failure-ignored',
  defect: 'flush calls `store.flush(id)` without awaiting it, so a failing store flush resolves the barrier',
  requirements: ['AIK-DURABLE-001'],
  clauses: ['AIK-DURABLE-001.c4'],
  store: (store) => ({
    ...passThrough(store),
    flush: async (id) => {
      store.flush(id).catch(() => undefined);
    },
  }),
});
