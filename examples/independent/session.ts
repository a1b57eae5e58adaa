/** The kinds of a session log event. */
export type LogKind = 'user' | 'assistant' | 'tool' | 'turn-end';

/** One event of a session log; `seq` is contiguous from 0. */
export interface LogEvent {
  readonly seq: number;
  readonly kind: string;
  readonly data?: unknown;
}

/** A session header. Absent optional fields stay absent (`delegationDepth` absent is not 0). */
export interface Header {
  readonly id: string;
  readonly createdAt: number;
  readonly cwd?: string;
  readonly parentSession?: string;
  readonly seedLength?: number;
  readonly delegationDepth?: number;
}

/** An append-only log under a frozen header; its id is read from the header, nowhere else. */
export class Session {
  readonly header: Header;
  readonly #events: LogEvent[];

  constructor(header: Header, history: readonly LogEvent[]) {
    this.header = Object.freeze({ ...header });
    this.#events = history.map((event) => Object.freeze({ ...event }));
  }

  get id(): string {
    return this.header.id;
  }

  /** The log so far, oldest first. */
  get events(): readonly LogEvent[] {
    return this.#events;
  }

  get length(): number {
    return this.#events.length;
  }

  /** Appends one event with the next `seq` and returns it. */
  append(kind: LogKind, data?: unknown): LogEvent {
    const event = Object.freeze(data === undefined ? { seq: this.#events.length, kind } : { seq: this.#events.length, kind, data });
    this.#events.push(event);
    return event;
  }
}
