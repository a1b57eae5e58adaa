import type { StoredHeader } from '../../src/contract/durable-store.js';
import { HandleIds } from './_support/handle-ids.js';
import { mutant } from './_support/mutant.js';

/** A child's header is built from its parent's and keeps the parent's id. */
export default mutant({
  name: 'child-header-id-drifts',
  defect: "a spawned or forked child's header is spread from the parent's header, so its header id is the parent's",
  requirements: ['AIK-ID-001'],
  clauses: ['AIK-ID-001.c1'],
  inject(inner) {
    const handles = new HandleIds(inner);
    const tracked = handles.tracking();
    // child id → parent id, for every child spawned through this system
    const parents = new Map<string, string>();
    const drift = (id: string, header: StoredHeader): StoredHeader => {
      const parent = parents.get(id);
      return parent === undefined ? header : { ...header, id: parent };
    };
    return {
      ...tracked,
      async spawn(parent, input) {
        const run = await tracked.spawn(parent, input);
        const parentId = handles.id(parent);
        if (run.ok && parentId !== undefined) parents.set(run.id, parentId);
        return run;
      },
      agents: () =>
        inner.agents().map((entry) => {
          const parent = parents.get(entry.id);
          return parent === undefined ? entry : { ...entry, session: { ...entry.session, headerId: parent } };
        }),
      sessions: () => inner.sessions().map((entry) => ({ ...entry, header: drift(entry.id, entry.header) })),
    };
  },
});
