import { HandleIds } from './_support/handle-ids.js';
import { mutant } from './_support/mutant.js';

/** dispose looks the agent up by id, so a stale handle disposes whatever agent now has that id. */
export default mutant({
  name: 'stale-handle-removes-newer',
  defect: 'dispose(handle) disposes the agent currently filed under handle.id instead of the handle’s own agent',
  requirements: ['AIK-DETACH-001'],
  clauses: ['AIK-DETACH-001.c2'],
  inject(inner) {
    const handles = new HandleIds(inner);
    const disposed = new Set<string>();
    return {
      ...handles.tracking(),
      async dispose(handle) {
        const id = handles.id(handle);
        const target = id !== undefined && inner.getAgent(id) !== undefined ? handles.byId(handle, disposed) : handle;
        const outcome = await inner.dispose(target);
        if (outcome.ok) disposed.add(target);
        return outcome;
      },
    };
  },
});
