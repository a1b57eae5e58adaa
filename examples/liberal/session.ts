/** The contract's log kinds; a caller's seed may use only these. */
export const CONTRACT_KINDS: ReadonlySet<string> = new Set(['user', 'assistant', 'tool', 'turn-end']);

/**
 * Bookkeeping kinds of this runtime's own (CONTRACT.md §2 "Durable store" allows them): appended
 * before publication after a seed and on every resume.
 */
export const BOOKKEEPING = { seeded: 'seed-end', resumed: 'resumed' } as const;

/** One log entry; `seq` is contiguous from 0. */
export interface LogEntry {
  readonly seq: number;
  readonly kind: string;
  readonly data?: unknown;
}

/**
 * A session header. Its fields are built last-to-first (`delegationDepth` … `id`): key order is
 * not part of the contract.
 */
export interface Header {
  readonly delegationDepth?: number;
  readonly seedLength?: number;
  readonly parentSession?: string;
  readonly cwd?: string;
  readonly createdAt: number;
  readonly id: string;
}

/** An append-only log under a frozen header; its id is read from the header only. */
export class Session {
  readonly header: Header;
  readonly #log: LogEntry[];

  constructor(header: Header, history: readonly LogEntry[]) {
    this.header = Object.freeze({ ...header });
    this.#log = history.map((entry) => Object.freeze({ ...entry }));
  }

  get id(): string {
    return this.header.id;
  }

  get log(): readonly LogEntry[] {
    return this.#log;
  }

  /** Appends one entry with the next `seq`. */
  append(kind: string, data?: unknown): LogEntry {
    const entry: LogEntry = Object.freeze(data === undefined ? { kind, seq: this.#log.length } : { data, kind, seq: this.#log.length });
    this.#log.push(entry);
    return entry;
  }

  /** The longest prefix that ends with a `turn-end` (possibly empty): what a fork seeds its child with. */
  completedTurns(): LogEntry[] {
    let end = 0;
    for (const entry of this.#log) if (entry.kind === 'turn-end') end = entry.seq + 1;
    return this.#log.slice(0, end);
  }
}
