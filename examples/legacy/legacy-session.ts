/** A header as the legacy harness stores it. */
export interface LegacyHeader {
  readonly id: string;
  readonly createdAt: number;
  readonly cwd?: string;
  readonly seedLength?: number;
}

/** One log event. */
export interface LegacyEvent {
  readonly seq: number;
  readonly kind: string;
  readonly data?: unknown;
}

/**
 * The legacy session: it keeps its id in a field of its own *and* in its header (the
 * "identity held twice" shape of docs/contract.md §6, kept here on purpose).
 */
export class LegacySession {
  id: string;
  readonly header: LegacyHeader;
  readonly events: LegacyEvent[];

  constructor(id: string, header: LegacyHeader, events: readonly LegacyEvent[]) {
    this.id = id;
    this.header = header;
    this.events = [...events];
  }

  /** Appends one event with the next seq. */
  append(kind: string, data?: unknown): LegacyEvent {
    const event = data === undefined ? { seq: this.events.length, kind } : { seq: this.events.length, kind, data };
    this.events.push(event);
    return event;
  }
}
