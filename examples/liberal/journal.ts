import { IdTaken } from './faults.js';
import type { Header, LogEntry, Session } from './session.js';

/** The durable store as this runtime uses it; any call may throw or hang. */
export interface Store {
  load(id: string): Promise<unknown>;
  put(record: { readonly events: readonly LogEntry[]; readonly header: Header }): Promise<void>;
  append(id: string, events: readonly LogEntry[]): Promise<void>;
  flush(id: string): Promise<void>;
}

/** The slow store path: every store call waits for a macrotask first. */
export function storeTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * The durable writes of one published session, issued lazily: nothing at publication unless
 * something was already appended (bookkeeping), the record itself with the first appended entry,
 * and whatever is still unissued at the latest by `flush` and `settle` (CONTRACT.md §2 "Durable
 * store", §3 "flush", "dispose"). Writes run one after another on the slow store path.
 */
export class Journal {
  readonly #store: Store;
  readonly #session: Session;
  /** reject-at-flush over a persisted id (AIK-CONFLICT-003): nothing is ever written, every flush is `conflict`. */
  readonly #shadowing: boolean;
  /** Whether the store is known to hold (or to be about to hold) this session's record. */
  #recorded: boolean;
  #unissued: LogEntry[] = [];
  #chain: Promise<void> = Promise.resolve();
  /** The first failed write; every later flush rejects with it (the contract allows later flushes to reject too). */
  #failure: { readonly error: unknown } | undefined;
  #reported = false;

  constructor(store: Store, session: Session, state: { readonly recorded: boolean; readonly shadowing: boolean; readonly unissued: readonly LogEntry[] }) {
    this.#store = store;
    this.#session = session;
    this.#recorded = state.recorded;
    this.#shadowing = state.shadowing;
    this.#unissued = [...state.unissued];
  }

  /** Publication: entries appended before it (bookkeeping) are issued now, at the earliest allowed moment. */
  published(): void {
    if (this.#unissued.length > 0) this.#issue();
  }

  /** An entry appended after publication: its write is issued with it. */
  appended(entry: LogEntry): void {
    this.#unissued.push(entry);
    this.#issue();
  }

  /** The durability barrier: everything published so far, the header included, is durable when it resolves. */
  async flush(): Promise<void> {
    if (this.#shadowing) throw new IdTaken(`flush ${JSON.stringify(this.#session.id)}: a record is persisted under this id, and this agent never replaces it`);
    if (!this.#recorded || this.#unissued.length > 0) this.#issue();
    await this.#chain;
    if (this.#failure !== undefined) {
      this.#reported = true;
      throw this.#failure.error;
    }
    await storeTurn();
    await this.#store.flush(this.#session.id);
  }

  /** Teardown: issues what is unissued and waits until every issued write settled; failures nobody saw are logged. */
  async settle(log: (message: string, error: unknown) => void): Promise<void> {
    if (this.#unissued.length > 0) this.#issue();
    await this.#chain;
    if (this.#failure !== undefined && !this.#reported) log(`a write of ${JSON.stringify(this.#session.id)} failed after its last flush`, this.#failure.error);
  }

  #issue(): void {
    if (this.#shadowing) return;
    const id = this.#session.id;
    const batch = this.#unissued.splice(0);
    const record = { events: [...this.#session.log], header: this.#session.header };
    const write = this.#recorded ? () => this.#store.append(id, batch) : () => this.#store.put(record);
    this.#recorded = true;
    this.#chain = this.#chain.then(async () => {
      await storeTurn();
      try {
        await write();
      } catch (error) {
        this.#failure ??= { error };
        // The store may now miss entries: the next write puts the whole record again.
        this.#recorded = false;
      }
    });
  }
}
