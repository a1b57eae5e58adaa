/**
 * A minimal agent host, as a newcomer might write it in an afternoon: agents keyed by their
 * session id, a log per session, a store, global listeners. It has no owners, no abort signal,
 * no scoped listeners, no subagents and no configuration, and it rejects with bare string codes
 * (`'conflict'`, `'not-found'`, `'invalid'`, `'inactive'`) instead of error objects.
 */

/** One log entry. */
export interface Entry {
  readonly seq: number;
  readonly kind: string;
  readonly data?: unknown;
}

/** A session's frozen header: the one home of its id. */
export interface Header {
  readonly id: string;
  readonly createdAt: number;
  readonly cwd?: string;
  readonly seedLength?: number;
}

/** Where sessions are kept between runs. */
export interface Store {
  load(id: string): Promise<{ readonly header: Header; readonly events: readonly Entry[] } | undefined>;
  put(record: { readonly header: Header; readonly events: readonly Entry[] }): Promise<void>;
  append(id: string, events: readonly Entry[]): Promise<void>;
  flush(id: string): Promise<void>;
}

/** A session: its header and its log. */
export class Session {
  readonly events: Entry[];
  constructor(
    readonly header: Header,
    events: readonly Entry[],
  ) {
    this.events = [...events];
  }
  get id(): string {
    return this.header.id;
  }
}

/** An agent: its session is its identity. */
export class Agent {
  closing: Promise<void> | undefined;
  turn: Promise<void> = Promise.resolve();
  writes: Promise<unknown> = Promise.resolve();
  constructor(readonly session: Session) {}
  get id(): string {
    return this.session.id;
  }
}

type Listener = (payload: { agent?: Agent; session?: Session; source?: string; event?: Entry }) => unknown;

/** Options of {@link Agents}. */
export interface AgentsOptions {
  readonly store?: Store;
  readonly now?: () => number;
  /** The model: what one turn appends after the user's message. */
  readonly reply?: (agent: Agent) => Promise<readonly { kind: string; data?: unknown }[]>;
}

/** The host: a map of live agents keyed by session id. */
export class Agents {
  readonly #live = new Map<string, Agent>();
  readonly #listeners: { readonly type: string; readonly listener: Listener }[] = [];
  #closed = false;

  constructor(readonly options: AgentsOptions) {}

  on(type: string, listener: Listener): () => void {
    const entry = { type, listener };
    this.#listeners.push(entry);
    return () => void this.#listeners.splice(this.#listeners.indexOf(entry) >>> 0, 1);
  }

  get(id: string): Agent | undefined {
    return this.#live.get(id);
  }

  list(): Agent[] {
    return [...this.#live.values()];
  }

  /** Opens a new agent under `id`, or rejects with a bare code. */
  async open(id: string, options: { cwd?: string; seed?: readonly Entry[]; setup?: (agent: Agent) => Promise<void> } = {}): Promise<Agent> {
    if (this.#closed) throw 'inactive';
    if (id === '' || (options.cwd !== undefined && !options.cwd.startsWith('/')) || (options.seed !== undefined && !validSeed(options.seed))) throw 'invalid';
    if (this.#live.has(id)) throw 'conflict';
    if ((await this.options.store?.load(id)) !== undefined) throw 'conflict';
    const header: Header = { id, createdAt: (this.options.now ?? Date.now)(), ...(options.cwd === undefined ? {} : { cwd: options.cwd }), ...(options.seed === undefined ? {} : { seedLength: options.seed.length }) };
    return this.#publish(new Agent(new Session(header, options.seed ?? [])), 'startup', options.setup);
  }

  /** Reopens a stored session under its id. */
  async reopen(id: string, options: { setup?: (agent: Agent) => Promise<void> } = {}): Promise<Agent> {
    if (this.#closed) throw 'inactive';
    if (id === '' || this.options.store === undefined) throw 'invalid';
    if (this.#live.has(id)) throw 'conflict';
    const record = await this.options.store.load(id);
    if (record === undefined) throw 'not-found';
    return this.#publish(new Agent(new Session(record.header, record.events)), 'resume', options.setup);
  }

  async #publish(agent: Agent, source: 'startup' | 'resume', setup: ((agent: Agent) => Promise<void>) | undefined): Promise<Agent> {
    await setup?.(agent);
    if (this.#closed) throw 'inactive';
    if (this.#live.has(agent.id)) throw 'conflict';
    this.#live.set(agent.id, agent);
    this.#emit('session/created', { session: agent.session });
    this.#emit('agent/created', { agent });
    this.#emit('agent/session-start', { agent, source });
    if (source === 'startup') agent.writes = this.#write(() => this.options.store?.put({ header: agent.session.header, events: [...agent.session.events] }));
    return agent;
  }

  /** Runs one turn: the user's message, the model's reply, the end of the turn. */
  send(agent: Agent): Promise<void> {
    if (agent.closing !== undefined) return Promise.reject('inactive');
    agent.turn = agent.turn.then(async () => {
      this.#append(agent, 'user');
      for (const item of await (this.options.reply?.(agent) ?? Promise.resolve([]))) this.#append(agent, item.kind, item.data);
      this.#append(agent, 'turn-end');
    });
    return agent.turn;
  }

  /** Waits for the agent's writes. */
  async save(agent: Agent): Promise<void> {
    if (agent.closing !== undefined) throw 'inactive';
    await agent.writes;
    await this.options.store?.flush(agent.id);
  }

  /** Closes an agent (once); later calls wait for the same close. */
  close(agent: Agent): Promise<void> {
    agent.closing ??= (async () => {
      await agent.turn.catch(() => undefined);
      this.#live.delete(agent.id);
      this.#emit('agent/disposed', { agent });
      this.#emit('session/disposed', { session: agent.session });
      await agent.writes.catch(() => undefined);
    })();
    return agent.closing;
  }

  /** Closes every agent and refuses new ones. */
  async closeAll(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.list().map((agent) => this.close(agent)));
  }

  #append(agent: Agent, kind: string, data?: unknown): void {
    const event: Entry = { seq: agent.session.events.length, kind, ...(data === undefined ? {} : { data }) };
    agent.session.events.push(event);
    const previous = agent.writes;
    agent.writes = this.#write(() => previous.then(() => this.options.store?.append(agent.id, [event])));
    this.#emit('session/event', { session: agent.session, event });
  }

  #write(run: () => Promise<unknown> | undefined): Promise<unknown> {
    const write = Promise.resolve().then(run);
    write.catch(() => undefined);
    return write;
  }

  #emit(type: string, payload: Parameters<Listener>[0]): void {
    for (const { listener } of this.#listeners.filter((entry) => entry.type === type)) {
      try {
        void Promise.resolve(listener(payload)).catch(() => undefined);
      } catch {
        // A listener's failure is contained.
      }
    }
  }
}

function validSeed(seed: readonly Entry[]): boolean {
  return Array.isArray(seed) && seed.every((event, index) => event.seq === index && ['user', 'assistant', 'tool', 'turn-end'].includes(event.kind));
}
