import { isAbsolute } from 'node:path';
import type { DurableRecord, StoredEvent, StoredHeader } from '../contract/durable-store.js';
import { RuntimeError } from './errors.js';
import { toSessionId, type SessionId } from './session-id.js';

/** The kinds of log event (docs/contract.md §2 "Log event"). */
export const LOG_EVENT_KINDS = ['user', 'assistant', 'tool', 'turn-end'] as const;

/** One of {@link LOG_EVENT_KINDS}. */
export type LogEventKind = (typeof LOG_EVENT_KINDS)[number];

/** One event of a session log; `seq` is contiguous from 0. */
export interface LogEvent extends StoredEvent {
  readonly kind: LogEventKind;
}

/**
 * The frozen session header: the one home of session identity (AIK-ID-002).
 * `delegationDepth` absent and `0` are distinct and round-trip exactly (AIK-RESUME-004).
 */
export interface SessionHeader extends StoredHeader {
  readonly id: SessionId;
  readonly parentSession?: SessionId;
}

const HEADER_FIELDS = new Set(['id', 'createdAt', 'cwd', 'parentSession', 'seedLength', 'delegationDepth']);

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Admits an absolute working directory or throws `invalid` naming `field` (AIK-CREATE-003). */
export function toCwd(value: unknown, field: string): string {
  if (typeof value !== 'string' || !isAbsolute(value)) {
    throw new RuntimeError('invalid', `${field} must be an absolute path, got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * Admits `value` as the header of session `id`: a detached, frozen copy, refused as `invalid`
 * when its id differs from `id` (AIK-ID-002) or a field is malformed.
 */
export function toSessionHeader(value: unknown, id: SessionId): SessionHeader {
  if (typeof value !== 'object' || value === null) throw new RuntimeError('invalid', `header of ${id} must be an object`);
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (!HEADER_FIELDS.has(key)) throw new RuntimeError('invalid', `header of ${id} has an unknown field ${JSON.stringify(key)}`);
  }
  if (fields['id'] !== id) {
    throw new RuntimeError('invalid', `header id ${JSON.stringify(fields['id'])} differs from the session id ${JSON.stringify(id)}`);
  }
  if (!isCount(fields['createdAt'])) throw new RuntimeError('invalid', `header of ${id}: createdAt must be an integer epoch in ms`);
  const header: { -readonly [K in keyof SessionHeader]: SessionHeader[K] } = { id, createdAt: fields['createdAt'] };
  if ('cwd' in fields) header.cwd = toCwd(fields['cwd'], `header of ${id}: cwd`);
  if ('parentSession' in fields) header.parentSession = toSessionId(fields['parentSession'], `header of ${id}: parentSession`);
  for (const key of ['seedLength', 'delegationDepth'] as const) {
    if (!(key in fields)) continue;
    const count = fields[key];
    if (!isCount(count)) throw new RuntimeError('invalid', `header of ${id}: ${key} must be a non-negative integer`);
    header[key] = count;
  }
  return Object.freeze(header);
}

/**
 * Admits `value` as a valid log (an array of `{ seq, kind, data? }` with `seq` contiguous from 0
 * and a known kind) or throws `invalid` naming `field`: a malformed seed (AIK-CREATE-003).
 */
export function toLog(value: unknown, field: string): readonly LogEvent[] {
  if (!Array.isArray(value)) throw new RuntimeError('invalid', `${field} must be an array of log events`);
  return value.map((event: unknown, index) => {
    if (typeof event !== 'object' || event === null) throw new RuntimeError('invalid', `${field}[${index}] must be an object`);
    const { seq, kind, data } = event as Record<string, unknown>;
    if (seq !== index) throw new RuntimeError('invalid', `${field}[${index}].seq must be ${index}, got ${JSON.stringify(seq)}`);
    if (!(LOG_EVENT_KINDS as readonly unknown[]).includes(kind)) {
      throw new RuntimeError('invalid', `${field}[${index}].kind must be one of ${LOG_EVENT_KINDS.join(', ')}, got ${JSON.stringify(kind)}`);
    }
    const admitted = 'data' in event ? { seq: index, kind: kind as LogEventKind, data } : { seq: index, kind: kind as LogEventKind };
    return Object.freeze(admitted);
  });
}

/** The longest prefix of `log` that ends with a `turn-end` (possibly empty): what a fork seeds. */
export function completedTurnPrefix(log: readonly LogEvent[]): readonly LogEvent[] {
  for (let end = log.length; end > 0; end -= 1) {
    if (log[end - 1]?.kind === 'turn-end') return log.slice(0, end);
  }
  return [];
}

/**
 * A session: a frozen header, the one home of its identity, and an append-only log.
 * `id` is derived from the header, never stored beside it (AIK-ID-002).
 */
export class Session {
  readonly header: SessionHeader;
  readonly #log: LogEvent[];

  /** Builds session `id` from `header` (refused when its id differs) and its history. */
  constructor(id: SessionId, header: unknown, history: readonly LogEvent[]) {
    this.header = toSessionHeader(header, id);
    this.#log = [...history];
  }

  /** The session id: the header's id. */
  get id(): SessionId {
    return this.header.id;
  }

  /** The log so far (a copy). */
  get events(): readonly LogEvent[] {
    return [...this.#log];
  }

  /** The number of events in the log. */
  get length(): number {
    return this.#log.length;
  }

  /** Appends one event with the next `seq` and returns it. */
  append(kind: LogEventKind, data?: unknown): LogEvent {
    const event: LogEvent = Object.freeze(data === undefined ? { seq: this.#log.length, kind } : { seq: this.#log.length, kind, data });
    this.#log.push(event);
    return event;
  }

  /** The session as a durable record. */
  toRecord(): DurableRecord {
    return { header: this.header, events: this.events };
  }
}
