import type { DurableRecord, DurableStore, StoredEvent } from '../../src/contract/durable-store.js';
import { mutant } from './_support/mutant.js';

/** The store as the defect uses it: every put is remembered by id until it settles. */
class WatchedPuts implements DurableStore {
  readonly #store: DurableStore;
  readonly puts = new Map<string, Promise<void>>();

  constructor(store: DurableStore) {
    this.#store = store;
  }

  load(id: string) {
    return this.#store.load(id);
  }

  list() {
    return this.#store.list();
  }

  flush(id: string) {
    return this.#store.flush(id);
  }

  append(id: string, events: readonly StoredEvent[]) {
    return this.#store.append(id, events);
  }

  put(record: DurableRecord) {
    const settled = this.#store.put(record);
    this.puts.set(record.header.id, settled);
    return settled;
  }
}

/** The creation waits for the new session's first write and rolls back when it fails. */
export default mutant({
  name: 'creation-awaits-first-write',
  defect: 'create awaits the put of the new record before returning the handle, and disposes the agent and rejects when that put fails',
  requirements: ['AIK-DURABLE-001'],
  clauses: ['AIK-DURABLE-001.c2', 'AIK-DURABLE-001.c3', 'AIK-DURABLE-001.c5'],
  store: (store) => new WatchedPuts(store),
  inject(inner, env) {
    const store = env.store as WatchedPuts | undefined;
    return {
      async create(input) {
        const outcome = await inner.create(input);
        if (!outcome.ok || store === undefined) return outcome;
        // The reference issues the put on the write chain: let it be issued, then wait for it.
        await new Promise((resolve) => setTimeout(resolve, 0));
        try {
          await store.puts.get(input.sessionId);
        } catch (error) {
          await inner.dispose(outcome.handle);
          return { ok: false, error };
        }
        return outcome;
      },
    };
  },
});
