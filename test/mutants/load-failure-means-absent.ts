import { mutant, passThrough } from './_support/mutant.js';

/** Any failing load is read as "not persisted". */
export default mutant({
  name: 'load-failure-means-absent',
  defect: 'load is wrapped in `try { … } catch { return undefined }`: a store failure reads as not-found, so a config entry with an exact id creates instead of failing',
  requirements: ['AIK-CONFIG-003', 'AIK-TXN-003'],
  clauses: ['AIK-CONFIG-003.c2', 'AIK-TXN-003.c2'],
  store: (store) => ({ ...passThrough(store), load: (id) => store.load(id).catch(() => undefined) }),
});
