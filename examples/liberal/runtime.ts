import { randomUUID } from 'node:crypto';
import type { Agent, ChildMode, ChildRequest, Context, Handle } from './agent.js';
import { Dispatch, type Hearer, type Topic } from './dispatch.js';
import { Cancelled, Closed, IdTaken, NothingStored, Rejected } from './faults.js';
import { configurationOf, lineageOf, seedOf, sessionIdOf, storedOf, type ConfiguredAgent, type Lineage } from './inputs.js';
import { forwardRuns, type RpcMessage } from './forwarder.js';
import { Journal, storeTurn, type Store } from './journal.js';
import { Life, type Announced, type Reply } from './life.js';
import { Attempt, Owner } from './owner.js';
import { Registry } from './registry.js';
import { BOOKKEEPING, Session, type Header, type LogEntry } from './session.js';

/** Options of {@link Runtime}. */
export interface RuntimeOptions {
  /** The durable store; without one, resume is `invalid`. */
  readonly store?: Store;
  /** The id source: configured fresh ids and children's ids are its outputs, used verbatim. */
  readonly ids: () => string;
  /** The clock of `createdAt`. */
  readonly clock: () => number;
  /** What every turn awaits. */
  readonly model: (turn: { readonly id: string; readonly signal: AbortSignal }) => Promise<readonly Reply[]>;
  /** The configuration (`agents[]`), read by {@link Runtime.start}. Default: none. */
  readonly agents?: unknown;
  /** The delegation depth limit of spawn and fork. Default: 4. */
  readonly maxDepth?: number;
  /** Where contained failures go. Default: dropped. */
  readonly log?: (message: string, error: unknown) => void;
  /** How a create over a persisted, not-live id is refused (AIK-CONFLICT-003): at once, or by every flush of the new agent. Default: `reject-at-flush`. */
  readonly persistedCreate?: 'reject-at-create' | 'reject-at-flush';
  /** The JSON-RPC client the forwarder reports subagent runs to, from {@link Runtime.start} on. Default: none. */
  readonly rpc?: (message: RpcMessage) => void;
}

/** A creation request: a create, a resume, or a child of a published agent. */
export type Opening =
  | { readonly kind: 'create'; readonly sessionId: unknown; readonly meta?: unknown; readonly seed?: unknown; readonly setup?: (context: Context) => unknown; readonly signal?: AbortSignal }
  | { readonly kind: 'resume'; readonly resumeSessionId: unknown; readonly setup?: (context: Context) => unknown; readonly signal?: AbortSignal };

/** The outcome of one configured agent: its id, and no handle (configured agents end with shutdown or restart). */
export type Started = { readonly label: string; readonly ok: true; readonly id: string } | { readonly label: string; readonly ok: false; readonly error: unknown };

/** What a prepared creation carries into construction. */
interface Prepared {
  readonly header: Header;
  readonly history: readonly LogEntry[];
  /** Entries this runtime appended before publication (bookkeeping): issued at publication. */
  readonly bookkeeping: readonly LogEntry[];
  readonly source: 'startup' | 'resume';
  /** reject-at-flush over a persisted id. */
  readonly shadowing: boolean;
  readonly recorded: boolean;
}

/**
 * The liberal runtime: the one-identity contract with every unusual-but-legal choice it allows
 * (see examples/README.md). Profiles: `scope-first` teardown, `reject-at-flush` persisted create
 * (or `reject-at-create`, by option).
 */
export class Runtime {
  readonly root: Owner;
  readonly maxDepth: number;
  readonly #agents = new Registry<Agent>();
  readonly #sessions = new Registry<Session>();
  readonly #owners: Owner[];
  readonly #dispatch: Dispatch;
  readonly #options: RuntimeOptions;
  readonly #log: (message: string, error: unknown) => void;
  #closed = false;
  #shutdown: Promise<void> | undefined;

  constructor(options: RuntimeOptions) {
    this.#options = options;
    this.#log = options.log ?? (() => undefined);
    this.#dispatch = new Dispatch(this.#log);
    this.maxDepth = options.maxDepth ?? 4;
    this.root = new Owner('root', false);
    this.#owners = [this.root];
  }

  /** Starts the configured agents in entry order; an invalid configuration is refused as a whole. */
  async start(): Promise<readonly Started[]> {
    if (this.#options.rpc !== undefined) forwardRuns((topic, hearer) => this.on(topic, hearer), this.#options.rpc);
    const configured = configurationOf(this.#options.agents ?? []);
    const results: Started[] = [];
    for (const entry of configured) {
      try {
        const handle = await this.#startEntry(entry);
        results.push({ label: entry.label, ok: true, id: handle.agent.id });
      } catch (error) {
        results.push({ label: entry.label, ok: false, error });
      }
    }
    return results;
  }

  owner(label: string): Owner {
    const owner = new Owner(label, this.#closed);
    this.#owners.push(owner);
    return owner;
  }

  on(topic: Topic, hearer: Hearer): () => void {
    return this.#dispatch.subscribe(topic, hearer);
  }

  getAgent(id: string): Agent | undefined {
    return this.#agents.get(id);
  }

  getSession(id: string): Session | undefined {
    return this.#sessions.get(id);
  }

  listAgents(): (readonly [string, Agent])[] {
    return this.#agents.list();
  }

  listSessions(): (readonly [string, Session])[] {
    return this.#sessions.list();
  }

  shutdown(): Promise<void> {
    this.#shutdown ??= (async () => {
      this.#closed = true;
      await Promise.all(this.#owners.map((owner) => owner.unload()));
    })();
    return this.#shutdown;
  }

  /** Create or resume through `owner`: the creation transaction of CONTRACT.md §4. */
  async open(owner: Owner, opening: Opening): Promise<Handle> {
    // 1. admission
    if (this.#closed || owner.closed) throw new Closed(`${opening.kind}: ${this.#closed ? 'the runtime is shut down' : `owner ${JSON.stringify(owner.label)} is unloaded`}`);
    if (opening.signal?.aborted === true) throw abortValue(opening.signal.reason);
    let id: string;
    let prepare: (stored: unknown) => Prepared;
    if (opening.kind === 'create') {
      id = sessionIdOf(opening.sessionId, 'sessionId');
      const lineage = lineageOf(opening.meta);
      const seed = opening.seed === undefined ? undefined : seedOf(opening.seed);
      prepare = (stored) => this.#fresh(id, lineage, seed, stored !== undefined);
    } else {
      id = sessionIdOf(opening.resumeSessionId, 'resumeSessionId');
      if (this.#options.store === undefined) throw new Rejected(`resume ${JSON.stringify(id)}: no durable store is configured`);
      prepare = (stored) => resumed(id, stored);
    }
    return this.#transact(owner, id, opening, prepare, undefined);
  }

  /** A child of `parent` (spawn or fork), owned by the parent's context. */
  async #child(parent: Life, mode: ChildMode, request: ChildRequest): Promise<Handle> {
    if (this.#closed || parent.children.closed) throw new Closed(`${mode} from ${JSON.stringify(parent.agent.id)}: its teardown began`);
    if (request.signal?.aborted === true) throw abortValue(request.signal.reason);
    const header = parent.session.header;
    const depth = (header.delegationDepth ?? 0) + 1;
    if (depth > this.maxDepth) throw new Rejected(`${mode} from ${JSON.stringify(parent.agent.id)}: depth ${depth} exceeds maxDepth ${this.maxDepth}`);
    const id = this.#options.ids();
    const lineage: Lineage = { delegationDepth: depth, parentSession: parent.agent.id, ...(header.cwd === undefined ? {} : { cwd: header.cwd }) };
    const seed = mode === 'fork' ? parent.session.completedTurns() : undefined;
    return this.#transact(parent.children, id, request, (stored) => this.#fresh(id, lineage, seed, stored !== undefined), parent);
  }

  async #transact(owner: Owner, id: string, opening: ChildRequest, prepare: (stored: unknown) => Prepared, parent: Life | undefined): Promise<Handle> {
    const { signal, setup } = opening;
    const store = this.#options.store;
    const attempt = new Attempt();
    owner.attempts.add(attempt);
    const onAbort = (): void => attempt.stop(abortValue(signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    const announced: Announced = { session: false, agent: false };
    let life: Life | undefined;
    try {
      // 2. live check, before any store read
      if (this.#agents.has(id) || this.#sessions.has(id)) throw new IdTaken(`${JSON.stringify(id)} is live`);
      // 3. durable read (resume: the record; create: whether one is persisted, for reject-at-flush)
      // The slow path: a creation stopped while waiting for its turn at the store makes no store call at all.
      const stored = store === undefined ? undefined : await attempt.race(storeTurn().then(() => (attempt.check(), store.load(id))));
      // 4. session preparation
      const prepared = prepare(stored);
      // 5. agent and scope
      const session = new Session(prepared.header, prepared.history);
      const made = new Life(session, this.#surroundings(), parent);
      life = made;
      // 6. setup, still private
      if (setup !== undefined) await attempt.race(Promise.resolve().then(() => setup(made.agent.context)));
      attempt.check();
      // 7–12, without yielding
      if (this.#sessions.has(id) || this.#agents.has(id)) throw new IdTaken(`${JSON.stringify(id)} was published first by a racing creation`);
      this.#sessions.enter(id, session);
      this.#agents.enter(made.agent.id, made.agent);
      announced.session = true;
      this.#announce('session/created', session, { session }, attempt);
      announced.agent = true;
      this.#announce('agent/created', made.agent, { agent: made.agent }, attempt);
      this.#dispatch.publish('agent/session-start', made.agent, { agent: made.agent, source: prepared.source });
      attempt.check();
      // 12. publish
      const journal = store === undefined ? undefined : new Journal(store, session, { recorded: prepared.recorded, shadowing: prepared.shadowing, unissued: prepared.bookkeeping });
      const run = parent === undefined ? undefined : { runId: newRunId(), parent };
      made.publish(owner, journal, run);
      if (parent !== undefined && run !== undefined) {
        const subject = parent.agent;
        this.#dispatch.publish('subagent/start', subject, { parent: subject, runId: run.runId, provider: 'in-process', id, local: true });
      }
      return made;
    } catch (failure) {
      if (life !== undefined) {
        try {
          await life.rollback(announced);
        } catch (error) {
          this.#log(`the rollback of ${JSON.stringify(id)} failed`, error);
        }
      }
      throw failure;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      owner.attempts.delete(attempt);
      attempt.finish();
    }
  }

  /** A new session's header and history: a seed is followed by a `seed-end` bookkeeping entry. */
  #fresh(id: string, lineage: Lineage, seed: readonly LogEntry[] | undefined, persisted: boolean): Prepared {
    if (persisted && this.#options.persistedCreate === 'reject-at-create') throw new IdTaken(`create ${JSON.stringify(id)}: a record is persisted under this id; resume it instead`);
    const header: Header = {
      ...(lineage.delegationDepth === undefined ? {} : { delegationDepth: lineage.delegationDepth }),
      ...(seed === undefined ? {} : { seedLength: seed.length }),
      ...(lineage.parentSession === undefined ? {} : { parentSession: lineage.parentSession }),
      ...(lineage.cwd === undefined ? {} : { cwd: lineage.cwd }),
      createdAt: this.#options.clock(),
      id,
    };
    const bookkeeping = seed === undefined ? [] : [{ kind: BOOKKEEPING.seeded, seq: seed.length }];
    return { header, history: [...(seed ?? []), ...bookkeeping], bookkeeping, source: 'startup', shadowing: persisted, recorded: false };
  }

  #announce(topic: 'session/created' | 'agent/created', subject: object, payload: Readonly<Record<string, unknown>>, attempt: Attempt): void {
    const veto = this.#dispatch.publish(topic, subject, payload);
    if (veto !== undefined) throw veto.thrown;
    attempt.check();
  }

  #surroundings() {
    return {
      dispatch: this.#dispatch,
      agents: this.#agents,
      sessions: this.#sessions,
      model: this.#options.model,
      log: this.#log,
      child: (parent: Life, mode: ChildMode, request: ChildRequest) => this.#child(parent, mode, request),
    };
  }

  async #startEntry(entry: ConfiguredAgent): Promise<Handle> {
    const placed = entry.cwd === undefined ? {} : { meta: { cwd: entry.cwd } };
    if (entry.exact === undefined) return this.open(this.root, { kind: 'create', sessionId: this.#freshId(entry.label), ...placed });
    const id = entry.exact.id;
    if (entry.exact.mode === 'resume') return this.open(this.root, { kind: 'resume', resumeSessionId: id });
    if (this.#options.store === undefined) return this.open(this.root, { kind: 'create', sessionId: id, ...placed });
    try {
      return await this.open(this.root, { kind: 'resume', resumeSessionId: id });
    } catch (error) {
      if (!(error instanceof NothingStored)) throw error;
      return this.open(this.root, { kind: 'create', sessionId: id, ...placed });
    }
  }

  /** A configured fresh id: the id source's output as it is, drawn again in the unlikely case it is the label. */
  #freshId(label: string): string {
    for (;;) {
      const id = this.#options.ids();
      if (id !== label) return id;
    }
  }
}

/** A run id of this runtime's own: random, so unique across restarts over the same store. */
function newRunId(): string {
  return `run:${randomUUID()}`;
}

/** A resumed session: the stored header and history, then a `resumed` bookkeeping entry. */
function resumed(id: string, stored: unknown): Prepared {
  if (stored === undefined) throw new NothingStored(`resume ${JSON.stringify(id)}: nothing is persisted under it`);
  const { header, history } = storedOf(stored, id);
  const bookkeeping = [{ kind: BOOKKEEPING.resumed, seq: history.length }];
  return { header, history: [...history, ...bookkeeping], bookkeeping, source: 'resume', shadowing: false, recorded: true };
}

/** An abort rejects with its reason: an Error as that object, anything else as the cause of a {@link Cancelled}. */
function abortValue(reason: unknown): unknown {
  return reason instanceof Error ? reason : new Cancelled('the creation was aborted', { cause: reason });
}
