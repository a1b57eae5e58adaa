import { randomUUID } from 'node:crypto';
import type { DurableStore } from '../contract/durable-store.js';
import type { Profiles } from '../contract/requirements.js';
import type { Agent } from './agent.js';
import { startConfigured, toRuntimeConfig, type ConfigEntryResult, type RuntimeConfig } from './config-start.js';
import { runCreation, type CreateRequest, type ResumeRequest } from './creation-transaction.js';
import { RuntimeError } from './errors.js';
import { EventBus, type Listener } from './event-bus.js';
import type { AgentHandle } from './handle.js';
import type { Kernel, Logger, Model } from './kernel.js';
import { Owner } from './owner.js';
import { Registry } from './registry.js';
import type { RemoteLauncher } from './remote.js';
import { subjectOf, type RuntimeEventMap, type RuntimeEventType } from './runtime-events.js';
import type { Session } from './session.js';

/** Options of {@link createRuntime}; every one is validated (`invalid` naming the field). */
export interface RuntimeOptions {
  /** The durable store; without one the runtime runs without durability (resume is `invalid`). */
  readonly store?: DurableStore;
  /** The one id source for minted ids. Default: random UUIDs. */
  readonly ids?: () => string;
  /** The `createdAt` source, integer epoch ms. Default: `Date.now`. */
  readonly clock?: () => number;
  /** Profile variants. Default: `{ teardown: 'scope-last', persistedCreate: 'reject-at-create' }`. */
  readonly profiles?: Partial<Profiles>;
  /** The deepest delegation a spawn or fork may reach. Default: 4. */
  readonly maxDepth?: number;
  /** The configured agents, validated here and started by {@link Runtime.start}. */
  readonly config?: RuntimeConfig;
  /** What each turn awaits. Default: one `assistant` event at once. */
  readonly model?: Model;
  /** The ACP child server process for remote runs. */
  readonly remote?: RemoteLauncher;
  /** Where contained failures are reported. Default: standard error. */
  readonly log?: Logger;
  /**
   * Whether, during a parent's own teardown, its scope still hears its children's `subagent/end`
   * (docs/contract.md §3 "Subagents (in-process)": unspecified; global listeners always do).
   * Default: true (scoped listeners are removed after the children's teardown).
   */
  readonly scopeHearsChildEnds?: boolean;
}

const OPTION_FIELDS = new Set(['store', 'ids', 'clock', 'profiles', 'maxDepth', 'config', 'model', 'remote', 'log', 'scopeHearsChildEnds']);
const STORE_METHODS = ['load', 'put', 'append', 'list', 'flush'] as const;

function assertFunction(value: unknown, field: string): void {
  if (value !== undefined && typeof value !== 'function') throw new RuntimeError('invalid', `runtime options: ${field} must be a function`);
}

function toProfiles(value: Partial<Profiles> | undefined): Profiles {
  const teardown = value?.teardown ?? 'scope-last';
  const persistedCreate = value?.persistedCreate ?? 'reject-at-create';
  if (teardown !== 'scope-last' && teardown !== 'scope-first') throw new RuntimeError('invalid', `runtime options: profiles.teardown must be scope-last or scope-first`);
  if (persistedCreate !== 'reject-at-create' && persistedCreate !== 'reject-at-flush') {
    throw new RuntimeError('invalid', `runtime options: profiles.persistedCreate must be reject-at-create or reject-at-flush`);
  }
  return { teardown, persistedCreate };
}

const defaultModel: Model = async () => [{ kind: 'assistant' }];
const defaultLog: Logger = (message, error) => {
  process.stderr.write(`agent-identity-kit runtime: ${message}${error === undefined ? '' : `: ${String(error)}`}\n`);
};

/**
 * The reference runtime: registries, sessions, durable store, one creation transaction for
 * create and resume, config-driven start, subagents, event forwarding and quiescent teardown —
 * docs/contract.md as running code. Every instance is independent.
 */
export class Runtime {
  readonly #options: RuntimeOptions;
  readonly #kernel: Kernel;
  readonly #root: Owner;
  readonly #owners = new Set<Owner>();
  readonly #config: RuntimeConfig;
  #started: Promise<ConfigEntryResult[]> | undefined;
  #shutdown: Promise<void> | undefined;

  constructor(options: RuntimeOptions = {}) {
    if (typeof options !== 'object' || options === null) throw new RuntimeError('invalid', 'runtime options must be an object');
    for (const key of Object.keys(options)) {
      if (!OPTION_FIELDS.has(key)) throw new RuntimeError('invalid', `runtime options: unknown field ${JSON.stringify(key)}`);
    }
    for (const field of ['ids', 'clock', 'model', 'log'] as const) assertFunction(options[field], field);
    if (options.store !== undefined && STORE_METHODS.some((method) => typeof options.store?.[method] !== 'function')) {
      throw new RuntimeError('invalid', `runtime options: store must have ${STORE_METHODS.join(', ')}`);
    }
    const maxDepth = options.maxDepth ?? 4;
    if (!Number.isSafeInteger(maxDepth) || maxDepth < 0) throw new RuntimeError('invalid', 'runtime options: maxDepth must be a non-negative integer');
    if (options.remote !== undefined && typeof options.remote.command !== 'string') throw new RuntimeError('invalid', 'runtime options: remote.command must be a string');
    if (options.scopeHearsChildEnds !== undefined && typeof options.scopeHearsChildEnds !== 'boolean') throw new RuntimeError('invalid', 'runtime options: scopeHearsChildEnds must be a boolean');
    this.#config = options.config === undefined ? { agents: [] } : toRuntimeConfig(options.config);
    this.#options = options;
    const log = options.log ?? defaultLog;
    const kernel: Kernel = {
      bus: new EventBus<RuntimeEventMap>(subjectOf, log),
      agents: new Registry<Agent>('agent', (agent) => (agent.id === agent.session.id ? undefined : `its id differs from its session id ${JSON.stringify(agent.session.id)}`)),
      sessions: new Registry<Session>('session'),
      store: options.store,
      ids: options.ids ?? randomUUID,
      clock: options.clock ?? Date.now,
      profiles: toProfiles(options.profiles),
      maxDepth,
      scopeHearsChildEnds: options.scopeHearsChildEnds ?? true,
      model: options.model ?? defaultModel,
      remote: options.remote,
      log,
      // A run id outlives the runtime that minted it (AIK-RPC-001): a counter would start over after a restart.
      nextRunId: () => `run-${randomUUID()}`,
      accepting: true,
      transact: (owner, plan) => runCreation(kernel, owner, plan),
    };
    this.#kernel = kernel;
    this.#root = new Owner(kernel, 'root');
  }

  /** The declared profile variants. */
  get profiles(): Profiles {
    return this.#kernel.profiles;
  }

  /** Starts the configured agents once (memoized) and returns their outcomes in entry order. */
  start(): Promise<ConfigEntryResult[]> {
    this.#started ??= startConfigured(this.#root, this.#config, this.#kernel.ids, this.#kernel.store !== undefined);
    return this.#started;
  }

  /** Creates and publishes a new agent/session pair under exactly `request.sessionId`. */
  create(request: CreateRequest): Promise<AgentHandle> {
    return this.#root.create(request);
  }

  /** Publishes a persisted session live under exactly `request.resumeSessionId`. */
  resume(request: ResumeRequest): Promise<AgentHandle> {
    return this.#root.resume(request);
  }

  /** A new owner; its `unload()` tears down what was created through it. */
  owner(label: string): Owner {
    if (typeof label !== 'string') throw new RuntimeError('invalid', 'owner: label must be a string');
    const owner = new Owner(this.#kernel, label);
    this.#owners.add(owner);
    return owner;
  }

  /** Adds a global listener; returns its removal. */
  on<K extends RuntimeEventType>(event: K, listener: Listener<RuntimeEventMap[K]>): () => void {
    if (typeof listener !== 'function') throw new RuntimeError('invalid', `on(${event}): listener must be a function`);
    return this.#kernel.bus.on(event, listener);
  }

  /** The live agent filed under `id`. */
  getAgent(id: string): Agent | undefined {
    return this.#kernel.agents.get(id);
  }

  /** Every live agent. */
  listAgents(): Agent[] {
    return this.#kernel.agents.list();
  }

  /** The live session filed under `id` (persisted-but-not-live ids are not found here). */
  getSession(id: string): Session | undefined {
    return this.#kernel.sessions.get(id);
  }

  /** Every live session. */
  listSessions(): Session[] {
    return this.#kernel.sessions.list();
  }

  /**
   * Unloads the root owner and every owner: refuses new creations, rejects pending ones
   * (`inactive`) after their rollback, tears every agent down and resolves last (AIK-QUIESCE-005).
   */
  shutdown(): Promise<void> {
    this.#shutdown ??= this.#shutDown();
    return this.#shutdown;
  }

  /** Shutdown, then a new started runtime over the same store (with `config` when given). */
  async restart(options: { readonly config?: RuntimeConfig } = {}): Promise<Runtime> {
    const next = new Runtime({ ...this.#options, config: options.config ?? this.#config });
    await this.shutdown();
    await next.start();
    return next;
  }

  async #shutDown(): Promise<void> {
    this.#kernel.accepting = false;
    await Promise.all([this.#root, ...this.#owners].map((owner) => owner.unload('shutdown')));
  }
}

/** Creates a reference runtime (validates `options`, `invalid` naming the field). */
export function createRuntime(options: RuntimeOptions = {}): Runtime {
  return new Runtime(options);
}
