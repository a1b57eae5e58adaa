/**
 * `conform --adapter-cmd "<command>"`: an adapter process in any language, presented to the kit
 * as an {@link AdapterFactory} (docs/stdio-adapter.md). One process serves every system of a run
 * (each `open` names a new one); a process that exits is reported as such by the operations in
 * flight, and the next system starts a fresh one. Operations are asynchronous calls;
 * observations, `owner` and `listen` are synchronous in the adapter interface, so they block
 * this thread until the adapter answers (the adapter answers them at once, also while operations
 * are in flight). The env the adapter calls (store, turns, pauses, ids, clock, seed) is the kit's.
 */
import type { AdapterEnv, AdapterFactory, ListenPlan, SetupPlan, SignalPlan, System } from '../contract/adapter.js';
import { openLink, type Link, type LinkEnd } from './link.js';
import { KitValues, StdioFailure } from './kit-values.js';
import { PROTOCOL_VERSION, ProtocolError, parseMessage, type CallMessage, type EnvMessage, type ReplyMessage } from './protocol.js';

/** Options of {@link stdioAdapter}. */
export interface StdioAdapterOptions {
  /** The command line, run by the shell. */
  readonly command: string;
  /** Called once with one line naming a protocol error; the run must then stop (exit 2). Nothing settles after it. */
  readonly onProtocolError: (message: string) => void;
  /** How long a synchronous observation waits for its answer, in ms (default 10000): past it, the adapter hangs. */
  readonly observationTimeoutMs?: number;
}

/** A factory over an adapter process, the way to wait for that process to start, and the way to end it. */
export type StdioAdapterFactory = AdapterFactory & {
  /** Starts the process (when none runs) and resolves once it said hello: a run awaits it before it times the factory. */
  ready(): Promise<void>;
  close(): void;
};

/** The synchronous calls: observations and the synchronous operations of the adapter interface. */
type SyncOp = 'owner' | 'listen' | 'unlisten' | 'configResults' | 'getAgent' | 'getSession' | 'agents' | 'sessions' | 'history' | 'events' | 'planOutcomes' | 'forwarded' | 'bridgeServes' | 'hookPayload' | 'authorizeJob' | 'frontEndTarget';

/** One adapter process and the conversation with it. */
class AdapterProcess {
  readonly #link: Link;
  readonly #options: StdioAdapterOptions;
  readonly #values: KitValues;
  readonly #envs = new Map<string, AdapterEnv>();
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; op: string }>();
  readonly #turns = new Map<string, AbortController>();
  /** Observations that timed out: their late answers are dropped. */
  readonly #abandoned = new Set<number>();
  #greeted = false;
  readonly #greeting: Promise<void>;
  #greet: { resolve: () => void; reject: (error: Error) => void } | undefined;
  #next = 0;
  #end: string | undefined;
  #broken = false;

  constructor(options: StdioAdapterOptions, values: KitValues) {
    this.#options = options;
    this.#values = values;
    this.#link = openLink({
      mode: 'spawn',
      command: options.command,
      answer: 'result',
      onLine: (line) => this.#receive(line),
      onEnd: (end) => this.#ended(end),
      // The adapter's id, clock and seed requests are synchronous on its side too: answered even while an observation waits.
      interject: { type: 'env', ops: ['ids', 'clock', 'seed'], handle: (line) => this.#receive(line) },
    });
    this.#greeting = new Promise((resolve, reject) => {
      this.#greet = { resolve, reject };
    });
    this.#greeting.catch(() => undefined);
    this.#link.write(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION }));
  }

  /** Resolves once the adapter said hello with the kit's protocol version; rejects when it ended first. */
  get ready(): Promise<void> {
    return this.#greeting;
  }

  /** Whether the process is gone (a new system needs a new one). */
  get gone(): boolean {
    return this.#end !== undefined;
  }

  /** Names a new system over `env`. */
  system(env: AdapterEnv): string {
    const name = `s${this.#envs.size + 1}`;
    this.#envs.set(name, env);
    return name;
  }

  /** Calls an asynchronous operation; resolves with its decoded result, rejects when the process ends first. */
  call(system: string, op: string, args: readonly unknown[]): Promise<unknown> {
    if (this.#end !== undefined) return Promise.reject(new Error(`${this.#who()} ${this.#end} before ${op}`));
    const id = (this.#next += 1);
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, op });
      this.#link.write(JSON.stringify({ type: 'call', id, system, op, args } satisfies CallMessage));
    });
  }

  /** Calls a synchronous observation or operation: blocks until the adapter answers. Throws when it does not. */
  observe(system: string, op: SyncOp, args: readonly unknown[]): unknown {
    if (this.#end !== undefined) throw new Error(`${this.#who()} ${this.#end} before ${op}()`);
    if (this.#broken) throw new Error(`${this.#who()} broke the protocol`);
    const id = (this.#next += 1);
    const limit = this.#options.observationTimeoutMs ?? 10_000;
    const answer = this.#link.request(JSON.stringify({ type: 'call', id, system, op, args } satisfies CallMessage), id, limit);
    if (answer === 'timeout') {
      this.#abandoned.add(id);
      throw new Error(`${this.#who()} did not answer ${op}() within ${limit} ms (observations are answered at once, also while operations are in flight)`);
    }
    if (answer === 'ended') throw new Error(`${this.#who()} ${this.#end ?? 'exited'} before answering ${op}()`);
    if (answer === 'too-large') throw new Error(`${this.#who()} answered ${op}() with more than 16 MB`);
    const message = this.#parse(answer);
    if (message === undefined || message.type !== 'result') throw new Error(`${this.#who()} broke the protocol`);
    return this.#values.decode(message.value);
  }

  /** Ends the process. */
  close(): void {
    this.#end ??= 'was closed';
    this.#link.close();
  }

  #who(): string {
    return `adapter process (${this.#options.command})`;
  }

  /** Parses a line, reporting a protocol error (once) when it breaks the protocol. */
  #parse(line: string): ReturnType<typeof parseMessage> | undefined {
    try {
      return parseMessage(line, 'adapter');
    } catch (error) {
      this.#protocolError(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  #protocolError(problem: string): void {
    if (this.#broken) return;
    this.#broken = true;
    this.#options.onProtocolError(`--adapter-cmd "${this.#options.command}": protocol error: ${problem}`);
    this.close();
  }

  #receive(line: string): void {
    if (this.#broken) return;
    const message = this.#parse(line);
    if (message === undefined) return;
    if (!this.#greeted) {
      if (message.type !== 'hello') return this.#protocolError(`the first line must be hello, got ${message.type}`);
      if (message.protocol !== PROTOCOL_VERSION) return this.#protocolError(`the adapter speaks protocol version ${message.protocol}, the kit speaks ${PROTOCOL_VERSION}`);
      this.#greeted = true;
      this.#greet?.resolve();
      return;
    }
    try {
      if (message.type === 'hello') throw new ProtocolError('hello sent twice');
      if (message.type === 'result') {
        if (this.#abandoned.delete(message.id)) return;
        const pending = this.#pending.get(message.id);
        if (pending === undefined) throw new ProtocolError(`result for no pending call (id ${message.id})`);
        this.#pending.delete(message.id);
        pending.resolve(this.#values.decode(message.value));
      } else if (message.type === 'cancel') {
        this.#turns.get(message.id)?.abort(this.#values.decode(message.reason));
      } else {
        const env = this.#envs.get(message.system);
        if (env === undefined) throw new ProtocolError(`env request for unknown system ${JSON.stringify(message.system)}`);
        void this.#serve(env, message);
      }
    } catch (error) {
      this.#protocolError(error instanceof Error ? error.message : String(error));
    }
  }

  /** Answers an env request with what the kit's env does: at once for the synchronous ones (ids, clock, seed), which may arrive while this thread is blocked. */
  async #serve(env: AdapterEnv, request: EnvMessage): Promise<void> {
    let reply: ReplyMessage;
    try {
      const made = this.#envCall(env, request);
      const value = made instanceof Promise ? await made : made;
      reply = { type: 'reply', id: request.id, ok: true, value: value ?? null };
    } catch (error) {
      reply = { type: 'reply', id: request.id, ok: false, error: this.#values.ref(error) };
    } finally {
      this.#turns.delete(request.id);
    }
    if (this.#end === undefined && !this.#broken) this.#link.write(JSON.stringify(reply));
  }

  #envCall(env: AdapterEnv, { id, op, args }: EnvMessage): unknown {
    const [first, second] = args;
    const store = env.store;
    if (op.startsWith('store.') && store === undefined) return Promise.reject(new Error('this system has no durable store (the open call said durable: false)'));
    switch (op) {
      case 'store.load':
        return store!.load(String(first));
      case 'store.put':
        return store!.put(first as Parameters<NonNullable<AdapterEnv['store']>['put']>[0]);
      case 'store.append':
        return store!.append(String(first), second as Parameters<NonNullable<AdapterEnv['store']>['append']>[1]);
      case 'store.list':
        return store!.list();
      case 'store.flush':
        return store!.flush(String(first));
      case 'turn': {
        const controller = new AbortController();
        this.#turns.set(id, controller);
        return env.turn({ id: String(first), signal: controller.signal });
      }
      case 'pause':
        return env.pause(String(first));
      case 'ids':
        return env.ids();
      case 'clock':
        return env.clock();
      case 'seed':
        return env.seed(Number(first));
    }
  }

  #ended(end: LinkEnd): void {
    const how = 'error' in end ? `could not start (${end.error})` : end.signal !== null ? `was killed by ${end.signal}` : `exited with code ${end.code}`;
    this.#end ??= how;
    this.#greet?.reject(new Error(`${this.#who()} ${how} before it said hello`));
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      pending.reject(new Error(`${this.#who()} ${how} during ${pending.op}`));
    }
  }
}

/**
 * The {@link AdapterFactory} of an adapter process: each call opens a system in the running
 * process (starting one first when there is none, or the last one ended).
 */
export function stdioAdapter(options: StdioAdapterOptions): StdioAdapterFactory {
  const values = new KitValues();
  let current: AdapterProcess | undefined;
  let broken = false;
  // After a protocol error nothing settles: the run stops with that error.
  const guarded: StdioAdapterOptions = {
    ...options,
    onProtocolError: (message) => {
      broken = true;
      options.onProtocolError(message);
    },
  };
  const start = () => {
    if (current === undefined || current.gone) current = new AdapterProcess(guarded, values);
    return current;
  };
  const factory: AdapterFactory = async (env, { config }) => {
    if (broken) return new Promise<never>(() => undefined);
    const running = start();
    await running.ready;
    const system = running.system(env);
    const opened = (await running.call(system, 'open', [{ durable: env.store !== undefined, remote: env.remote ?? null }, config ?? null])) as { ok?: unknown; error?: unknown; system?: Record<string, unknown> };
    if (opened?.ok !== true) throw opened?.error instanceof Error ? opened.error : new Error(`${options.command}: open failed: ${JSON.stringify(opened)}`);
    return stdioSystem(running, system, values, opened.system ?? {});
  };
  return Object.assign(factory, {
    ready: () => start().ready,
    close() {
      current?.close();
    },
  });
}

/** The injected values of a setup plan as `$ref` tokens. */
function setupOnWire(plan: SetupPlan | undefined, values: KitValues): unknown {
  if (plan === undefined) return undefined;
  return { ...plan, ...('value' in plan ? { value: values.ref(plan.value) } : {}), ...(plan.listen === undefined ? {} : { listen: listenOnWire(plan.listen, values) }) };
}

/** The abort reason of a signal plan as a `$ref` token. */
function signalOnWire(plan: SignalPlan | undefined, values: KitValues): unknown {
  return plan === undefined ? undefined : { ...plan, reason: values.ref(plan.reason) };
}

/** The injected value of a listener plan (`throw`, `reject`) as a `$ref` token; a nested plan (`listen`) likewise. */
function listenOnWire(plan: ListenPlan, values: KitValues): unknown {
  if (plan.action === 'throw' || plan.action === 'reject') return { ...plan, value: values.ref(plan.value) };
  if (plan.action === 'listen') return { ...plan, value: listenOnWire(plan.value as ListenPlan, values) };
  return plan;
}

/** A null answer of an observation that may find nothing, as `undefined`. */
function orUndefined<T>(value: unknown): T | undefined {
  return value === null ? undefined : (value as T);
}

function stdioSystem(running: AdapterProcess, name: string, values: KitValues, declared: Record<string, unknown>): System {
  const call = (op: string, ...args: unknown[]) => running.call(name, op, args) as Promise<never>;
  const observe = (op: SyncOp, ...args: unknown[]) => running.observe(name, op, args) as never;
  return {
    ...(declared['contract'] === undefined ? {} : { contract: declared['contract'] as never }),
    capabilities: declared['capabilities'] as never,
    profiles: declared['profiles'] as never,
    ...(typeof declared['maxDepth'] === 'number' ? { maxDepth: declared['maxDepth'] } : {}),
    owner: (label) => observe('owner', label),
    unload: (owner) => call('unload', owner),
    create: (input) => call('create', { ...input, setup: setupOnWire(input.setup, values), signal: signalOnWire(input.signal, values) }),
    resume: (input) => call('resume', { ...input, setup: setupOnWire(input.setup, values), signal: signalOnWire(input.signal, values) }),
    spawn: (parent, input) => call('spawn', parent, { ...input, setup: setupOnWire(input.setup, values), signal: signalOnWire(input.signal, values) }),
    spawnRemote: (parent, input) => call('spawnRemote', parent, { ...input, signal: signalOnWire(input.signal, values) }),
    prompt: (handle) => call('prompt', handle),
    dispose: (handle) => call('dispose', handle),
    flush: (handle) => call('flush', handle),
    shutdown: () => call('shutdown'),
    restart: (options) => call('restart', options),
    configResults: () => observe('configResults'),
    listen: (plan, target) => observe('listen', listenOnWire(plan, values), target ?? null),
    unlisten: (plan) => observe('unlisten', plan),
    getAgent: (id) => orUndefined(observe('getAgent', id)),
    getSession: (id) => orUndefined(observe('getSession', id)),
    agents: () => observe('agents'),
    sessions: () => observe('sessions'),
    history: (session) => observe('history', session),
    events: () => observe('events'),
    planOutcomes: () => observe('planOutcomes'),
    classifyError: (error) => (error instanceof StdioFailure ? (error.code as never) : 'unknown'),
    bridgeOpen: (handle) => call('bridgeOpen', handle),
    bridgeServes: (agent) => observe('bridgeServes', agent),
    forwarded: () => observe('forwarded'),
    hookPayload: (handle) => observe('hookPayload', handle),
    startJob: (handle) => call('startJob', handle),
    authorizeJob: (job, requester) => observe('authorizeJob', job, requester),
    frontEndTarget: (entry) => orUndefined(observe('frontEndTarget', entry)),
  };
}
