import type { DurableRecord, DurableStore } from '../../../src/contract/durable-store.js';

/**
 * `store` with records planted under chosen keys: a load of a planted key answers its record
 * (also when the header names another id), until something is written under that key; every
 * other call goes to `store`, faults included.
 */
export function plantedStore(store: DurableStore, planted: { readonly [key: string]: DurableRecord }): DurableStore {
  const records = new Map(Object.entries(planted));
  return {
    load: (id) => {
      const record = records.get(id);
      return record === undefined ? store.load(id) : Promise.resolve(structuredClone(record));
    },
    put: (record) => {
      records.delete(record.header.id);
      return store.put(record);
    },
    append: (id, events) => store.append(id, events),
    list: async () => [...new Set([...records.keys(), ...(await store.list())])],
    flush: (id) => store.flush(id),
  };
}
