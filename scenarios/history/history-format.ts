/**
 * The history format of README.md "Checking a production log": JSON lines, one record per line, `seq` strictly
 * increasing. Operation records describe calls made on a system (an `invoke`, then at most one
 * completion `ok` / `fail` / `info` carrying the same `call`); event records describe lifecycle
 * events with their subject's id and an object token, stable for the object's life, so two
 * objects filed under one id stay distinguishable.
 *
 * The payloads `trace` reads (all optional; a record without them decides less):
 * - `create` args `{ sessionId }`, `resume` args `{ resumeSessionId }`; `create`, `resume`,
 *   `spawn`, `fork` ok result `{ id, handle?, agent? }` (`handle`, `agent`: tokens).
 * - `dispose` args `{ handle }`.
 * - `start` args `{ agents: [{ id: label, sessionId?, resumeSessionId? }] }`, `restart` args
 *   `{ agents? }` (absent: the previous configuration); ok result `[{ label, ok, id? }]`.
 * - `getAgent` / `getSession` args `{ id }`, ok result `null` or an entry; `listAgents` /
 *   `listSessions` ok result an array of entries. An agent entry is `{ id, object, session: { id,
 *   object, headerId? } }`, a session entry `{ id, object, headerId? }`.
 */

import { EVENT_TYPES, type EventType } from '../../src/contract/adapter.js';

/** An object token: a string or an integer, stable for the object's life. */
export type Token = string | number;

/** The operations a history may record. */
export const HISTORY_OPERATIONS = [
  'start',
  'create',
  'resume',
  'spawn',
  'fork',
  'spawnRemote',
  'prompt',
  'flush',
  'dispose',
  'disposeContext',
  'unload',
  'shutdown',
  'restart',
  'getAgent',
  'getSession',
  'listAgents',
  'listSessions',
] as const;

/** One of {@link HISTORY_OPERATIONS}. */
export type HistoryOperation = (typeof HISTORY_OPERATIONS)[number];

/** The lifecycle event types of docs/contract.md §2 "Events": the adapter interface's own list. */
export const HISTORY_EVENT_TYPES = EVENT_TYPES;

/** One of {@link HISTORY_EVENT_TYPES}. */
export type HistoryEventType = EventType;

/** A call on the system: its invocation or its completion. `info`: the outcome is unknown. */
export interface OperationRecord {
  readonly seq: number;
  readonly kind: 'invoke' | 'ok' | 'fail' | 'info';
  /** Shared by an invoke and its completion. */
  readonly call: Token;
  readonly op: HistoryOperation;
  readonly args?: unknown;
  readonly result?: unknown;
  readonly error?: unknown;
}

/** A lifecycle event: its subject (the agent, the session, or for `subagent/*` the parent agent). */
export interface EventRecord {
  readonly seq: number;
  readonly kind: 'event';
  readonly type: HistoryEventType;
  readonly subject: { readonly id: string; readonly object: Token };
}

/** One line of a history. */
export type HistoryRecord = OperationRecord | EventRecord;

/** A parsed record with the 1-based line it came from, for witnesses. */
export interface HistoryLine {
  readonly line: number;
  /** The line as written. */
  readonly text: string;
  readonly record: HistoryRecord;
}
