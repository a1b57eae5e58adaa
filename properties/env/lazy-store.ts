import type { DurableRecord, DurableStore } from '../../src/contract/durable-store.js';

/** When a {@link lazyStore} store writes a session's record: at its first flush or append, or only at its first append. */
export type Materialization = 'at-first-flush' | 'at-first-append';

/**
 * A store through which nothing is written for a session that never appended an event (§2: such a
 * session "may or may not be persisted, also after a `flush` that resolved"): its record waits
 * until `when` — `at-first-flush` holds back only records without events (an unseeded session) and
 * writes them at the first flush or append of the id; `at-first-append` holds back every record
 * (seeded ones too: seeded events are history, not appended events) until the first append. A
 * later put of the id replaces what waits, and what waits is never read.
 */
export function lazyStore(store: DurableStore, when: Materialization): DurableStore {
  const waiting = new Map<string, DurableRecord>();
  const written = async (id: string): Promise<void> => {
    const record = waiting.get(id);
    if (record === undefined) return;
    waiting.delete(id);
    await store.put(record);
  };
  return {
    load: (id) => store.load(id),
    list: () => store.list(),
    put: async (record) => {
      if (when === 'at-first-flush' && record.events.length > 0) {
        waiting.delete(record.header.id);
        return store.put(record);
      }
      waiting.set(record.header.id, record);
    },
    append: async (id, events) => {
      await written(id);
      return store.append(id, events);
    },
    flush: async (id) => {
      if (when === 'at-first-flush') await written(id);
      return store.flush(id);
    },
  };
}
