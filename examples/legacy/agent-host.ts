import { randomUUID } from 'node:crypto';
import { LegacySession, type LegacyEvent, type LegacyHeader } from './legacy-session.js';

/**
 * A plausible older agent harness that predates the one-identity contract: agents and sessions
 * have separate ids, joined by a translation map. It is here to be caught: the conformance kit
 * must report it NOT CONFORMANT (AIK-ID-001 first), and the identity lint must flag its shapes.
 * Its defects are the point; do not fix them.
 */

/** Error codes the legacy host throws with. */
export type LegacyCode = 'EEXIST' | 'ENOENT' | 'EINVAL' | 'ECLOSED' | 'EABORT';

/** An error of the legacy host. */
export class LegacyError extends Error {
  readonly code: LegacyCode;

  constructor(code: LegacyCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** The store the legacy host persists sessions to. */
export interface LegacyStore {
  load(id: string): Promise<{ readonly header: LegacyHeader; readonly events: readonly LegacyEvent[] } | undefined>;
  put(record: { readonly header: LegacyHeader; readonly events: readonly LegacyEvent[] }): Promise<void>;
  append(id: string, events: readonly LegacyEvent[]): Promise<void>;
  flush(id: string): Promise<void>;
}

/** A listener of the legacy host. */
export type LegacyListener = (payload: Record<string, unknown>) => unknown;

/** What an agent's code gets: listeners filtered by the agent's id. */
export interface LegacyContext {
  on(event: string, listener: LegacyListener): () => void;
  defer(cleanup: () => unknown): void;
}

/** Options of {@link AgentHost.createAgent}: both ids may be chosen by the caller, each minted when absent. */
export interface CreateAgentOptions {
  readonly agentId?: string;
  readonly sessionId?: string;
  readonly cwd?: string;
  readonly seed?: readonly LegacyEvent[];
  readonly setup?: (context: LegacyContext) => unknown;
  readonly signal?: AbortSignal;
}

/** A legacy agent: its own id, and a session with another. */
export class LegacyAgent {
  readonly id: string;
  readonly session: LegacySession;
  readonly context: LegacyContext;
  status: 'idle' | 'running' = 'idle';
  readonly cleanups: (() => unknown)[] = [];

  constructor(agentId: string, session: LegacySession, host: AgentHost) {
    this.id = agentId;
    this.session = session;
    this.context = {
      on: (event, listener) => host.on(event, listener, agentId),
      defer: (cleanup) => {
        this.cleanups.push(cleanup);
      },
    };
  }
}

/** Options of {@link AgentHost}. */
export interface AgentHostOptions {
  readonly store?: LegacyStore;
  readonly clock?: () => number;
  readonly model?: (agent: LegacyAgent, signal: AbortSignal) => Promise<readonly { kind: string; data?: unknown }[]>;
  /** Configured agents: the label doubles as the agent id. */
  readonly agents?: readonly { readonly id: string; readonly sessionId?: string; readonly cwd?: string }[];
}

interface Registration {
  readonly event: string;
  readonly listener: LegacyListener;
  readonly agentId: string | undefined;
}

/** The legacy host. */
export class AgentHost {
  readonly #agents = new Map<string, LegacyAgent>();
  readonly #sessions = new Map<string, LegacySession>();
  readonly #agentIdBySession = new Map<string, string>();
  readonly #listeners: Registration[] = [];
  readonly #turns = new Map<string, AbortController>();
  readonly #options: AgentHostOptions;
  #closed = false;

  constructor(options: AgentHostOptions) {
    this.#options = options;
  }

  /** Adds a listener; with `agentId`, only for events about that id. */
  on(event: string, listener: LegacyListener, agentId?: string): () => void {
    const registration = { event, listener, agentId };
    this.#listeners.push(registration);
    return () => {
      const index = this.#listeners.indexOf(registration);
      if (index >= 0) this.#listeners.splice(index, 1);
    };
  }

  /** Starts the configured agents, each under its label as agent id. */
  async start(): Promise<LegacyAgent[]> {
    const started: LegacyAgent[] = [];
    for (const entry of this.#options.agents ?? []) {
      started.push(await this.createAgent({ agentId: entry.id, ...(entry.sessionId === undefined ? {} : { sessionId: entry.sessionId }), ...(entry.cwd === undefined ? {} : { cwd: entry.cwd }) }));
    }
    return started;
  }

  /** Creates an agent and its session, minting whichever id the caller left out. */
  async createAgent(options: CreateAgentOptions): Promise<LegacyAgent> {
    if (this.#closed) throw new LegacyError('ECLOSED', 'host is shut down');
    if (isAborted(options.signal)) throw new LegacyError('EABORT', 'aborted');
    const agentId = options.agentId ?? randomUUID();
    const sessionId = options.sessionId ?? randomUUID();
    if (agentId === '' || sessionId === '') throw new LegacyError('EINVAL', 'ids must not be empty');
    if (this.#sessions.has(sessionId)) throw new LegacyError('EEXIST', `session ${sessionId} exists`);
    const seed = options.seed ?? [];
    const header: LegacyHeader = {
      id: sessionId,
      createdAt: (this.#options.clock ?? Date.now)(),
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      ...(options.seed === undefined ? {} : { seedLength: seed.length }),
    };
    const session = new LegacySession(sessionId, header, seed);
    const agent = new LegacyAgent(agentId, session, this);
    await options.setup?.(agent.context);
    if (isAborted(options.signal)) throw new LegacyError('EABORT', 'aborted');
    this.#agents.set(agentId, agent);
    this.attachSession(agentId, session);
    this.#emit('session/created', agentId, { session });
    this.#emit('agent/created', agentId, { agent });
    this.#emit('agent/session-start', agentId, { agent, source: 'startup' });
    await this.#options.store?.put({ header, events: session.events });
    return agent;
  }

  /** Resumes a stored session under an agent id of the caller's choosing (minted when absent). */
  async resumeAgent(agentId: string | undefined, sessionId: string, setup?: (context: LegacyContext) => unknown): Promise<LegacyAgent> {
    if (this.#closed) throw new LegacyError('ECLOSED', 'host is shut down');
    const store = this.#options.store;
    if (store === undefined) throw new LegacyError('EINVAL', 'no store');
    if (sessionId === '') throw new LegacyError('EINVAL', 'session id must not be empty');
    const record = await store.load(sessionId);
    if (record === undefined) throw new LegacyError('ENOENT', `no session ${sessionId}`);
    const session = new LegacySession(sessionId, record.header, record.events);
    const agent = new LegacyAgent(agentId ?? randomUUID(), session, this);
    await setup?.(agent.context);
    this.#agents.set(agent.id, agent);
    this.attachSession(agent.id, session);
    this.#emit('session/created', agent.id, { session });
    this.#emit('agent/created', agent.id, { agent });
    this.#emit('agent/session-start', agent.id, { agent, source: 'resume' });
    return agent;
  }

  /** Files a session under its id and remembers which agent id goes with it. */
  attachSession(agentId: string, session: LegacySession): void {
    this.#sessions.set(session.id, session);
    this.#agentIdBySession.set(session.id, agentId);
  }

  getAgent(agentId: string): LegacyAgent | undefined {
    return this.#agents.get(agentId);
  }

  getSession(sessionId: string): LegacySession | undefined {
    return this.#sessions.get(sessionId);
  }

  /** The agent serving a session, through the translation map. */
  agentForSession(sessionId: string): LegacyAgent | undefined {
    const agentId = this.#agentIdBySession.get(sessionId);
    return agentId === undefined ? undefined : this.#agents.get(agentId);
  }

  listAgents(): [string, LegacyAgent][] {
    return [...this.#agents];
  }

  listSessions(): [string, LegacySession][] {
    return [...this.#sessions];
  }

  /** Runs one turn on the agent with this id. */
  async prompt(agentId: string): Promise<void> {
    const agent = this.#agents.get(agentId);
    if (agent === undefined) throw new LegacyError('ENOENT', `no agent ${agentId}`);
    const controller = new AbortController();
    this.#turns.set(agentId, controller);
    agent.status = 'running';
    try {
      await this.#append(agent, 'user');
      const reply = (await this.#options.model?.(agent, controller.signal)) ?? [];
      for (const item of reply) await this.#append(agent, item.kind, item.data);
      await this.#append(agent, 'turn-end');
    } finally {
      agent.status = 'idle';
      this.#turns.delete(agentId);
    }
  }

  async flush(agentId: string): Promise<void> {
    const agent = this.#agents.get(agentId);
    if (agent === undefined) throw new LegacyError('ENOENT', `no agent ${agentId}`);
    await this.#options.store?.flush(agent.session.id);
  }

  /** Disposes whatever agent is filed under this id now. */
  async disposeAgent(agentId: string): Promise<void> {
    const agent = this.#agents.get(agentId);
    if (agent === undefined) return;
    this.#turns.get(agentId)?.abort(new LegacyError('EABORT', 'disposed'));
    this.#agents.delete(agentId);
    this.#emit('agent/disposed', agentId, { agent });
    this.#sessions.delete(agent.session.id);
    this.#agentIdBySession.delete(agent.session.id);
    this.#emit('session/disposed', agentId, { session: agent.session });
    for (const cleanup of agent.cleanups.splice(0)) await cleanup();
  }

  async shutdown(): Promise<void> {
    this.#closed = true;
    for (const agentId of [...this.#agents.keys()]) await this.disposeAgent(agentId);
  }

  async #append(agent: LegacyAgent, kind: string, data?: unknown): Promise<void> {
    const event = agent.session.append(kind, data);
    this.#emit('session/event', agent.id, { session: agent.session, event });
    await this.#options.store?.append(agent.session.id, [event]);
  }

  #emit(event: string, agentId: string, payload: Record<string, unknown>): void {
    for (const registration of [...this.#listeners]) {
      if (registration.event !== event || (registration.agentId !== undefined && registration.agentId !== agentId)) continue;
      const returned = registration.listener(payload);
      // Fire and forget: a listener's async failure is nobody's business here.
      if (returned instanceof Promise) returned.catch(() => undefined);
    }
  }
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
