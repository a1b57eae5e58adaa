import { Agent, type ChildMode, type ChildRequest, type Context, type Handle } from './agent.js';
import type { Dispatch, Scope } from './dispatch.js';
import { Cancelled, Closed } from './faults.js';
import type { Journal } from './journal.js';
import { Owner, type Owned } from './owner.js';
import type { Registry } from './registry.js';
import type { Session } from './session.js';

/** A model reply item the driver appends. */
export interface Reply {
  readonly kind: string;
  readonly data?: unknown;
}

/** What a lifecycle needs from its runtime. */
export interface Surroundings {
  readonly dispatch: Dispatch;
  readonly agents: Registry<Agent>;
  readonly sessions: Registry<Session>;
  readonly model: (turn: { readonly id: string; readonly signal: AbortSignal }) => Promise<readonly Reply[]>;
  readonly log: (message: string, error: unknown) => void;
  /** Creates a child of `parent` through the parent's children owner (the creation transaction). */
  readonly child: (parent: Life, mode: ChildMode, request: ChildRequest) => Promise<Handle>;
}

/** Which created edges of a creation began, so that rollback emits exactly the matching disposed edges. */
export interface Announced {
  session: boolean;
  agent: boolean;
}

/** The run a child lifecycle belongs to (CONTRACT.md §3 "Subagents (in-process)"). */
interface Run {
  readonly runId: string;
  readonly parent: Life;
}

/**
 * One agent's lifecycle from construction to the end of its teardown: its scope (context),
 * its turns, its durable journal and its one memoized teardown, in the `scope-first` order of
 * AIK-QUIESCE-004 (dispose the scope with its children, then detach the agent, then the session).
 */
export class Life implements Handle, Owned {
  readonly agent: Agent;
  /** The owner of this agent's children. */
  readonly children: Owner;
  readonly #around: Surroundings;
  readonly #scope: Scope;
  readonly #cleanups: (() => unknown)[] = [];
  #journal: Journal | undefined;
  #owner: Owner | undefined;
  #run: Run | undefined;
  #published = false;
  #ending = false;
  #stale = false;
  #scopeClosed = false;
  #turns: Promise<void> = Promise.resolve();
  #turn: AbortController | undefined;
  #cut = false;
  #failed = false;
  #teardown: Promise<void> | undefined;

  constructor(session: Session, around: Surroundings, parent: Life | undefined) {
    this.#around = around;
    const context: Context = {
      on: (topic, hearer) => {
        this.#openScope(`on(${topic})`);
        return around.dispatch.subscribe(topic, hearer, this.#scope);
      },
      defer: (cleanup) => {
        this.#openScope('defer');
        this.#cleanups.push(cleanup);
      },
      spawn: (request = {}) => this.#child('spawn', request),
      fork: (request = {}) => this.#child('fork', request),
    };
    this.agent = new Agent(session, context, parent?.agent);
    this.#scope = { agent: this.agent, session };
    this.children = new Owner(`children of ${JSON.stringify(session.id)}`, false);
  }

  get session(): Session {
    return this.agent.session;
  }

  get runId(): string | undefined {
    return this.#run?.runId;
  }

  /** The parent's lifecycle, for a child. */
  get parent(): Life | undefined {
    return this.#run?.parent;
  }

  /** Whether a child may be created from this agent now: published and its teardown not begun. */
  get accepting(): boolean {
    return this.#published && !this.#ending;
  }

  /** Phase 12: the driver may run, the journal issues what was appended before publication. */
  publish(owner: Owner, journal: Journal | undefined, run: Run | undefined): void {
    this.#published = true;
    this.#owner = owner;
    this.#journal = journal;
    this.#run = run;
    owner.members.add(this);
    journal?.published();
  }

  prompt(): Promise<void> {
    if (this.#ending) return Promise.reject(this.#inactive('prompt'));
    const turn = this.#turns.then(() => this.#runTurn());
    this.#turns = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  async flush(): Promise<void> {
    if (this.#stale) throw this.#inactive('flush');
    await this.#journal?.flush();
  }

  dispose(): Promise<void> {
    return this.teardown();
  }

  teardown(): Promise<void> {
    this.#teardown ??= this.#tearDown();
    return this.#teardown;
  }

  /** Rollback of a creation that failed before publication: the same order as a teardown, minus turns and writes. */
  async rollback(announced: Announced): Promise<void> {
    this.#ending = true;
    await this.#closeScope();
    this.#detach(announced);
  }

  async #tearDown(): Promise<void> {
    this.#ending = true;
    // A child creation still pending is stopped at once (at its next phase boundary), not when the scope closes.
    this.children.refuse();
    this.#turn?.abort(new Cancelled(`the turn of ${JSON.stringify(this.agent.id)} was cut by its teardown`));
    await this.#turns;
    await this.#closeScope();
    this.#detach({ session: true, agent: true });
    await this.#journal?.settle(this.#around.log);
    this.#stale = true;
    this.#owner?.members.delete(this);
    const run = this.#run;
    if (run !== undefined) {
      const parent = run.parent.agent;
      const outcome = this.#cut ? 'cancelled' : this.#failed ? 'failed' : 'completed';
      this.#around.dispatch.publish('subagent/end', parent, { parent, runId: run.runId, provider: 'in-process', id: this.agent.id, local: true, outcome });
    }
  }

  /** Scope-first: the scope's listeners go first, then its children, then its cleanups (latest first). */
  async #closeScope(): Promise<void> {
    if (this.#scopeClosed) return;
    this.#scopeClosed = true;
    this.#around.dispatch.dropScope(this.#scope);
    await this.children.unload();
    for (const cleanup of this.#cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        this.#around.log(`a cleanup of ${JSON.stringify(this.agent.id)} failed`, error);
      }
    }
  }

  #detach(announced: Announced): void {
    const { agent } = this;
    const session = agent.session;
    this.#around.agents.leave(session.id, agent);
    if (announced.agent) this.#around.dispatch.publish('agent/disposed', agent, { agent });
    this.#around.sessions.leave(session.id, session);
    if (announced.session) this.#around.dispatch.publish('session/disposed', session, { session });
  }

  async #runTurn(): Promise<void> {
    if (this.#ending) throw this.#inactive('prompt');
    const controller = new AbortController();
    this.#turn = controller;
    this.agent.status = 'running';
    try {
      this.#append('user');
      const reply = await untilAborted(this.#around.model({ id: this.agent.id, signal: controller.signal }), controller.signal);
      for (const item of reply) this.#append(item.kind, item.data);
      this.#append('turn-end');
    } catch (error) {
      if (controller.signal.aborted) this.#cut = true;
      else this.#failed = true;
      throw error;
    } finally {
      this.#turn = undefined;
      this.agent.status = 'idle';
    }
  }

  #append(kind: string, data?: unknown): void {
    const session = this.agent.session;
    const entry = session.append(kind, data);
    this.#around.dispatch.publish('session/event', session, { session, event: entry });
    this.#journal?.appended(entry);
  }

  #child(mode: ChildMode, request: ChildRequest): Promise<Handle> {
    if (!this.accepting) return Promise.reject(this.#inactive(mode));
    return this.#around.child(this, mode, request);
  }

  #openScope(operation: string): void {
    if (this.#scopeClosed) throw new Closed(`context.${operation} of ${JSON.stringify(this.agent.id)}: its scope is disposed`);
  }

  #inactive(operation: string): Closed {
    return new Closed(`${operation} on ${JSON.stringify(this.agent.id)}: ${this.#published ? 'its teardown began' : 'it is not published'}`);
  }
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
