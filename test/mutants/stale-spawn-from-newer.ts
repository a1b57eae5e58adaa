import { HandleIds } from './_support/handle-ids.js';
import { mutant } from './_support/mutant.js';

/** spawn resolves its parent by id, so a stale handle spawns from whatever agent now has that id. */
export default mutant({
  name: 'stale-spawn-from-newer',
  defect: 'spawn(handle) looks the parent up with getAgent(handle.id), so a stale handle spawns a child of the newer agent with that id',
  requirements: ['AIK-DETACH-001', 'AIK-SUB-003'],
  clauses: ['AIK-SUB-003.c2'],
  inject(inner) {
    const handles = new HandleIds(inner);
    const disposed = new Set<string>();
    const tracking = handles.tracking();
    return {
      ...tracking,
      async dispose(handle) {
        const outcome = await inner.dispose(handle);
        if (outcome.ok) disposed.add(handle);
        return outcome;
      },
      spawn: (parent, input) => tracking.spawn(handles.byId(parent, disposed), input),
    };
  },
});
