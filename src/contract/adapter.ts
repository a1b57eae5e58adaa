/**
 * The adapter: how an implementation is plugged into the kit (docs/writing-an-adapter.md).
 *
 * An adapter module default-exports an {@link AdapterFactory} (it may also export named ones,
 * `--adapter file.ts#name`, e.g. one per profile). The kit builds a fresh {@link System} for
 * every property run and every directed check and closes it afterwards with `shutdown()`.
 *
 * An adapter **translates; it never re-implements or synthesizes** a lifecycle capability the
 * implementation lacks — it declares the capability absent instead. Every operation returns a
 * Promise of an {@link Outcome} and never throws (a throw or a malformed outcome is reported as
 * the adapter's own failure); observations are synchronous and may be called from inside an
 * event callback. In process, injected values (abort reasons, values thrown by setup or
 * listeners) must reach the kit unchanged: the kit compares them by identity.
 *
 * Objects are named by *tokens*: strings the adapter chooses, stable for one object's life and
 * never reused for another object of the same system (a `WeakMap` from object to a counter
 * string is enough). Tokens of live objects do not carry over a `restart`.
 */
import type { DurableStore, StoredEvent, StoredHeader } from './durable-store.js';
import type { ErrorCode } from './error-code.js';
import type { CAPABILITY_SINCE, CONTRACT_VERSIONS, Capability, ContractVersion, Profiles } from './requirements.js';

/** What every operation resolves to: success with its fields, or the failure value as observed. */
export type Outcome<T extends object = object> = ({ readonly ok: true } & T) | { readonly ok: false; readonly error: unknown };

const UNSUPPORTED = Symbol.for('agent-identity-kit.unsupported-operation');

/**
 * The failure value for an operation the implementation does not have: a core operation (e.g.
 * `resume` without any resume), or a capability operation of a capability declared absent. The
 * kit tells it apart from a failure of the implementation, so a requirement that needs the
 * operation says "needs resume; the adapter reports it unsupported" instead of failing on a
 * generic error. Recognised by {@link UnsupportedOperation.is}, also across copies of the kit.
 */
export class UnsupportedOperation extends Error {
  readonly [UNSUPPORTED] = true;
  override readonly name = 'UnsupportedOperation';

  constructor(
    /** The operation or plan action, e.g. `resume`, `owner`, `dispose-self`. */
    readonly operation: string,
  ) {
    super(`${operation} is not supported by this implementation (the adapter reports it unsupported)`);
  }

  /** Whether `value` is an {@link UnsupportedOperation} (by brand, not by class identity). */
  static is(value: unknown): value is UnsupportedOperation {
    return typeof value === 'object' && value !== null && (value as { [UNSUPPORTED]?: unknown })[UNSUPPORTED] === true;
  }
}

/** A handle token: one per successful creation (create, resume, spawn, spawnRemote, config start). */
export type HandleToken = string;
/** A token naming one agent object for its life. */
export type AgentToken = string;
/** A token naming one session object for its life. */
export type SessionToken = string;
/** A token naming an owner obtained with {@link System.owner}. */
export type OwnerToken = string;
/** A token naming a background job started with {@link System.startJob}. */
export type JobToken = string;

/** The contract's event types (docs/contract.md §2 "Events"). */
export const EVENT_TYPES = [
  'session/created',
  'agent/created',
  'agent/session-start',
  'session/event',
  'agent/disposed',
  'session/disposed',
  'subagent/start',
  'subagent/end',
] as const;

/** One of {@link EVENT_TYPES}. */
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Every capability flag an implementation declares (a CAP requirement counts only when its flag is true).
 * `configHandles` (contract 2026-12, §3 "Config-driven start"): configured agents have handles of
 * their own; `false` means their entry outcomes carry the id without a handle and they end only
 * with shutdown or restart.
 */
export type Capabilities = { readonly [K in Capability]: boolean };

/** The contract versions up to and including `V`, from {@link CONTRACT_VERSIONS}. */
type VersionsUpTo<V extends ContractVersion, Rest extends readonly string[] = typeof CONTRACT_VERSIONS> = Rest extends readonly [infer First extends string, ...infer Later extends string[]] ? (First extends V ? First : First | VersionsUpTo<V, Later>) : never;

/**
 * The capability flags of an adapter written for contract `V`: those the contract had by then
 * (`CapabilitiesOf<'2026-11'>` has no `configHandles`). The kit takes the ones added later as absent.
 */
export type CapabilitiesOf<V extends ContractVersion> = { readonly [K in Capability as (typeof CAPABILITY_SINCE)[K] extends VersionsUpTo<V> ? K : never]: boolean };

// ---------------------------------------------------------------------------------------------
// env: what the kit controls

/** A model event produced by a turn: the implementation appends it to the session log. */
export interface TurnEvent {
  /** `assistant` or `tool` (the kit never produces `user` or `turn-end`: the driver appends those). */
  readonly kind: string;
  readonly data?: unknown;
}

/** A fake ACP child process for the implementation's remote provider to spawn (capability `remote`). */
export interface RemoteCommand {
  /** The executable, e.g. `process.execPath`. */
  readonly command: string;
  /** Its arguments; the kit encodes its plan (wire ids, malformed replies, crashes, exit timing) here. */
  readonly args: readonly string[];
}

/**
 * What the kit controls, and the only way faults reach the implementation: no adapter needs
 * hooks inside the implementation's phases.
 */
export interface AdapterEnv {
  /**
   * The durable store the system must use, or `undefined`: then the system runs without
   * durability (resume is `invalid`, AIK-RESUME-005). Its fault plans are keyed by operation and
   * id ("every load of X fails", "the next put of X hangs"), never by call count.
   */
  readonly store: DurableStore | undefined;
  /**
   * The id source for every id the system mints (config fresh starts, spawn, fork, remote run ids,
   * run ids), when the implementation can take one (capability `idSource`); each call returns a
   * fresh string. Without it the kit checks freshness instead of provenance.
   */
  readonly ids: () => string;
  /** The clock for `createdAt` (integer epoch ms), when the implementation can take one (capability `clock`). */
  readonly clock: () => number;
  /**
   * What the implementation's fake model awaits for every model call of a turn of session `id`.
   * Wire it into the implementation's model and pass the turn's abort signal: the kit decides
   * when a turn ends (resolves with the model's events), fails (rejects) or is cut (rejects with
   * the signal's reason once `signal` aborts).
   */
  turn(request: { readonly id: string; readonly signal: AbortSignal }): Promise<readonly TurnEvent[]>;
  /** The fake ACP child command for the remote provider (capability `remote`), `undefined` when the run does not need one. */
  readonly remote: RemoteCommand | undefined;
  /**
   * A valid completed-turn log of `turns` turns (`user`, `assistant`, `turn-end` per turn, `seq`
   * from 0) for the kit to pass as `seed`. An adapter may translate these events into native ones.
   */
  seed(turns: number): readonly StoredEvent[];
  /**
   * A scheduled pause: resolves when the kit releases `name` (its scheduler decides the order of
   * pauses, which is how the races of the properties are reached). Setup and signal plans await it.
   */
  pause(name: string): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// plans: plain data the adapter turns into setup callbacks, abort signals and listeners

/**
 * A plan for the listener a plan installs (globally with {@link System.listen}, or scoped to the
 * new agent during setup). When it hears an event it first appends an {@link ObservedEvent} to
 * the log (`listener` = `name`; for `record`, with a snapshot), then acts.
 */
export interface ListenPlan {
  /** The kit's name for this listener: it appears as {@link ObservedEvent.listener} and is what {@link System.unlisten} takes. */
  readonly name: string;
  /** The event type it listens to, or `*` for all of them. */
  readonly event: EventType | '*';
  /**
   * What it does on hearing the event, at most once (later events are only recorded):
   * - `record`: nothing more; its log entries carry a snapshot of `agents()` and `sessions()`;
   * - `throw`: throws `value` synchronously;
   * - `reject`: returns `Promise.reject(value)`;
   * - `abort`: aborts the signal of the signal plan named `value` (a string);
   * - `unload`: unloads the owner whose token (from {@link System.owner}) is `value` (not awaited;
   *   the outcome is reported with {@link System.planOutcomes});
   * - `shutdown`: calls `shutdown()` (not awaited, outcome reported likewise);
   * - `dispose-context`: disposes the heard subject agent's context (capability `contextDispose`;
   *   not awaited, outcome reported likewise);
   * - `listen`: installs the listener plan `value` (a {@link ListenPlan}) from inside this
   *   dispatch (which that listener must not hear): globally, or with `target` on the context of
   *   that handle's agent (a scope operation; its outcome is reported with {@link System.planOutcomes}).
   */
  readonly action: 'record' | 'throw' | 'reject' | 'abort' | 'unload' | 'shutdown' | 'dispose-context' | 'listen';
  /** The injected value for `throw` / `reject`, the signal plan's name for `abort`, the owner token for `unload`, the plan to install for `listen`. */
  readonly value?: unknown;
  /** For `listen`: the handle whose agent's context takes `value` as a scoped listener. Absent: `value` is installed globally. */
  readonly target?: HandleToken;
}

/**
 * A plan for a creation's setup callback: optionally install `listen` on the new agent's context
 * (a scoped listener), optionally await `env.pause(pause)`, then act:
 * - `resolve`: return;
 * - `reject`: throw `value` (any value, compared by identity);
 * - `never`: return a promise that never settles;
 * - `dispose-self`: call the context's `dispose()` (capability `contextDispose`) and then wait
 *   for it to resolve; its outcome is reported with {@link System.planOutcomes} under `name`;
 * - `spawn`: try to spawn a child from the context (the parent is still private, so the contract
 *   expects `inactive`); its outcome is reported under `name`, then setup returns.
 */
export interface SetupPlan {
  /** The kit's name for this plan, used in {@link PlanOutcome.plan}. */
  readonly name: string;
  /** Install this scoped listener on the context before anything else. */
  readonly listen?: ListenPlan;
  /** The name of a scheduled pause to await before acting. */
  readonly pause?: string;
  readonly action: 'resolve' | 'reject' | 'never' | 'dispose-self' | 'spawn';
  /** The injected rejection value for `reject`. */
  readonly value?: unknown;
}

/**
 * A plan for an abort signal passed to a creation. The adapter creates one `AbortController` per
 * plan and aborts it with exactly `reason` (no wrapping): at once when `at` is `before`, when
 * `env.pause(at.pause)` resolves, or when a listener plan with action `abort` names this plan.
 */
export interface SignalPlan {
  /** The kit's name for this signal (what an `abort` listener plan's `value` refers to). */
  readonly name: string;
  readonly at: 'before' | 'listener' | { readonly pause: string };
  /** The abort reason: an Error (compared by identity) or any other value. */
  readonly reason: unknown;
}

/** The outcome of an operation a plan started without awaiting it (see {@link ListenPlan}, {@link SetupPlan}). */
export interface PlanOutcome {
  /** The setup or listen plan's name. */
  readonly plan: string;
  /** What was attempted. */
  readonly op: 'spawn' | 'dispose-self' | 'unload' | 'shutdown' | 'dispose-context' | 'listen';
  readonly outcome: Outcome;
}

// ---------------------------------------------------------------------------------------------
// operation inputs

/** Header metadata a caller may give `create` (`seedLength` is derived from `seed`). */
export interface CreateMeta {
  /** An absolute path; a relative one is `invalid`. */
  readonly cwd?: string;
  /** Lineage only; its shape is checked, nothing else. */
  readonly parentSession?: string;
  /** Absent and `0` are distinct and must round-trip. */
  readonly delegationDepth?: number;
}

/** Input of {@link System.create}. */
export interface CreateInput {
  readonly sessionId: string;
  readonly meta?: CreateMeta;
  /**
   * The seed history, normally from `env.seed(turns)`. The kit also passes malformed seeds (not
   * an array, a `seq` gap or repeat, an unknown kind) that the implementation must refuse as `invalid`.
   */
  readonly seed?: unknown;
  readonly setup?: SetupPlan;
  readonly signal?: SignalPlan;
  /** The owner to create through; the root owner when absent. */
  readonly owner?: OwnerToken;
}

/** Input of {@link System.resume}. */
export interface ResumeInput {
  readonly resumeSessionId: string;
  readonly setup?: SetupPlan;
  readonly signal?: SignalPlan;
  /** The owner to resume through; the root owner when absent. */
  readonly owner?: OwnerToken;
}

/** Input of {@link System.spawn}: an in-process child of the agent of a handle (capability `subagents`). */
export interface SpawnInput {
  /** `spawn` passes no seed; `fork` seeds the child with the parent's longest completed-turn prefix. */
  readonly mode: 'spawn' | 'fork';
  readonly setup?: SetupPlan;
  readonly signal?: SignalPlan;
}

/** Input of {@link System.spawnRemote} (capability `remote`). */
export interface SpawnRemoteInput {
  readonly signal?: SignalPlan;
}

/** One entry of a configuration (docs/contract.md §3 "Config-driven start"); `id` is a label, never a key. */
export interface ConfigEntry {
  /** The config label: display/config metadata only. */
  readonly id: string;
  /** Resume-or-create under exactly this id. Mutually exclusive with `resumeSessionId`. */
  readonly sessionId?: string;
  /** Resume exactly this id; it must be persisted. */
  readonly resumeSessionId?: string;
  /** An absolute path; ignored on resume (storage wins). */
  readonly cwd?: string;
}

/** A configuration: what the factory and `restart` take. */
export interface ConfigInput {
  readonly agents: readonly ConfigEntry[];
}

/** The outcome of one configuration entry, in entry order. */
export type ConfigEntryOutcome =
  | { readonly label: string; readonly ok: true; readonly id: string; /** Present iff the system declares `configHandles`. */ readonly handle?: HandleToken }
  | { readonly label: string; readonly ok: false; readonly error: unknown };

/**
 * The outcome of the latest configuration start: the per-entry outcomes, or the refusal of the
 * whole configuration by the up-front validation (AIK-CONFIG-002). With no configuration: `entries: []`.
 */
export type ConfigOutcome = { readonly ok: true; readonly entries: readonly ConfigEntryOutcome[] } | { readonly ok: false; readonly error: unknown };

// ---------------------------------------------------------------------------------------------
// observations

/** A live agent entry as observed. */
export interface AgentEntry {
  /** The key it is filed under in the agent registry. */
  readonly id: string;
  readonly token: AgentToken;
  /** Its session as the agent holds it: `id` is `session.id`, `headerId` is `session.header.id`. */
  readonly session: { readonly id: string; readonly headerId: string; readonly token: SessionToken };
  /** The owning parent agent, for a child spawned from a context. */
  readonly parent?: AgentToken;
}

/** A live session entry as observed. */
export interface SessionEntry {
  /** The key it is filed under in the session store. */
  readonly id: string;
  readonly token: SessionToken;
  readonly header: StoredHeader;
  /** The number of events in its log. */
  readonly length: number;
}

/** A subagent run as carried by `subagent/start` and `subagent/end`. */
export interface ObservedRun {
  readonly runId: string;
  readonly provider: string;
  readonly id: string;
  readonly local: boolean;
  /** `subagent/end` only. */
  readonly outcome?: 'completed' | 'cancelled' | 'failed';
}

/** One event as one listener heard it; {@link System.events} returns them in hearing order. */
export interface ObservedEvent {
  readonly type: EventType;
  /** {@link RECORDER} for the adapter's own global recorder, else the {@link ListenPlan.name} of the listener. */
  readonly listener: string;
  /** For a scoped listener: the token of the agent whose context it was installed on. */
  readonly scope?: AgentToken;
  /** The subject object's token: the session for `session/*`, the agent for `agent/*`, the parent agent for `subagent/*`. */
  readonly subject: string;
  /** The subject's id as read when heard (`session.id` or `agent.id`). */
  readonly id: string;
  /** For `agent/*`: the token of the agent's session. */
  readonly session?: SessionToken;
  /** For `agent/session-start`. */
  readonly source?: 'startup' | 'resume';
  /** For `session/event`: the appended event. */
  readonly event?: { readonly seq: number; readonly kind: string };
  /** For `subagent/*`. */
  readonly run?: ObservedRun;
  /** For a `record` listener plan: the live entries when it heard the event. */
  readonly snapshot?: { readonly agents: readonly AgentEntry[]; readonly sessions: readonly SessionEntry[] };
}

/** The {@link ObservedEvent.listener} name of the adapter's own recorder. */
export const RECORDER = 'recorder';

/** A message the JSON-RPC forwarder sent (capability `rpc`). */
export interface ForwardedMessage {
  readonly method: string;
  readonly params: { readonly parentSessionId: string; readonly childSessionId: string };
}

/** The operations {@link System.classifyError} is asked about. */
export type OperationName =
  | 'create'
  | 'resume'
  | 'spawn'
  | 'spawnRemote'
  | 'prompt'
  | 'dispose'
  | 'flush'
  | 'unload'
  | 'shutdown'
  | 'restart'
  | 'config'
  | 'listen'
  | 'plan';

// ---------------------------------------------------------------------------------------------
// system

/**
 * One running implementation as the kit drives and observes it. Everything is `readonly` data or
 * a method; methods returning a Promise never reject (they resolve to an {@link Outcome}).
 */
export interface System {
  /**
   * The contract version the adapter was written for (`CONTRACT_VERSIONS`). Default: the latest
   * one whose capabilities `capabilities` all declares. A capability added after it counts as
   * absent, and the kit says so in one warning line naming it; a capability of that version
   * left undeclared makes the adapter unusable.
   */
  readonly contract?: ContractVersion;
  /** The optional capabilities the implementation offers (and the adapter translates): every one of {@link contract}'s version. */
  readonly capabilities: { readonly [V in ContractVersion]: CapabilitiesOf<V> }[ContractVersion];
  /** The profile variants it follows (AIK-QUIESCE-004, AIK-CONFLICT-003). */
  readonly profiles: Profiles;
  /** The delegation depth limit of spawn and fork, when `subagents` is declared (AIK-SUB-002). */
  readonly maxDepth?: number;

  // -- owners and creations --
  /** A new owner with this label (synchronous); creations may name it. */
  owner(label: string): OwnerToken;
  /** Unloads an owner (memoized): refuses new creations, rejects pending ones, tears down what it owns. */
  unload(owner: OwnerToken): Promise<Outcome>;
  /** Creates and publishes an agent/session pair under exactly `sessionId`. */
  create(input: CreateInput): Promise<Outcome<{ readonly handle: HandleToken }>>;
  /** Resumes a persisted session under exactly `resumeSessionId`. */
  resume(input: ResumeInput): Promise<Outcome<{ readonly handle: HandleToken }>>;
  /** Spawns or forks an in-process child of the agent of `parent` (capability `subagents`). */
  spawn(parent: HandleToken, input: SpawnInput): Promise<Outcome<{ readonly handle: HandleToken; readonly id: string; readonly runId: string }>>;
  /** Starts a remote (ACP) run from the agent of `parent` (capability `remote`); `dispose(handle)` ends it. */
  spawnRemote(parent: HandleToken, input: SpawnRemoteInput): Promise<Outcome<{ readonly handle: HandleToken; readonly id: string; readonly runId: string }>>;

  // -- lifecycle --
  /** Runs one turn on the agent of `handle`; resolves when the turn ended. Stale handle: `inactive`. */
  prompt(handle: HandleToken): Promise<Outcome>;
  /** Disposes the agent (or remote run) of `handle`: memoized, idempotent, resolves when fully settled. */
  dispose(handle: HandleToken): Promise<Outcome>;
  /** The durability barrier for the agent of `handle`. Stale handle: `inactive`. */
  flush(handle: HandleToken): Promise<Outcome>;
  /** Shuts the system down (memoized, idempotent); the kit's way of closing a system. */
  shutdown(): Promise<Outcome>;
  /**
   * Shutdown, then a new running implementation over the same `env.store`, started with
   * `config` (none when absent). Listeners installed with {@link listen} are re-installed; the
   * event log and plan outcomes continue; tokens of live objects do not carry over.
   */
  restart(options: { readonly config?: ConfigInput }): Promise<Outcome>;
  /** The outcome of the latest configuration start (factory or restart). */
  configResults(): ConfigOutcome;

  // -- listeners --
  /**
   * Installs a listener plan, globally or scoped to the agent of handle `target` (synchronous).
   * Fails (e.g. `inactive`) without throwing when the scope cannot take listeners.
   */
  listen(plan: ListenPlan, target?: HandleToken): Outcome;
  /** Removes the listener installed under `name` (a no-op when unknown). */
  unlisten(name: string): void;

  // -- observations (synchronous) --
  /** The token of the agent filed under `id` in the agent registry. */
  getAgent(id: string): AgentToken | undefined;
  /** The token of the session filed under `id` in the session store. */
  getSession(id: string): SessionToken | undefined;
  /** Every live agent entry (compared as a set). */
  agents(): readonly AgentEntry[];
  /** Every live session entry (compared as a set). */
  sessions(): readonly SessionEntry[];
  /** The log of the session of this token as the implementation holds it (live or last seen). */
  history(session: SessionToken): readonly StoredEvent[];
  /** Every event heard so far, in hearing order, across restarts. */
  events(): readonly ObservedEvent[];
  /** Outcomes of operations plans started without awaiting, in settlement order. */
  planOutcomes(): readonly PlanOutcome[];
  /** Classifies a failure the implementation originated; `unknown` when it cannot tell. */
  classifyError(error: unknown, context: { readonly op: OperationName }): ErrorCode | 'unknown';

  // -- capability operations --
  /** Opens an ACP bridge record for the agent of `handle` (capability `bridge`). */
  bridgeOpen?(handle: HandleToken): Promise<Outcome>;
  /** Whether the bridge would forward an event whose subject is this agent object (capability `bridge`). */
  bridgeServes?(agent: AgentToken): boolean;
  /** Every message the JSON-RPC forwarder sent so far (capability `rpc`). */
  forwarded?(): readonly ForwardedMessage[];
  /** The hook payload the implementation builds for the agent of `handle` (capability `consumers`). */
  hookPayload?(handle: HandleToken): Readonly<Record<string, unknown>>;
  /** Starts a background job owned by the agent of `handle` (capability `consumers`). */
  startJob?(handle: HandleToken): Promise<Outcome<{ readonly job: JobToken }>>;
  /** Whether a request about `job` from `requesterId` is authorised (capability `consumers`). */
  authorizeJob?(job: JobToken, requesterId: string): boolean;
  /**
   * The id a front end started next to configuration entry `entry` (its index) bound to, or
   * `undefined` when that entry failed (capability `consumers`).
   */
  frontEndTarget?(entry: number): string | undefined;
}

/** Factory options: the configuration to start with (none when absent). */
export interface FactoryOptions {
  readonly config?: ConfigInput;
}

/**
 * What an adapter module exports: builds one running system over the kit's `env`, started with
 * `config`. It may resolve asynchronously (e.g. after the configuration start).
 */
export type AdapterFactory = (env: AdapterEnv, options: FactoryOptions) => System | Promise<System>;
