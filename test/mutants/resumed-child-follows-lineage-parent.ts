import { HandleIds } from './_support/handle-ids.js';
import { mutant } from './_support/mutant.js';

/** A resumed session with a parentSession is re-attached to that parent if it is live. */
export default mutant({
  name: 'resumed-child-follows-lineage-parent',
  defect: 'resume re-parents a session under the live agent named by its parentSession, so disposing that agent disposes the resumed one',
  requirements: ['AIK-SUB-004'],
  clauses: ['AIK-SUB-004.c2'],
  inject(inner) {
    const handles = new HandleIds(inner);
    const tracking = handles.tracking();
    const adopted = new Map<string, string[]>();
    return {
      ...tracking,
      async resume(input) {
        const outcome = await tracking.resume(input);
        const parent = outcome.ok ? inner.sessions().find((entry) => entry.id === input.resumeSessionId)?.header.parentSession : undefined;
        if (outcome.ok && parent !== undefined && inner.getAgent(parent) !== undefined) adopted.set(parent, [...(adopted.get(parent) ?? []), outcome.handle]);
        return outcome;
      },
      async dispose(handle) {
        const id = handles.id(handle);
        const outcome = await inner.dispose(handle);
        for (const child of id === undefined ? [] : (adopted.get(id) ?? [])) await inner.dispose(child);
        if (id !== undefined) adopted.delete(id);
        return outcome;
      },
    };
  },
});
