/**
 * The durable store as the contract and the kit's `env.store` see it (docs/contract.md §2 "Durable
 * store", docs/writing-an-adapter.md). Ids are plain strings here: the store is the environment's,
 * and the kit's fault plans key it by operation and id.
 */

/** One event of a session log as stored: `seq` contiguous from 0. */
export interface StoredEvent {
  readonly seq: number;
  readonly kind: string;
  readonly data?: unknown;
}

/** A session header as stored. `delegationDepth` absent and `0` are distinct and must round-trip. */
export interface StoredHeader {
  readonly id: string;
  readonly createdAt: number;
  readonly cwd?: string;
  readonly parentSession?: string;
  readonly seedLength?: number;
  readonly delegationDepth?: number;
}

/** A persisted session: its frozen header and its log. */
export interface DurableRecord {
  readonly header: StoredHeader;
  readonly events: readonly StoredEvent[];
}

/** The durable store: survives a runtime restart. Any call may throw or hang (a fault). */
export interface DurableStore {
  /** The record stored under `id`, or `undefined` when nothing is persisted under it. */
  load(id: string): Promise<DurableRecord | undefined>;
  /** Stores `record` under `record.header.id`, replacing what was there. */
  put(record: DurableRecord): Promise<void>;
  /** Appends `events` to the record stored under `id`. */
  append(id: string, events: readonly StoredEvent[]): Promise<void>;
  /** The ids of every persisted record. */
  list(): Promise<readonly string[]>;
  /** Resolves when everything written for `id` so far is durable. */
  flush(id: string): Promise<void>;
}
