import { HandleIds } from './_support/handle-ids.js';
import { mutant } from './_support/mutant.js';

/** prompt resolves its agent by id, so a stale handle prompts whatever agent now has that id. */
export default mutant({
  name: 'stale-prompt-reaches-newer',
  defect: 'prompt(handle) runs a turn on the agent currently filed under handle.id instead of refusing a stale handle',
  requirements: ['AIK-DETACH-001'],
  clauses: ['AIK-DETACH-001.c3'],
  inject(inner) {
    const handles = new HandleIds(inner);
    const disposed = new Set<string>();
    return {
      ...handles.tracking(),
      async dispose(handle) {
        const outcome = await inner.dispose(handle);
        if (outcome.ok) disposed.add(handle);
        return outcome;
      },
      prompt: (handle) => inner.prompt(handles.byId(handle, disposed)),
    };
  },
});
