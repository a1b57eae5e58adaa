import { isAbsolute } from 'node:path';
import { HarnessError } from './harness-error.js';
import type { Header, LogEvent } from './session.js';

/** Lineage and placement of a new session, as a caller passes it to `create`. */
export interface SessionMeta {
  readonly cwd?: string;
  readonly parentSession?: string;
  readonly delegationDepth?: number;
}

/** One configured agent: a display label and at most one exact id. */
export interface AgentEntry {
  readonly id: string;
  readonly sessionId?: string;
  readonly resumeSessionId?: string;
  readonly cwd?: string;
}

const LOG_KINDS: ReadonlySet<string> = new Set(['user', 'assistant', 'tool', 'turn-end']);

const invalid = (message: string): HarnessError => new HarnessError('invalid', message);

function text(value: unknown, field: string): string {
  if (typeof value !== 'string') throw invalid(`${field} must be a string`);
  if (value.length === 0) throw invalid(`${field} must not be empty`);
  if (!value.isWellFormed()) throw invalid(`${field} must be well-formed UTF-16`);
  return value;
}

function absolute(value: unknown, field: string): string {
  const path = text(value, field);
  if (!isAbsolute(path)) throw invalid(`${field} must be an absolute path, got ${JSON.stringify(path)}`);
  return path;
}

function depth(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw invalid(`${field} must be a non-negative integer`);
  return value;
}

function log(value: unknown, field: string, strictKinds: boolean): LogEvent[] {
  if (!Array.isArray(value)) throw invalid(`${field} must be an array of log events`);
  return value.map((event: unknown, index): LogEvent => {
    if (typeof event !== 'object' || event === null) throw invalid(`${field}[${index}] must be an object`);
    const { seq, kind, data } = event as { seq?: unknown; kind?: unknown; data?: unknown };
    if (seq !== index) throw invalid(`${field}[${index}].seq must be ${index} (contiguous from 0)`);
    if (typeof kind !== 'string' || (strictKinds && !LOG_KINDS.has(kind))) throw invalid(`${field}[${index}].kind ${JSON.stringify(kind)} is not a log kind`);
    return data === undefined ? { seq: index, kind } : { seq: index, kind, data };
  });
}

/** Input checks of the creation transaction's admission and preparation phases; each throws `invalid`. */
export const admission = {
  /** A session id: a non-empty, well-formed string, otherwise opaque. */
  sessionId(value: unknown, field: string): string {
    return text(value, field);
  },

  /** The header fields a caller may choose, copied so that absent stays absent. */
  meta(value: unknown): SessionMeta {
    if (value === undefined) return {};
    if (typeof value !== 'object' || value === null) throw invalid('meta must be an object');
    const { cwd, parentSession, delegationDepth } = value as Record<string, unknown>;
    return {
      ...(cwd === undefined ? {} : { cwd: absolute(cwd, 'meta.cwd') }),
      ...(parentSession === undefined ? {} : { parentSession: text(parentSession, 'meta.parentSession') }),
      ...(delegationDepth === undefined ? {} : { delegationDepth: depth(delegationDepth, 'meta.delegationDepth') }),
    };
  },

  /** A seed: a valid log of the four known kinds. */
  seed(value: unknown): LogEvent[] {
    return log(value, 'seed', true);
  },

  /** A stored record read for `id`: its header must carry exactly that id. */
  record(value: unknown, id: string): { header: Header; events: LogEvent[] } {
    if (typeof value !== 'object' || value === null) throw invalid(`stored record of ${JSON.stringify(id)} is not an object`);
    const { header, events } = value as { header?: unknown; events?: unknown };
    if (typeof header !== 'object' || header === null) throw invalid(`stored record of ${JSON.stringify(id)} has no header`);
    const fields = header as Record<string, unknown>;
    if (fields['id'] !== id) throw invalid(`stored header id ${JSON.stringify(fields['id'])} differs from ${JSON.stringify(id)}, the id it is stored under`);
    const createdAt = fields['createdAt'];
    if (typeof createdAt !== 'number' || !Number.isSafeInteger(createdAt)) throw invalid(`stored header of ${JSON.stringify(id)} has no integer createdAt`);
    const meta = admission.meta({ cwd: fields['cwd'], parentSession: fields['parentSession'], delegationDepth: fields['delegationDepth'] });
    const seedLength = fields['seedLength'] === undefined ? {} : { seedLength: depth(fields['seedLength'], 'header.seedLength') };
    return { header: { id, createdAt, ...meta, ...seedLength }, events: log(events, `stored events of ${JSON.stringify(id)}`, false) };
  },

  /** A whole configuration, checked before any entry starts. */
  config(value: unknown): AgentEntry[] {
    if (!Array.isArray(value)) throw invalid('config.agents must be an array');
    const exact = new Set<string>();
    return value.map((entry: unknown, index): AgentEntry => {
      const at = `config.agents[${index}]`;
      if (typeof entry !== 'object' || entry === null) throw invalid(`${at} must be an object`);
      const { id, sessionId, resumeSessionId, cwd } = entry as Record<string, unknown>;
      const label = text(id, `${at}.id`);
      if (sessionId !== undefined && resumeSessionId !== undefined) throw invalid(`${at} has both sessionId and resumeSessionId`);
      const exactId = sessionId ?? resumeSessionId;
      const checked = exactId === undefined ? undefined : text(exactId, `${at}.${sessionId === undefined ? 'resumeSessionId' : 'sessionId'}`);
      if (checked !== undefined) {
        if (exact.has(checked)) throw invalid(`${at} reuses the exact id ${JSON.stringify(checked)} of an earlier entry`);
        exact.add(checked);
      }
      return {
        id: label,
        ...(checked === undefined ? {} : sessionId === undefined ? { resumeSessionId: checked } : { sessionId: checked }),
        ...(cwd === undefined ? {} : { cwd: absolute(cwd, `${at}.cwd`) }),
      };
    });
  },
};
