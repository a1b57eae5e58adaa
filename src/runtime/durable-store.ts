import type { DurableRecord, DurableStore, StoredEvent } from '../contract/durable-store.js';

export type { DurableRecord, DurableStore, StoredEvent, StoredHeader } from '../contract/durable-store.js';

/**
 * An in-memory durable store that outlives the runtimes using it: the restart model is "a new
 * runtime over the same store object". Records are copied in and out, so no caller can alter
 * what is stored except through the store's operations.
 */
export function createMemoryStore(initial: readonly DurableRecord[] = []): DurableStore {
  const records = new Map<string, DurableRecord>();
  for (const record of initial) records.set(record.header.id, structuredClone(record));
  return {
    async load(id) {
      const record = records.get(id);
      return record === undefined ? undefined : structuredClone(record);
    },
    async put(record) {
      records.set(record.header.id, structuredClone(record));
    },
    async append(id, events: readonly StoredEvent[]) {
      const record = records.get(id);
      if (record === undefined) throw new Error(`memory store: append to ${JSON.stringify(id)}, which has no record`);
      records.set(id, { header: record.header, events: [...record.events, ...structuredClone(events)] });
    },
    async list() {
      return [...records.keys()];
    },
    async flush() {
      // Memory is as durable as this store gets: every completed write is already visible.
    },
  };
}
