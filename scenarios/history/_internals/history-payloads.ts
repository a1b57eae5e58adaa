/**
 * Readers of the optional payloads `trace` interprets (see history-format.ts). Each returns
 * `undefined` for a payload of another shape: that record then decides nothing.
 */
import type { Token } from '../history-format.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isToken = (value: unknown): value is Token => (typeof value === 'string' && value !== '') || (Number.isInteger(value) && (value as number) >= 0);

/** `value[field]` when it is a string. */
export function stringField(value: unknown, field: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const found = value[field];
  return typeof found === 'string' ? found : undefined;
}

/** The ok result of a creation: `{ id, handle?, agent? }`. */
export function creationResult(value: unknown): { id: string; handle?: Token; agent?: Token } | undefined {
  const id = stringField(value, 'id');
  if (id === undefined || !isRecord(value)) return undefined;
  return {
    id,
    ...(isToken(value['handle']) ? { handle: value['handle'] } : {}),
    ...(isToken(value['agent']) ? { agent: value['agent'] } : {}),
  };
}

/** The configuration of a `start` / `restart` call: per entry its label and whether it names an exact id. */
export function configEntries(args: unknown): { label: unknown; exact: boolean }[] | undefined {
  if (!isRecord(args) || !Array.isArray(args['agents'])) return undefined;
  return args['agents'].map((entry: unknown) => ({
    label: isRecord(entry) ? entry['id'] : undefined,
    exact: isRecord(entry) && (entry['sessionId'] !== undefined || entry['resumeSessionId'] !== undefined),
  }));
}

/** The ok result of a `start` / `restart`: per entry the id it published, if it succeeded. */
export function startResults(value: unknown): { id?: string }[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map((entry: unknown) => {
    const id = stringField(entry, 'id');
    return isRecord(entry) && entry['ok'] === true && id !== undefined ? { id } : {};
  });
}

/** A session entry of a lookup result: `{ id, object, headerId? }`. */
export function sessionEntry(value: unknown): { id: string; object: Token; headerId?: string } | undefined {
  const id = stringField(value, 'id');
  if (id === undefined || !isRecord(value) || !isToken(value['object'])) return undefined;
  const headerId = stringField(value, 'headerId');
  return { id, object: value['object'], ...(headerId === undefined ? {} : { headerId }) };
}

/** An agent entry of a lookup result: `{ id, object, session: { id, object, headerId? } }`. */
export function agentEntry(value: unknown): { id: string; object: Token; session: { id: string; object: Token; headerId?: string } } | undefined {
  const id = stringField(value, 'id');
  if (id === undefined || !isRecord(value) || !isToken(value['object'])) return undefined;
  const session = sessionEntry(value['session']);
  return session === undefined ? undefined : { id, object: value['object'], session };
}
