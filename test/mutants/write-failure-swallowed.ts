import { mutant, passThrough } from './_support/mutant.js';

/** Writes are fire-and-forget with their errors dropped, so a failed write never reaches a flush. */
export default mutant({
  name: 'write-failure-swallowed',
  defect: 'put and append are issued as `store.append(...).catch(() => {})`: a failed write is lost and the next flush resolves',
  requirements: ['AIK-DURABLE-001'],
  clauses: ['AIK-DURABLE-001.c4'],
  store: (store) => ({
    ...passThrough(store),
    put: (record) => store.put(record).catch(() => undefined),
    append: (id, events) => store.append(id, events).catch(() => undefined),
  }),
});
