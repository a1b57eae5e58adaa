/**
 * The reference runtime as an adapter: the embedded default of `conform`, and the model of the
 * generated runs. It translates only — every plan is carried out through the runtime's public API.
 */
import type {
  AdapterEnv,
  AdapterFactory,
  AgentEntry,
  Capabilities,
  ConfigInput,
  ConfigOutcome,
  ForwardedMessage,
  JobToken,
  HandleToken,
  ListenPlan,
  ObservedEvent,
  Outcome,
  PlanOutcome,
  SessionEntry,
  SetupPlan,
  SignalPlan,
  System,
} from '../src/contract/adapter.js';
import { EVENT_TYPES, RECORDER } from '../src/contract/adapter.js';
import type { Profiles } from '../src/contract/requirements.js';
import {
  AcpBridge,
  Consumers,
  createRuntime,
  forwardSubagentRuns,
  type BackgroundJob,
  type ConfigEntryResult,
  isRuntimeError,
  type Agent,
  type AgentContext,
  type AgentHandle,
  type CreateRequest,
  type ModelEvent,
  type LogEvent,
  type RemoteLauncher,
  type RemoteRun,
  type RunInfo,
  type RunOutcome,
  type Runtime,
    type RuntimeEventType,
  type Session,
  type Setup,
} from '../src/runtime/index.js';

/** Options of {@link referenceAdapter}. */
export interface ReferenceAdapterOptions {
  /** The profile variants the runtime follows. Default: `scope-last` and `reject-at-create`. */
  readonly profiles?: Partial<Profiles>;
  /** The runtime's delegation depth limit. Default: 4. */
  readonly maxDepth?: number;
  /** Whether a parent's scope hears its children's `subagent/end` during the parent's own teardown (unspecified by the contract). Default: true. */
  readonly scopeHearsChildEnds?: boolean;
  /**
   * Settings of the runtime's remote launcher on top of the env's fake ACP child command: how long
   * the child may take to answer its handshake (default: the runtime's, 5000 ms), and whether the
   * child is served in this process rather than spawned (default: spawned).
   */
  readonly remote?: Pick<RemoteLauncher, 'handshakeTimeoutMs' | 'inProcess'>;
}

/** The reference runtime implements every capability. */
const CAPABILITIES: Capabilities = {
  subagents: true,
  remote: true,
  bridge: true,
  rpc: true,
  consumers: true,
  contextDispose: true,
  idSource: true,
  clock: true,
  configHandles: true,
};

const DEFAULT_PROFILES: Profiles = { teardown: 'scope-last', persistedCreate: 'reject-at-create' };

/** Any event payload, read field by field. */
type AnyPayload = Partial<{ agent: Agent; session: Session; event: LogEvent; source: 'startup' | 'resume'; parent: Agent }>;

type Operable = { readonly kind: 'agent'; readonly handle: AgentHandle } | { readonly kind: 'remote'; readonly run: RemoteRun };

async function settle<T extends object>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, ...(await work()) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** A system over one env: the current runtime (swapped on restart), tokens, the event log. */
class ReferenceSystem implements System {
  readonly capabilities = CAPABILITIES;
  readonly profiles: Profiles;
  readonly maxDepth: number;
  readonly #env: AdapterEnv;
  readonly #tokens = new WeakMap<object, string>();
  readonly #counters = new Map<string, number>();
  readonly #operables = new Map<HandleToken, Operable>();
  readonly #owners = new Map<string, ReturnType<Runtime['owner']>>();
  readonly #sessions = new Map<string, Session>();
  readonly #signals = new Map<string, { readonly controller: AbortController; readonly reason: unknown }>();
  readonly #globalPlans = new Map<string, ListenPlan>();
  readonly #offs = new Map<string, () => void>();
  readonly #log: ObservedEvent[] = [];
  /** The frozen copy `events()` hands out until the log grows (a replay reads it after every step: no copy per read). */
  #logView: readonly ObservedEvent[] | undefined;
  readonly #planOutcomes: PlanOutcome[] = [];
  readonly #agents = new Map<string, Agent>();
  /** The agent whose context spawned each child: the child's owner (docs/contract.md §3 "Subagents"). */
  readonly #parents = new WeakMap<Agent, string>();
  readonly #jobs = new Map<JobToken, BackgroundJob>();
  readonly #forwarded: ForwardedMessage[] = [];
  #runtime!: Runtime;
  #bridge!: AcpBridge;
  #consumers!: Consumers;
  #config: ConfigOutcome = { ok: true, entries: [] };
  #configEntries: readonly ConfigEntryResult[] = [];
  readonly #scopeHearsChildEnds: boolean | undefined;
  readonly #remote: ReferenceAdapterOptions['remote'];

  constructor(env: AdapterEnv, options: ReferenceAdapterOptions) {
    this.#env = env;
    this.profiles = { ...DEFAULT_PROFILES, ...options.profiles };
    this.maxDepth = options.maxDepth ?? 4;
    this.#scopeHearsChildEnds = options.scopeHearsChildEnds;
    this.#remote = options.remote;
  }

  /** Builds a runtime with `config`, installs the recorder and the global plans, then starts it. */
  async boot(config: ConfigInput | undefined): Promise<void> {
    const env = this.#env;
    const options = {
      ids: env.ids,
      clock: env.clock,
      profiles: this.profiles,
      maxDepth: this.maxDepth,
      ...(this.#scopeHearsChildEnds === undefined ? {} : { scopeHearsChildEnds: this.#scopeHearsChildEnds }),
      model: ({ session, signal }: { session: Session; signal: AbortSignal }) => env.turn({ id: session.id, signal }) as Promise<readonly ModelEvent[]>,
      log: () => undefined,
      ...(env.store === undefined ? {} : { store: env.store }),
      ...(env.remote === undefined ? {} : { remote: { ...env.remote, ...this.#remote } }),
    };
    try {
      this.#runtime = createRuntime({ ...options, ...(config === undefined ? {} : { config }) });
    } catch (error) {
      // The whole configuration was refused up front (AIK-CONFIG-002): keep a runtime without it.
      this.#runtime = createRuntime(options);
      this.#config = { ok: false, error };
    }
    for (const type of EVENT_TYPES) this.#runtime.on(type, (payload) => void this.#record(RECORDER, undefined, type, payload));
    for (const plan of this.#globalPlans.values()) this.#installGlobal(plan);
    this.#bridge = new AcpBridge(this.#runtime, () => undefined);
    forwardSubagentRuns(this.#runtime, (message) => this.#forwarded.push(message));
    this.#consumers = new Consumers(this.#runtime);
    const refused = !this.#config.ok;
    const results = await this.#runtime.start();
    this.#configEntries = results;
    if (refused) return;
    this.#config = {
      ok: true,
      entries: results.map((result) => (result.ok ? { label: result.label, ok: true, id: result.id, handle: this.#register({ kind: 'agent', handle: result.handle }) } : result)),
    };
  }

  #token(kind: string, object: object): string {
    let token = this.#tokens.get(object);
    if (token === undefined) {
      const next = (this.#counters.get(kind) ?? 0) + 1;
      this.#counters.set(kind, next);
      token = `${kind}-${next}`;
      this.#tokens.set(object, token);
    }
    return token;
  }

  // An agent is tokenised through its context, so a scope installed during setup (before the
  // agent object is visible) already carries its agent's token.
  #agentToken(agent: Agent): string {
    const token = this.#token('agent', agent.context);
    this.#agents.set(token, agent);
    return token;
  }

  #sessionToken(session: Session): string {
    this.#sessions.set(this.#token('session', session), session);
    return this.#token('session', session);
  }

  #register(operable: Operable): HandleToken {
    const token = this.#token('handle', operable.kind === 'agent' ? operable.handle : operable.run);
    this.#operables.set(token, operable);
    return token;
  }

  #agentHandle(token: HandleToken): AgentHandle {
    const operable = this.#operables.get(token);
    if (operable?.kind !== 'agent') throw new Error(`reference adapter: ${token} is not an agent handle`);
    return operable.handle;
  }

  #record(listener: string, scope: string | undefined, type: RuntimeEventType, payload: AnyPayload, snapshot = false): void {
    const base = { type, listener, ...(scope === undefined ? {} : { scope }) };
    let entry: ObservedEvent;
    if (payload.agent !== undefined) {
      entry = {
        ...base,
        subject: this.#agentToken(payload.agent),
        id: payload.agent.id,
        session: this.#sessionToken(payload.agent.session),
        ...(payload.source === undefined ? {} : { source: payload.source }),
      };
    } else if (payload.session !== undefined) {
      const event = payload.event === undefined ? {} : { event: { seq: payload.event.seq, kind: payload.event.kind } };
      entry = { ...base, subject: this.#sessionToken(payload.session), id: payload.session.id, ...event };
    } else {
      const { parent, runId, provider, id, local, outcome } = payload as RunInfo & { outcome?: RunOutcome };
      entry = { ...base, subject: this.#agentToken(parent), id: parent.id, run: { runId, provider, id, local, ...(outcome === undefined ? {} : { outcome }) } };
    }
    this.#log.push(snapshot ? { ...entry, snapshot: { agents: this.agents(), sessions: this.sessions() } } : entry);
    this.#logView = undefined;
  }

  /** A runtime listener carrying out `plan` (records, then acts once). */
  #listener(plan: ListenPlan, scope: { readonly token: string; readonly context: AgentContext } | undefined): (type: RuntimeEventType, payload: AnyPayload) => unknown {
    let acted = false;
    return (type, payload) => {
      this.#record(plan.name, scope?.token, type, payload, plan.action === 'record');
      if (acted || plan.action === 'record') return undefined;
      acted = true;
      switch (plan.action) {
        case 'throw':
          throw plan.value;
        case 'reject':
          return Promise.reject(plan.value);
        case 'abort': {
          const signal = this.#signals.get(String(plan.value));
          signal?.controller.abort(signal.reason);
          return undefined;
        }
        case 'unload':
          return void this.#track(plan.name, 'unload', () => this.unload(String(plan.value)));
        case 'shutdown':
          return void this.#track(plan.name, 'shutdown', () => this.shutdown());
        case 'dispose-context': {
          const context = scope?.context ?? (payload.agent ?? payload.parent)?.context;
          return void this.#track(plan.name, 'dispose-context', () => settle(async () => (context === undefined ? Promise.reject(new Error('reference adapter: no agent context to dispose')) : context.dispose()).then(() => ({}))));
        }
        case 'listen':
          if (plan.target === undefined) return void this.#installGlobal(plan.value as ListenPlan);
          // A scope operation from inside the dispatch (its context may be disposing): the outcome is reported.
          return void this.#planOutcomes.push({ plan: plan.name, op: 'listen', outcome: this.listen(plan.value as ListenPlan, plan.target) });
      }
    };
  }

  async #track(plan: string, op: PlanOutcome['op'], run: () => Promise<Outcome>): Promise<void> {
    this.#planOutcomes.push({ plan, op, outcome: await run() });
  }

  #installGlobal(plan: ListenPlan): void {
    const act = this.#listener(plan, undefined);
    const types = plan.event === '*' ? EVENT_TYPES : [plan.event];
    const offs = types.map((type) => this.#runtime.on(type, (payload) => act(type, payload)));
    this.#offs.set(plan.name, () => offs.forEach((off) => off()));
  }

  #installScoped(plan: ListenPlan, context: AgentContext): void {
    const act = this.#listener(plan, { token: this.#token('agent', context), context });
    const types = plan.event === '*' ? EVENT_TYPES : [plan.event];
    const offs = types.map((type) => context.on(type, (payload) => act(type, payload)));
    this.#offs.set(plan.name, () => offs.forEach((off) => off()));
  }

  #setup(plan: SetupPlan | undefined): { setup?: Setup } {
    if (plan === undefined) return {};
    return {
      setup: async (context: AgentContext) => {
        if (plan.listen !== undefined) this.#installScoped(plan.listen, context);
        if (plan.pause !== undefined) await this.#env.pause(plan.pause);
        switch (plan.action) {
          case 'resolve':
            return;
          case 'reject':
            throw plan.value;
          case 'never':
            return new Promise<never>(() => undefined);
          case 'dispose-self':
            return this.#track(plan.name, 'dispose-self', () => settle(() => context.dispose().then(() => ({}))));
          case 'spawn':
            return this.#track(plan.name, 'spawn', () =>
              settle(async () => {
                const run = await context.spawn();
                this.#parents.set(run.handle.agent, this.#token('agent', context));
                return { handle: this.#register({ kind: 'agent', handle: run.handle }) };
              }),
            );
        }
      },
    };
  }

  #signal(plan: SignalPlan | undefined): { signal?: AbortSignal } {
    if (plan === undefined) return {};
    const controller = new AbortController();
    this.#signals.set(plan.name, { controller, reason: plan.reason });
    if (plan.at === 'before') controller.abort(plan.reason);
    else if (plan.at !== 'listener') void this.#env.pause(plan.at.pause).then(() => controller.abort(plan.reason));
    return { signal: controller.signal };
  }

  #owner(token: string | undefined): Pick<Runtime, 'create' | 'resume'> {
    if (token === undefined) return this.#runtime;
    const owner = this.#owners.get(token);
    if (owner === undefined) throw new Error(`reference adapter: unknown owner ${token}`);
    return owner;
  }

  owner(label: string): string {
    const owner = this.#runtime.owner(label);
    const token = this.#token('owner', owner);
    this.#owners.set(token, owner);
    return token;
  }

  unload(token: string): Promise<Outcome> {
    return settle(async () => {
      const owner = this.#owners.get(token);
      if (owner === undefined) throw new Error(`reference adapter: unknown owner ${token}`);
      await owner.unload();
      return {};
    });
  }

  create(input: Parameters<System['create']>[0]): Promise<Outcome<{ readonly handle: HandleToken }>> {
    return settle(async () => {
      const request = {
        sessionId: input.sessionId,
        ...(input.meta === undefined ? {} : { meta: input.meta }),
        ...('seed' in input ? { seed: input.seed as NonNullable<CreateRequest['seed']> } : {}),
        ...this.#setup(input.setup),
        ...this.#signal(input.signal),
      };
      return { handle: this.#register({ kind: 'agent', handle: await this.#owner(input.owner).create(request) }) };
    });
  }

  resume(input: Parameters<System['resume']>[0]): Promise<Outcome<{ readonly handle: HandleToken }>> {
    return settle(async () => {
      const request = { resumeSessionId: input.resumeSessionId, ...this.#setup(input.setup), ...this.#signal(input.signal) };
      return { handle: this.#register({ kind: 'agent', handle: await this.#owner(input.owner).resume(request) }) };
    });
  }

  spawn(parent: HandleToken, input: Parameters<System['spawn']>[0 extends 0 ? 1 : never]): Promise<Outcome<{ readonly handle: HandleToken; readonly id: string; readonly runId: string }>> {
    return settle(async () => {
      const owner = this.#agentHandle(parent).agent;
      const options = { ...this.#setup(input.setup), ...this.#signal(input.signal) };
      const run = await (input.mode === 'fork' ? owner.context.fork(options) : owner.context.spawn(options));
      this.#parents.set(run.handle.agent, this.#agentToken(owner));
      return { handle: this.#register({ kind: 'agent', handle: run.handle }), id: run.id, runId: run.runId };
    });
  }

  spawnRemote(parent: HandleToken, input: Parameters<System['spawnRemote']>[1]): Promise<Outcome<{ readonly handle: HandleToken; readonly id: string; readonly runId: string }>> {
    return settle(async () => {
      const run = await this.#agentHandle(parent).agent.context.spawnRemote(this.#signal(input.signal));
      return { handle: this.#register({ kind: 'remote', run }), id: run.id, runId: run.runId };
    });
  }

  prompt(token: HandleToken): Promise<Outcome> {
    return settle(async () => {
      const operable = this.#operables.get(token);
      if (operable === undefined) throw new Error(`reference adapter: unknown handle ${token}`);
      await (operable.kind === 'agent' ? operable.handle.prompt() : operable.run.prompt());
      return {};
    });
  }

  dispose(token: HandleToken): Promise<Outcome> {
    return settle(async () => {
      const operable = this.#operables.get(token);
      if (operable === undefined) throw new Error(`reference adapter: unknown handle ${token}`);
      await (operable.kind === 'agent' ? operable.handle.dispose() : operable.run.dispose());
      return {};
    });
  }

  flush(token: HandleToken): Promise<Outcome> {
    return settle(async () => {
      await this.#agentHandle(token).flush();
      return {};
    });
  }

  shutdown(): Promise<Outcome> {
    return settle(async () => {
      await this.#runtime.shutdown();
      return {};
    });
  }

  restart(options: { readonly config?: ConfigInput }): Promise<Outcome> {
    return settle(async () => {
      await this.#runtime.shutdown();
      this.#bridge.close();
      this.#config = { ok: true, entries: [] };
      await this.boot(options.config);
      return {};
    });
  }

  configResults(): ConfigOutcome {
    return this.#config;
  }

  listen(plan: ListenPlan, target?: HandleToken): Outcome {
    try {
      if (target === undefined) {
        this.#globalPlans.set(plan.name, plan);
        this.#installGlobal(plan);
      } else {
        this.#installScoped(plan, this.#agentHandle(target).agent.context);
      }
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    }
  }

  unlisten(name: string): void {
    this.#globalPlans.delete(name);
    this.#offs.get(name)?.();
    this.#offs.delete(name);
  }

  getAgent(id: string): string | undefined {
    const agent = this.#runtime.getAgent(id);
    return agent === undefined ? undefined : this.#agentToken(agent);
  }

  getSession(id: string): string | undefined {
    const session = this.#runtime.getSession(id);
    return session === undefined ? undefined : this.#sessionToken(session);
  }

  agents(): readonly AgentEntry[] {
    return this.#runtime.listAgents().map((agent) => {
      const parent = this.#parents.get(agent);
      return {
        id: agent.id,
        token: this.#agentToken(agent),
        session: { id: agent.session.id, headerId: agent.session.header.id, token: this.#sessionToken(agent.session) },
        ...(parent === undefined ? {} : { parent }),
      };
    });
  }

  sessions(): readonly SessionEntry[] {
    return this.#runtime.listSessions().map((session) => ({ id: session.id, token: this.#sessionToken(session), header: session.header, length: session.length }));
  }

  history(token: string): readonly { seq: number; kind: string; data?: unknown }[] {
    return this.#sessions.get(token)?.events ?? [];
  }

  events(): readonly ObservedEvent[] {
    this.#logView ??= Object.freeze([...this.#log]);
    return this.#logView;
  }

  planOutcomes(): readonly PlanOutcome[] {
    return [...this.#planOutcomes];
  }

  bridgeOpen(token: HandleToken): Promise<Outcome> {
    return settle(async () => {
      this.#bridge.open(this.#agentHandle(token));
      return {};
    });
  }

  bridgeServes(token: string): boolean {
    const agent = this.#agents.get(token);
    return agent !== undefined && this.#bridge.serves(agent);
  }

  forwarded(): readonly ForwardedMessage[] {
    return [...this.#forwarded];
  }

  hookPayload(token: HandleToken): Readonly<Record<string, unknown>> {
    return { ...this.#consumers.hookPayload(this.#agentHandle(token).agent, 'SessionStart') };
  }

  startJob(token: HandleToken): Promise<Outcome<{ readonly job: JobToken }>> {
    return settle(async () => {
      const job = this.#consumers.startJob(this.#agentHandle(token).agent);
      const name = this.#token('job', job);
      this.#jobs.set(name, job);
      return { job: name };
    });
  }

  authorizeJob(job: JobToken, requesterId: string): boolean {
    const owned = this.#jobs.get(job);
    return owned !== undefined && this.#consumers.authorize(owned, requesterId);
  }

  frontEndTarget(entry: number): string | undefined {
    return this.#consumers.frontEndTarget(this.#configEntries, entry);
  }

  classifyError(error: unknown): ReturnType<System['classifyError']> {
    return isRuntimeError(error) ? error.code : 'unknown';
  }
}

/** The reference runtime as an {@link AdapterFactory}, following `options.profiles`. */
export function referenceAdapter(options: ReferenceAdapterOptions = {}): AdapterFactory {
  return async (env, { config }) => {
    const system = new ReferenceSystem(env, options);
    await system.boot(config);
    return system;
  };
}

/** The reference runtime with its default profiles (`scope-last`, `reject-at-create`). */
export default referenceAdapter();
