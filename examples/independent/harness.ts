import { randomUUID } from 'node:crypto';
import { admission, type AgentEntry, type SessionMeta } from './admission.js';
import { Agent, type AgentContext } from './agent.js';
import { EventBus, type EventName, type Listener } from './event-bus.js';
import { Handle, type Model } from './handle.js';
import { HarnessError } from './harness-error.js';
import { Session, type Header, type LogEvent } from './session.js';
import type { Store } from './store.js';

/** Options of {@link createHarness}. */
export interface HarnessOptions {
  /** Durable store; absent means no durability (resume is then `invalid`). */
  readonly store?: Store;
  /** Source of `createdAt`. Default: `Date.now`. */
  readonly clock?: () => number;
  /** What each turn awaits. Default: an empty reply at once. */
  readonly model?: Model;
  /** Configured agents, started by `start()`. Default: none. */
  readonly agents?: unknown;
  /** Where contained failures go. Default: dropped. */
  readonly log?: (message: string, error?: unknown) => void;
}

/** Inputs of `create`. */
export interface CreateRequest {
  readonly sessionId: string;
  readonly meta?: SessionMeta;
  /** A valid log of `user`/`assistant`/`tool`/`turn-end` events; anything else is refused as `invalid`. */
  readonly seed?: unknown;
  readonly setup?: (context: AgentContext) => unknown;
  readonly signal?: AbortSignal;
}

/** Inputs of `resume`. */
export interface ResumeRequest {
  readonly resumeSessionId: string;
  readonly setup?: (context: AgentContext) => unknown;
  readonly signal?: AbortSignal;
}

/** An owner through which creations are made; `unload` is memoized. */
export interface OwnerApi {
  create(request: CreateRequest): Promise<Handle>;
  resume(request: ResumeRequest): Promise<Handle>;
  unload(): Promise<void>;
}

/** The outcome of one configured entry, in entry order. */
export type EntryResult =
  | { readonly label: string; readonly ok: true; readonly id: string; readonly handle: Handle }
  | { readonly label: string; readonly ok: false; readonly error: unknown };

/** A small independent implementation of the one-identity contract (docs/contract.md). */
export interface Harness {
  start(): Promise<readonly EntryResult[]>;
  /** The root owner: `create` and `resume` below go through it. */
  readonly root: OwnerApi;
  create(request: CreateRequest): Promise<Handle>;
  resume(request: ResumeRequest): Promise<Handle>;
  owner(label: string): OwnerApi;
  on(event: EventName, listener: Listener): () => void;
  getAgent(id: string): Agent | undefined;
  /** Live agent entries as `[registry key, agent]`. */
  listAgents(): (readonly [string, Agent])[];
  getSession(id: string): Session | undefined;
  /** Live session entries as `[store key, session]`. */
  listSessions(): (readonly [string, Session])[];
  shutdown(): Promise<void>;
}

/** Creates a harness; nothing runs until `start`, `create` or `resume` is called. */
export function createHarness(options: HarnessOptions = {}): Harness {
  return new Runtime(options);
}

/** A pending creation: awaits are raced with stop requests (abort, unload, shutdown); the first wins. */
class Pending {
  #stop: { readonly value: unknown } | undefined;
  readonly #stopped: Promise<void>;
  #onStop: () => void = () => undefined;
  readonly settled: Promise<void>;
  settle: () => void = () => undefined;

  constructor() {
    this.#stopped = new Promise((resolve) => (this.#onStop = resolve));
    this.settled = new Promise((resolve) => (this.settle = resolve));
  }

  stop(value: unknown): void {
    if (this.#stop !== undefined) return;
    this.#stop = { value };
    this.#onStop();
  }

  /** Throws the first stop request, if any. */
  check(): void {
    if (this.#stop !== undefined) throw this.#stop.value;
  }

  /** Awaits `work` unless a stop comes first; a late settlement of `work` is ignored. */
  async wait<T>(work: Promise<T>): Promise<T> {
    const outcome = await Promise.race([work.then((value) => ({ value })), this.#stopped.then(() => undefined)]);
    this.check();
    return (outcome as { value: T }).value;
  }
}

class Owner implements OwnerApi {
  closed = false;
  readonly handles = new Set<Handle>();
  readonly pending = new Set<Pending>();
  #unload: Promise<void> | undefined;
  readonly #runtime: Runtime;
  readonly #label: string;

  constructor(runtime: Runtime, label: string) {
    this.#runtime = runtime;
    this.#label = label;
  }

  create(request: CreateRequest): Promise<Handle> {
    return this.#runtime.open(this, { kind: 'create', request });
  }

  resume(request: ResumeRequest): Promise<Handle> {
    return this.#runtime.open(this, { kind: 'resume', request });
  }

  unload(): Promise<void> {
    this.#unload ??= this.#unloadOnce();
    return this.#unload;
  }

  async #unloadOnce(): Promise<void> {
    this.closed = true;
    const pending = [...this.pending];
    for (const creation of pending) creation.stop(new HarnessError('inactive', `owner ${JSON.stringify(this.#label)} unloaded during the creation`));
    await Promise.all([...[...this.handles].map((handle) => handle.dispose()), ...pending.map((creation) => creation.settled)]);
  }
}

type Open = { readonly kind: 'create'; readonly request: CreateRequest } | { readonly kind: 'resume'; readonly request: ResumeRequest };

class Runtime implements Harness {
  readonly #agents = new Map<string, Agent>();
  readonly #sessions = new Map<string, Session>();
  readonly #owners: Owner[];
  readonly root: Owner;
  readonly #bus: EventBus;
  readonly #options: HarnessOptions;
  readonly #log: (message: string, error?: unknown) => void;
  #closed = false;
  #started: Promise<readonly EntryResult[]> | undefined;
  #shutdown: Promise<void> | undefined;

  constructor(options: HarnessOptions) {
    this.#options = options;
    this.#log = options.log ?? (() => undefined);
    this.#bus = new EventBus(this.#log);
    this.root = new Owner(this, 'root');
    this.#owners = [this.root];
  }

  start(): Promise<readonly EntryResult[]> {
    this.#started ??= this.#startOnce();
    return this.#started;
  }

  create(request: CreateRequest): Promise<Handle> {
    return this.root.create(request);
  }

  resume(request: ResumeRequest): Promise<Handle> {
    return this.root.resume(request);
  }

  owner(label: string): OwnerApi {
    const owner = new Owner(this, label);
    owner.closed = this.#closed;
    this.#owners.push(owner);
    return owner;
  }

  on(event: EventName, listener: Listener): () => void {
    return this.#bus.on(event, listener);
  }

  getAgent(id: string): Agent | undefined {
    return this.#agents.get(id);
  }

  listAgents(): (readonly [string, Agent])[] {
    return [...this.#agents];
  }

  getSession(id: string): Session | undefined {
    return this.#sessions.get(id);
  }

  listSessions(): (readonly [string, Session])[] {
    return [...this.#sessions];
  }

  shutdown(): Promise<void> {
    this.#shutdown ??= (async () => {
      this.#closed = true;
      await Promise.all(this.#owners.map((owner) => owner.unload()));
    })();
    return this.#shutdown;
  }

  /** The creation transaction of docs/contract.md §4, shared by create and resume. */
  async open(owner: Owner, open: Open): Promise<Handle> {
    const { signal } = open.request;
    // 1. admission
    if (this.#closed || owner.closed) throw new HarnessError('inactive', `${open.kind}: ${this.#closed ? 'the harness is shut down' : 'its owner is unloaded'}`);
    if (signal?.aborted === true) throw abortValue(signal.reason);
    const store = this.#options.store;
    let id: string;
    let meta: SessionMeta = {};
    let seed: LogEvent[] | undefined;
    let resumeFrom: Store | undefined;
    if (open.kind === 'create') {
      id = admission.sessionId(open.request.sessionId, 'sessionId');
      meta = admission.meta(open.request.meta);
      seed = open.request.seed === undefined ? undefined : admission.seed(open.request.seed);
    } else {
      id = admission.sessionId(open.request.resumeSessionId, 'resumeSessionId');
      if (store === undefined) throw new HarnessError('invalid', `resume ${JSON.stringify(id)}: no durable store is configured`);
      resumeFrom = store;
    }
    const pending = new Pending();
    owner.pending.add(pending);
    const onAbort = (): void => pending.stop(abortValue(signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    let agent: Agent | undefined;
    const announced = { session: false, agent: false };
    try {
      // 2. live check, before any store read
      if (this.#agents.has(id) || this.#sessions.has(id)) throw new HarnessError('conflict', `${open.kind} ${JSON.stringify(id)}: the id is live`);
      // 3–4. durable read and session preparation
      let header: Header;
      let history: LogEvent[];
      if (resumeFrom !== undefined) {
        const record = await pending.wait(resumeFrom.load(id));
        if (record === undefined) throw new HarnessError('not-found', `resume ${JSON.stringify(id)}: nothing is persisted under it`);
        ({ header, events: history } = admission.record(record, id));
      } else {
        if (store !== undefined && (await pending.wait(store.load(id))) !== undefined) {
          throw new HarnessError('conflict', `create ${JSON.stringify(id)}: a record is persisted under it (resume it instead)`);
        }
        const createdAt = (this.#options.clock ?? Date.now)();
        header = { id, createdAt, ...meta, ...(seed === undefined ? {} : { seedLength: seed.length }) };
        history = seed ?? [];
      }
      // 5. agent and scope
      const session = new Session(header, history);
      agent = new Agent(session, this.#bus);
      // 6. setup, still private
      const setup = open.request.setup;
      const context = agent.context;
      if (setup !== undefined) await pending.wait((async () => setup(context))());
      // 7–12 run without yielding
      if (this.#sessions.has(id) || this.#agents.has(id)) throw new HarnessError('conflict', `${open.kind} ${JSON.stringify(id)}: a racing creation published it first`);
      this.#sessions.set(id, session);
      this.#agents.set(id, agent);
      announced.session = true;
      this.#announce('session/created', session, { session });
      pending.check();
      announced.agent = true;
      this.#announce('agent/created', agent, { agent });
      pending.check();
      this.#bus.emit('agent/session-start', agent, { agent, source: open.kind === 'create' ? 'startup' : 'resume' });
      pending.check();
      // 12. publish
      const handle = this.#handle(owner, agent);
      handle.published(open.kind === 'create');
      return handle;
    } catch (failure) {
      if (agent !== undefined) {
        try {
          await this.#retire(agent, announced);
        } catch (error) {
          this.#log(`rollback of ${JSON.stringify(id)} failed`, error);
        }
      }
      throw failure;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      owner.pending.delete(pending);
      pending.settle();
    }
  }

  #announce(event: 'session/created' | 'agent/created', subject: object, payload: Readonly<Record<string, unknown>>): void {
    const outcome = this.#bus.emit(event, subject, payload);
    if (outcome !== undefined) throw outcome.veto;
  }

  #handle(owner: Owner, agent: Agent): Handle {
    const handle: Handle = new Handle(agent, {
      bus: this.#bus,
      store: this.#options.store,
      model: this.#options.model ?? (async () => []),
      log: this.#log,
      retire: (retiring) => this.#retire(retiring, { session: true, agent: true }),
      gone: () => owner.handles.delete(handle),
    });
    owner.handles.add(handle);
    return handle;
  }

  /** Detach the agent, then the session, each disposed edge iff its created dispatch began; then the scope (scope-last). */
  async #retire(agent: Agent, announced: { readonly session: boolean; readonly agent: boolean }): Promise<void> {
    const session = agent.session;
    if (this.#agents.get(agent.id) === agent) this.#agents.delete(agent.id);
    if (announced.agent) this.#bus.emit('agent/disposed', agent, { agent });
    if (this.#sessions.get(session.id) === session) this.#sessions.delete(session.id);
    if (announced.session) this.#bus.emit('session/disposed', session, { session });
    await agent.closeScope(this.#log);
  }

  async #startOnce(): Promise<readonly EntryResult[]> {
    const entries = admission.config(this.#options.agents ?? []);
    const results: EntryResult[] = [];
    for (const entry of entries) {
      try {
        const handle = await this.#startEntry(entry);
        results.push({ label: entry.id, ok: true, id: handle.id, handle });
      } catch (error) {
        results.push({ label: entry.id, ok: false, error });
      }
    }
    return results;
  }

  async #startEntry(entry: AgentEntry): Promise<Handle> {
    const meta = entry.cwd === undefined ? {} : { cwd: entry.cwd };
    if (entry.resumeSessionId !== undefined) return this.resume({ resumeSessionId: entry.resumeSessionId });
    if (entry.sessionId === undefined) {
      return this.create({ sessionId: `${entry.id}/${randomUUID()}`, meta });
    }
    if (this.#options.store === undefined) return this.create({ sessionId: entry.sessionId, meta });
    try {
      return await this.resume({ resumeSessionId: entry.sessionId });
    } catch (error) {
      if (!(error instanceof HarnessError && error.code === 'not-found')) throw error;
      return this.create({ sessionId: entry.sessionId, meta });
    }
  }
}

/** An abort rejects with its reason: an Error as that object, anything else as the cause of `aborted`. */
function abortValue(reason: unknown): unknown {
  return reason instanceof Error ? reason : new HarnessError('aborted', 'the creation was aborted', { cause: reason });
}
