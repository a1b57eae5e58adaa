import type { ConfigEntry, ConfigInput } from '../contract/adapter.js';
import { isRuntimeError, RuntimeError } from './errors.js';
import type { AgentHandle } from './handle.js';
import type { Owner } from './owner.js';
import { toCwd } from './session.js';
import type { SessionId } from './session-id.js';

/**
 * One configured agent (the adapter interface's `ConfigEntry`): `id` is a config label (display
 * metadata, never a live or durable key, AIK-CONFIG-001); `sessionId` and `resumeSessionId` are
 * mutually exclusive exact ids; `cwd` is ignored on resume (storage wins).
 */
export type AgentConfigEntry = ConfigEntry;

/** The runtime's configuration, read when it starts (and on restart): the adapter interface's `ConfigInput`. */
export type RuntimeConfig = ConfigInput;

/** The outcome of one configured entry, in entry order (AIK-CONFIG-004). */
export type ConfigEntryResult =
  | { readonly label: string; readonly ok: true; readonly id: SessionId; readonly handle: AgentHandle }
  | { readonly label: string; readonly ok: false; readonly error: unknown };

const ENTRY_FIELDS = new Set(['id', 'sessionId', 'resumeSessionId', 'cwd']);

/**
 * Validates the whole configuration before any entry starts (AIK-CONFIG-002): labels non-empty
 * strings, `cwd` absolute, not both exact ids, no empty exact id, no exact id used twice.
 */
export function toRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { agents?: unknown }).agents)) {
    throw new RuntimeError('invalid', 'config must be an object with an agents array');
  }
  const agents: unknown[] = (value as { agents: unknown[] }).agents;
  const exactIds = new Map<string, number>();
  agents.forEach((entry: unknown, index) => {
    const at = `config.agents[${index}]`;
    if (typeof entry !== 'object' || entry === null) throw new RuntimeError('invalid', `${at} must be an object`);
    const fields = entry as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      if (!ENTRY_FIELDS.has(key)) throw new RuntimeError('invalid', `${at} has an unknown field ${JSON.stringify(key)}`);
    }
    if (typeof fields['id'] !== 'string' || fields['id'].length === 0) throw new RuntimeError('invalid', `${at}.id (the label) must be a non-empty string`);
    if (fields['cwd'] !== undefined) toCwd(fields['cwd'], `${at}.cwd`);
    if (fields['sessionId'] !== undefined && fields['resumeSessionId'] !== undefined) {
      throw new RuntimeError('invalid', `${at} has both sessionId and resumeSessionId; they are mutually exclusive`);
    }
    for (const key of ['sessionId', 'resumeSessionId'] as const) {
      const exact = fields[key];
      if (exact === undefined) continue;
      if (typeof exact !== 'string' || exact.length === 0) throw new RuntimeError('invalid', `${at}.${key} must be a non-empty string`);
      const first = exactIds.get(exact);
      if (first !== undefined) throw new RuntimeError('invalid', `${at}.${key} ${JSON.stringify(exact)} is already used by config.agents[${first}]`);
      exactIds.set(exact, index);
    }
  });
  return { agents: agents as AgentConfigEntry[] };
}

/**
 * Starts the configured agents in order through `owner`, each failure contained and returned
 * (AIK-CONFIG-004). No exact id: a fresh `${label}-session-${minted}` is created (AIK-CONFIG-001);
 * `sessionId`: resume if persisted, else create (AIK-CONFIG-003); `resumeSessionId`: resume.
 */
export async function startConfigured(owner: Owner, config: RuntimeConfig, mint: () => string, durable: boolean): Promise<ConfigEntryResult[]> {
  const results: ConfigEntryResult[] = [];
  for (const entry of config.agents) {
    const label = entry.id;
    const meta = entry.cwd === undefined ? {} : { meta: { cwd: entry.cwd } };
    try {
      let handle: AgentHandle;
      if (entry.resumeSessionId !== undefined) {
        handle = await owner.resume({ resumeSessionId: entry.resumeSessionId });
      } else if (entry.sessionId !== undefined) {
        handle = await resumeOrCreate(owner, entry.sessionId, meta, durable);
      } else {
        handle = await owner.create({ sessionId: `${label}-session-${mint()}`, ...meta });
      }
      results.push({ label, ok: true, id: handle.id, handle });
    } catch (error) {
      results.push({ label, ok: false, error });
    }
  }
  return results;
}

async function resumeOrCreate(owner: Owner, sessionId: string, meta: { meta?: { cwd: string } }, durable: boolean): Promise<AgentHandle> {
  if (!durable) return owner.create({ sessionId, ...meta });
  try {
    return await owner.resume({ resumeSessionId: sessionId });
  } catch (error) {
    // Only "not persisted" means create; a live id (conflict) or a store failure is the entry's failure.
    if (!isRuntimeError(error, 'not-found')) throw error;
  }
  return owner.create({ sessionId, ...meta });
}
