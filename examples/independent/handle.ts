import type { Agent } from './agent.js';
import type { EventBus } from './event-bus.js';
import { HarnessError } from './harness-error.js';
import type { LogKind } from './session.js';
import type { Store } from './store.js';

/** One model reply item of a turn. */
export interface ModelItem {
  readonly kind: 'assistant' | 'tool';
  readonly data?: unknown;
}

/** What a turn awaits: the model's reply, cut short by `signal` on teardown. */
export type Model = (turn: { readonly agent: Agent; readonly signal: AbortSignal }) => Promise<readonly ModelItem[]>;

/** What a handle needs from the harness that published it. */
export interface HandleDeps {
  readonly bus: EventBus;
  readonly store: Store | undefined;
  readonly model: Model;
  readonly log: (message: string, error?: unknown) => void;
  /** Detaches the entries, emits the disposed edges and disposes the scope. */
  readonly retire: (agent: Agent) => Promise<void>;
  /** Called once the teardown completed. */
  readonly gone: () => void;
}

/**
 * What a successful creation returns, one per creation, bound to that exact agent object: it
 * runs the agent's turns, issues its durable writes and owns its one memoized teardown.
 */
export class Handle {
  readonly agent: Agent;
  readonly #deps: HandleDeps;
  #ending = false;
  #stale = false;
  #turns: Promise<void> = Promise.resolve();
  #turn: AbortController | undefined;
  #writes: Promise<void> = Promise.resolve();
  readonly #failures: unknown[] = [];
  #teardown: Promise<void> | undefined;

  constructor(agent: Agent, deps: HandleDeps) {
    this.agent = agent;
    this.#deps = deps;
  }

  get id(): string {
    return this.agent.id;
  }

  /** True once this agent's teardown completed. */
  get stale(): boolean {
    return this.#stale;
  }

  /** Publication: a created session's first durable write is issued here, never awaited. */
  published(created: boolean): void {
    const { header, events } = this.agent.session;
    if (created) this.#write((store) => store.put({ header, events: [...events] }));
  }

  /** Runs one turn after any turn in flight; refused (`inactive`) once teardown began. */
  prompt(): Promise<void> {
    if (this.#ending) return Promise.reject(this.#inactive('prompt'));
    const turn = this.#turns.then(() => this.#runTurn());
    this.#turns = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  /** Resolves when everything this agent published so far is durable; a failed write rejects here. */
  async flush(): Promise<void> {
    if (this.#stale) throw this.#inactive('flush');
    await this.#writes;
    const failed = this.#failures.splice(0);
    if (failed.length > 0) throw failed[0];
    await this.#deps.store?.flush(this.id);
  }

  /** The agent's one teardown, memoized: cut the turn, retire the entries, settle the writes. */
  dispose(): Promise<void> {
    this.#teardown ??= this.#tearDown();
    return this.#teardown;
  }

  async #tearDown(): Promise<void> {
    this.#ending = true;
    this.#turn?.abort(new HarnessError('aborted', `turn of ${JSON.stringify(this.id)} cut by teardown`));
    await this.#turns;
    await this.#deps.retire(this.agent);
    await this.#writes;
    for (const failure of this.#failures.splice(0)) this.#deps.log(`write of ${JSON.stringify(this.id)} failed after its last flush`, failure);
    this.#stale = true;
    this.#deps.gone();
  }

  async #runTurn(): Promise<void> {
    if (this.#ending) throw this.#inactive('prompt');
    const turn = new AbortController();
    this.#turn = turn;
    this.agent.status = 'running';
    try {
      this.#append('user');
      const reply = await abortable(this.#deps.model({ agent: this.agent, signal: turn.signal }), turn.signal);
      for (const item of reply) this.#append(item.kind, item.data);
      this.#append('turn-end');
    } finally {
      this.#turn = undefined;
      this.agent.status = 'idle';
    }
  }

  #append(kind: LogKind, data?: unknown): void {
    const session = this.agent.session;
    const event = session.append(kind, data);
    this.#deps.bus.emit('session/event', session, { session, event });
    this.#write((store) => store.append(session.id, [event]));
  }

  #write(operation: (store: Store) => Promise<void>): void {
    const store = this.#deps.store;
    if (store === undefined) return;
    this.#writes = this.#writes.then(() => operation(store)).then(undefined, (error: unknown) => {
      this.#failures.push(error);
    });
  }

  #inactive(operation: string): HarnessError {
    return new HarnessError('inactive', `${operation} on ${JSON.stringify(this.id)}: its teardown began`);
  }
}

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
