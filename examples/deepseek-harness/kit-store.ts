/**
 * The kit's durable store (`env.store`) as a storage backend of the harness: the harness's own
 * write coordinator (`PersistenceCoordinator` of dsh-session-persistence: lazy materialization,
 * write-behind batching, flush barriers, quiescent disposal) over the small `PersistenceBackend`
 * hook interface, each hook one store call. This is the slot a deployment fills with its JSONL
 * or SQLite backend; nothing of the lifecycle lives here.
 */
import { createHash } from 'node:crypto';
import type { DurableRecord, DurableStore } from 'agent-identity-kit/adapter';
import type { Context } from '@deepseek-ai/cordis';
import type { SessionEvent, SessionHeader, SessionId } from '@deepseek-ai/dsh-session';
import { PersistenceCoordinator, SessionPersistence, SessionPersistenceRevision, type PersistenceBackend, type SessionInspection, type SessionPersistenceSnapshot, type StoredPrefix } from '@deepseek-ai/dsh-session-persistence';
import { kitEvent, kitHeader, nativeHeader, nativeLog } from './log-codec.js';

/** A stored record's revision: the digest of what the store returned. */
const revisionOf = (record: DurableRecord): SessionPersistenceRevision => SessionPersistenceRevision(createHash('sha256').update(JSON.stringify(record)).digest('hex'));

/** The backend hooks, each one call of the kit's store. */
function backendOver(store: DurableStore): PersistenceBackend {
  const loadStored = async (id: SessionId): Promise<StoredPrefix | undefined> => {
    const record = await store.load(id);
    if (record === undefined) return undefined;
    return { meta: nativeHeader(record.header) as SessionHeader, events: nativeLog(record.events) as SessionEvent[], revision: revisionOf(record) };
  };
  return {
    name: 'kit-store',
    loadStored,
    readStoredRevision: async (id) => {
      const record = await store.load(id);
      return record === undefined ? undefined : revisionOf(record);
    },
    appendBatch: async (meta, events, isMaterialized) => {
      if (isMaterialized) await store.append(meta.id, events.map(kitEvent));
      else await store.put({ header: kitHeader(meta), events: events.map(kitEvent) });
      // The hook's contract: it resolves once the batch is durable.
      await store.flush(meta.id);
    },
    commitRepair: async (meta, _tornMarker, closers) => {
      // The kit's store has no torn tails: a repair only appends the closers of an interrupted turn.
      if (closers.length > 0) await store.append(meta.id, closers.map(kitEvent));
      await store.flush(meta.id);
    },
    list: async () => {
      const records = await Promise.all((await store.list()).map((id) => store.load(id)));
      return records.flatMap((record) => (record === undefined ? [] : [nativeHeader(record.header) as SessionHeader]));
    },
  };
}

/** `ctx.sessionPersistence` over the kit's store: the harness's coordinator does the work. */
export class KitStorePersistence extends SessionPersistence {
  readonly supportsRawArtifacts = false;
  private readonly backend: PersistenceBackend;
  private readonly coordinator: PersistenceCoordinator;

  constructor(ctx: Context, store: DurableStore) {
    super(ctx);
    this.backend = backendOver(store);
    this.coordinator = new PersistenceCoordinator(ctx, this.backend, { preparedSessionCacheSize: 5, writeBatchMaxDelayMs: 1 });
  }

  locate(): undefined {
    return undefined;
  }
  create(meta: SessionHeader): Promise<void> {
    return this.coordinator.create(meta);
  }
  append(id: SessionId, events: readonly SessionEvent[]): Promise<void> {
    return this.coordinator.append(id, events);
  }
  override prepare(id: SessionId, signal?: AbortSignal): ReturnType<SessionPersistence['prepare']> {
    return this.coordinator.prepare(id, signal);
  }
  load(id: SessionId): Promise<SessionInspection> {
    return this.coordinator.load(id);
  }
  inspect(id: SessionId, signal?: AbortSignal): Promise<SessionInspection> {
    return this.coordinator.inspect(id, signal);
  }
  readFrom(id: SessionId, fromSeq: number, signal?: AbortSignal): Promise<{ meta: SessionHeader; events: SessionEvent[] }> {
    return this.coordinator.readFrom(id, fromSeq, signal);
  }
  list(signal?: AbortSignal): Promise<SessionHeader[]> {
    return this.backend.list(signal);
  }
  async listSnapshots(signal?: AbortSignal): Promise<SessionPersistenceSnapshot[]> {
    const headers = await this.backend.list(signal);
    const revisions = await Promise.all(headers.map((header) => this.backend.readStoredRevision(header.id, signal)));
    return headers.flatMap((header, at) => (revisions[at] === undefined ? [] : [{ header, revision: revisions[at] }]));
  }
}
