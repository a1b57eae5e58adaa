import { isAbsolute } from 'node:path';
import { Rejected } from './faults.js';
import { CONTRACT_KINDS, type Header, type LogEntry } from './session.js';

/** Header fields a caller chooses for a new session. */
export interface Lineage {
  readonly cwd?: string;
  readonly parentSession?: string;
  readonly delegationDepth?: number;
}

/** One configured agent after validation. */
export interface ConfiguredAgent {
  readonly label: string;
  readonly exact?: { readonly id: string; readonly mode: 'resume-or-create' | 'resume' };
  readonly cwd?: string;
}

function nonEmpty(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw new Rejected(`${what}: expected a non-empty string`);
  if (!value.isWellFormed()) throw new Rejected(`${what}: not well-formed UTF-16`);
  return value;
}

/** A label or a path: a non-empty string (well-formedness is demanded of ids only). */
function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw new Rejected(`${what}: expected a non-empty string`);
  return value;
}

function absolutePath(value: unknown, what: string): string {
  const path = text(value, what);
  if (!isAbsolute(path)) throw new Rejected(`${what}: ${JSON.stringify(path)} is not an absolute path`);
  return path;
}

function count(value: unknown, what: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new Rejected(`${what}: expected a non-negative integer`);
  return value as number;
}

function entries(value: unknown, what: string, known: (kind: string) => boolean): LogEntry[] {
  if (!Array.isArray(value)) throw new Rejected(`${what}: not an array`);
  const out: LogEntry[] = [];
  for (const [position, item] of value.entries()) {
    if (item === null || typeof item !== 'object') throw new Rejected(`${what}[${position}]: not an object`);
    const { seq, kind, data } = item as Record<string, unknown>;
    if (seq !== position) throw new Rejected(`${what}[${position}]: seq ${String(seq)} breaks the contiguous numbering`);
    if (typeof kind !== 'string' || !known(kind)) throw new Rejected(`${what}[${position}]: unknown kind ${JSON.stringify(kind)}`);
    out.push(data === undefined ? { kind, seq } : { data, kind, seq });
  }
  return out;
}

/** A session id: non-empty, well-formed, otherwise never read. */
export function sessionIdOf(value: unknown, what: string): string {
  return nonEmpty(value, what);
}

/** The lineage a caller passes to create; absent fields stay absent. */
export function lineageOf(value: unknown): Lineage {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object') throw new Rejected('meta: not an object');
  const { cwd, parentSession, delegationDepth } = value as Record<string, unknown>;
  return {
    ...(delegationDepth === undefined ? {} : { delegationDepth: count(delegationDepth, 'meta.delegationDepth') }),
    ...(parentSession === undefined ? {} : { parentSession: nonEmpty(parentSession, 'meta.parentSession') }),
    ...(cwd === undefined ? {} : { cwd: absolutePath(cwd, 'meta.cwd') }),
  };
}

/** A caller's seed: a valid log of the contract's four kinds only. */
export function seedOf(value: unknown): LogEntry[] {
  return entries(value, 'seed', (kind) => CONTRACT_KINDS.has(kind));
}

/** A stored record read for `id`: its header must name `id`; stored kinds may be this runtime's own. */
export function storedOf(value: unknown, id: string): { header: Header; history: LogEntry[] } {
  if (value === null || typeof value !== 'object') throw new Rejected(`stored ${JSON.stringify(id)}: not a record`);
  const { header, events } = value as Record<string, unknown>;
  if (header === null || typeof header !== 'object') throw new Rejected(`stored ${JSON.stringify(id)}: no header`);
  const fields = header as Record<string, unknown>;
  if (fields['id'] !== id) throw new Rejected(`stored ${JSON.stringify(id)}: its header names ${JSON.stringify(fields['id'])}`);
  if (!Number.isSafeInteger(fields['createdAt'])) throw new Rejected(`stored ${JSON.stringify(id)}: createdAt is not an integer`);
  const lineage = lineageOf({ cwd: fields['cwd'], parentSession: fields['parentSession'], delegationDepth: fields['delegationDepth'] });
  const seedLength = fields['seedLength'] === undefined ? {} : { seedLength: count(fields['seedLength'], `stored ${JSON.stringify(id)} seedLength`) };
  return {
    header: { ...seedLength, ...lineage, createdAt: fields['createdAt'] as number, id },
    history: entries(events, `stored ${JSON.stringify(id)} events`, (kind) => kind !== ''),
  };
}

/** A whole configuration, refused as a whole before any entry starts. */
export function configurationOf(value: unknown): ConfiguredAgent[] {
  if (!Array.isArray(value)) throw new Rejected('agents: not an array');
  const claimed = new Set<string>();
  return value.map((item: unknown, position): ConfiguredAgent => {
    const where = `agents[${position}]`;
    if (item === null || typeof item !== 'object') throw new Rejected(`${where}: not an object`);
    const { id, sessionId, resumeSessionId, cwd } = item as Record<string, unknown>;
    const label = text(id, `${where}.id`);
    if (sessionId !== undefined && resumeSessionId !== undefined) throw new Rejected(`${where}: sessionId and resumeSessionId exclude each other`);
    const placed = cwd === undefined ? {} : { cwd: absolutePath(cwd, `${where}.cwd`) };
    if (sessionId === undefined && resumeSessionId === undefined) return { label, ...placed };
    const mode = sessionId === undefined ? 'resume' : 'resume-or-create';
    const exact = nonEmpty(sessionId ?? resumeSessionId, `${where}.${sessionId === undefined ? 'resumeSessionId' : 'sessionId'}`);
    if (claimed.has(exact)) throw new Rejected(`${where}: ${JSON.stringify(exact)} is already claimed by an earlier entry`);
    claimed.add(exact);
    return { label, exact: { id: exact, mode }, ...placed };
  });
}
