import type { StoredEvent } from '../../src/contract/durable-store.js';
import { mutant, passThrough } from './_support/mutant.js';

/** Appends are buffered in memory and written only by a flush: what no flush wrote is lost. */
export default mutant({
  name: 'shutdown-drops-buffered-appends',
  defect: 'appends are buffered per session and written on flush only; dispose and shutdown never drain the buffer',
  requirements: ['AIK-QUIESCE-005', 'AIK-DURABLE-002'],
  clauses: ['AIK-QUIESCE-005.c2', 'AIK-DURABLE-002.c1'],
  store: (store) => {
    const buffered = new Map<string, StoredEvent[]>();
    return {
      ...passThrough(store),
      async append(id, events) {
        buffered.set(id, [...(buffered.get(id) ?? []), ...events]);
      },
      async flush(id) {
        const events = buffered.get(id) ?? [];
        buffered.delete(id);
        if (events.length > 0) await store.append(id, events);
        await store.flush(id);
      },
    };
  },
});
