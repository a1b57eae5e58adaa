/**
 * The scenario file: one small, named, readable case of the contract (scenarios/README.md),
 * replayed by `replay` against any adapter and written by `conform --out` for a found
 * counterexample. `scenarios/scenario.schema.json` validates files of this shape; a test keeps
 * the two in sync.
 *
 * Steps are adapter operations (src/contract/adapter.ts) with its plain-data plans, plus the
 * kit's own controls (pauses, turns, store faults). Names tie steps together:
 * - a step's `name` names its handle (creations), its call (for `await`) and, for `owner`, the
 *   owner token; configuration entries are named `config[0]`, `config[1]`, … after each start;
 * - a plan's injected value is written `{ "$injected": "<name>" }` and declared once in
 *   `injected`: the replayer builds one object per name, so identity comparisons hold;
 * - a seed `{ "$seed": <turns> }` is `env.seed(turns)` (any other seed is passed as written);
 * - in a check, an id written `@<name>` is the id of the handle of that name.
 */
import type { ConfigInput, CreateInput, ListenPlan, ResumeInput, SpawnInput, SpawnRemoteInput } from './adapter.js';
import type { DurableRecord } from './durable-store.js';
import type { ErrorCode } from './error-code.js';
import type { Capability, Profiles } from './requirements.js';

/** A plain JSON value. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A reference to a value declared in {@link Scenario.injected}. */
export interface InjectedRef {
  readonly $injected: string;
}

/** A value the kit injects: a fresh `Error` with this message, or this non-Error value (built once per replay). */
export type InjectedValue = { readonly error: string } | { readonly value: JsonValue };

/**
 * The expected outcome of a step: `ok`; `{ reject: <code> }` for a failure the implementation
 * originates (with `cause` naming the injected value an `aborted` error carries); or
 * `{ reject: { injected: <name> } }` for exactly that injected value; `pending` when the call
 * has not settled by the time the step's check runs; `{ oneOf: [...] }` for any of several.
 */
export type Expectation = SingleExpectation | { readonly oneOf: readonly SingleExpectation[] };

/**
 * One outcome an {@link Expectation} names. `{ oneOf: [...] }` allows each of several: where the
 * contract leaves the choice to the implementation (docs/contract.md §2 "Durable store": a session
 * that never appended an event may or may not be persisted, so a later resume of it may be `ok` or
 * `not-found`, a create over it `ok` or `conflict`).
 */
export type SingleExpectation =
  | 'ok'
  | 'pending'
  | { readonly reject: ErrorCode; readonly cause?: string }
  | { readonly reject: { readonly injected: string } };

/** A step's condition: it runs only when the latest step named `call` that ran settled as `expect` says (else it is skipped). */
export interface StepCondition {
  readonly call: string;
  readonly expect: Expectation;
}

/** A header expected of a live session: listed fields must match, `null` means absent. */
export type HeaderExpectation = {
  readonly [K in 'createdAt' | 'cwd' | 'parentSession' | 'seedLength' | 'delegationDepth']?: string | number | null;
};

/** The expected outcome of one configuration entry (docs/contract.md §3 "Config-driven start"). */
export interface ConfigEntryExpectation {
  readonly label: string;
  readonly expect: Expectation;
  /** The id it published, or `{ fresh: true }`: not its label, no id seen before in this replay. */
  readonly id?: string | { readonly fresh: true };
}

/** An expected answer of `authorizeJob(job, requester)` (capability `consumers`). */
export interface JobAuthorization {
  /** The `startJob` step that named the job. */
  readonly job: string;
  /** The requester id (`@name` for a handle's id). */
  readonly requester: string;
  readonly expect: boolean;
}

/** A plan outcome expected of an operation a plan started without awaiting it. */
export interface PlanOutcomeExpectation {
  readonly plan: string;
  readonly expect: Expectation;
}

/**
 * A named check of observations, run after its step. Every field is optional; events and
 * `heard` count what was heard since the previous check (or the start of the replay).
 */
export interface ScenarioCheck {
  /** What it checks, in words; shown when it fails. */
  readonly name: string;
  /** The requirements it decides (a subset of the scenario's). */
  readonly requirements?: readonly string[];
  /**
   * Checks only when each of these earlier steps (or its own) settled this way: what it expects is
   * one branch's where the contract allows several. Otherwise it checks nothing, but still ends
   * the window the next check reads from.
   */
  readonly when?: readonly StepCondition[];
  /** The clauses (`AIK-…cN`) whose assertion it makes, when it makes one of a failure's (a counterexample's checks). */
  readonly clauses?: readonly string[];
  /** What the adapter's recorder heard, each `"<type> <id>"`, in order. */
  readonly events?: readonly string[];
  /**
   * Event types `events` and `heard` leave out on both sides: the implementation may emit more
   * of them than the reference runtime (e.g. `session/event` for a bookkeeping append).
   */
  readonly ignore?: readonly string[];
  /** What named listeners heard, each `"<type> <id>"`, in order. */
  readonly heard?: { readonly [listener: string]: readonly string[] };
  /**
   * Ids that must each be one live identity: an agent filed under it whose id, session id and
   * header id equal it, and the session store holding that agent's own session under it.
   */
  readonly identity?: readonly string[];
  /** Per `record` listener: the live agent and session ids it saw when it last heard an event since the previous check. */
  readonly snapshots?: { readonly [listener: string]: { readonly agents: readonly string[]; readonly sessions: readonly string[] } };
  /** The ids of the live agents (as a set). */
  readonly agents?: readonly string[];
  /** The ids of the live sessions (as a set). */
  readonly sessions?: readonly string[];
  /** Per id: whether the durable store holds a record under it. */
  readonly stored?: { readonly [id: string]: boolean };
  /**
   * Per live session id: the number of events the scenario caused in its log (seed and turns). The
   * log holds at least that many — an implementation may append bookkeeping events of its own
   * (§2 "Durable store") — and the log an earlier check read of the same session object is its prefix.
   */
  readonly lengths?: { readonly [id: string]: number };
  /**
   * Live session ids whose `session/event`s the recorder heard match their logs: exactly one per
   * event appended after the create or resume that published the session resolved, in seq order,
   * none for the seed or what came before (AIK-EVENT-005).
   */
  readonly sessionEvents?: readonly string[];
  /** Events (`"<type> <id>"`) the recorder heard since the previous check, each while no turn of its id was in flight (AIK-QUIESCE-002: `agent/disposed` after the turn settled). */
  readonly afterTurns?: readonly string[];
  /** Per live session id: its header. */
  readonly headers?: { readonly [id: string]: HeaderExpectation };
  /** Per live child agent id: the id of its owning parent agent (`null`: a root agent). */
  readonly parents?: { readonly [id: string]: string | null };
  /** The latest configuration start: refused as a whole, or per entry in order. */
  readonly config?: { readonly reject: ErrorCode } | readonly ConfigEntryExpectation[];
  /** Outcomes of plan-started operations, in settlement order. */
  readonly planOutcomes?: readonly PlanOutcomeExpectation[];
  /**
   * Subagent events the recorder heard since the previous check, each
   * `"<type> <parent id> <run id> <provider> local|remote"` plus the outcome for `subagent/end`.
   */
  readonly runs?: readonly string[];
  /** Every run heard so far has a runId unique among runs and distinct from its id, and its end carries its start's (runId, provider, id, local). */
  readonly runPairs?: true;
  /** Ids that appear in no event, no lookup and no registry (e.g. a remote child's wire-local session id). */
  readonly hidden?: readonly string[];
  /** Per id: whether the ACP bridge serves the agent live under it (capability `bridge`). */
  readonly bridge?: { readonly [id: string]: boolean };
  /** Messages the JSON-RPC forwarder sent since the previous check, each `"<method> <parentSessionId> <childSessionId>"` (capability `rpc`). */
  readonly forwarded?: readonly string[];
  /** Per handle name: fields its hook payload must carry (capability `consumers`). */
  readonly hookPayloads?: { readonly [handle: string]: { readonly [field: string]: JsonValue } };
  /** Answers of `authorizeJob` (capability `consumers`). */
  readonly authorized?: readonly JobAuthorization[];
  /** Per configuration entry index: the id a front end bound to, `null` for none (capability `consumers`). */
  readonly frontEnd?: { readonly [entry: string]: string | null };
  /** Whether the fake ACP child process of the scenario is still running. */
  readonly childAlive?: boolean;
  /** Calls started with `wait: false` (by step name) that must have settled by now: "resolves only after". */
  readonly settled?: readonly string[];
  /** Calls started with `wait: false` (by step name) that must still be pending: they wait on something the scenario never releases. */
  readonly pending?: readonly string[];
  /** Per call started with `wait: false` (by step name): events (`"<type> <id>"`) and calls that must have come before its outcome reached the kit. */
  readonly settledAfter?: { readonly [call: string]: readonly string[] };
  /** Ids the durable store saw no call for since the previous check. */
  readonly untouched?: readonly string[];
  /** Per id: store operations the durable store saw no call of for it since the previous check (e.g. no `put` or `append` of a rolled-back creation). */
  readonly noCalls?: { readonly [id: string]: readonly StoreOp[] };
}

/** What every step may carry. */
export interface StepCommon {
  /** Names the step's handle, call or owner for later steps. */
  readonly name?: string;
  /** `false`: start the operation and go on at once, without yielding (finish it with `await`; `settle` lets it progress). Default: wait for it. */
  readonly wait?: boolean;
  /** The expected outcome (checked when the operation settles; `pending` right after starting it). */
  readonly expect?: Expectation;
  /** Observations checked after the step. */
  readonly check?: ScenarioCheck;
  /**
   * Runs the step only when an earlier step's outcome was this one (else the step is skipped): how
   * a scenario follows the branch an implementation took where the contract allows several (a
   * resume as the way back only when the create over a maybe-persisted id was refused).
   */
  readonly when?: StepCondition;
}

/** `create(input)`. */
export interface CreateStep extends StepCommon {
  readonly op: 'create';
  readonly input: CreateInput;
}

/** `resume(input)`. */
export interface ResumeStep extends StepCommon {
  readonly op: 'resume';
  readonly input: ResumeInput;
}

/** `spawn(parent, input)`: an in-process child (spawn or fork) of the handle named `parent`. */
export interface SpawnStep extends StepCommon {
  readonly op: 'spawn';
  readonly parent: string;
  readonly input: SpawnInput;
}

/** `spawnRemote(parent, input)`. */
export interface SpawnRemoteStep extends StepCommon {
  readonly op: 'spawnRemote';
  readonly parent: string;
  readonly input?: SpawnRemoteInput;
}

/** `prompt`, `dispose` or `flush` of the handle named `handle`. */
export interface HandleStep extends StepCommon {
  readonly op: 'prompt' | 'dispose' | 'flush';
  readonly handle: string;
}

/** `owner(label)`, its token named by `name`. */
export interface OwnerStep extends StepCommon {
  readonly op: 'owner';
  readonly name: string;
  readonly label: string;
}

/** `unload(owner)` of the owner named `owner`. */
export interface UnloadStep extends StepCommon {
  readonly op: 'unload';
  readonly owner: string;
}

/** `shutdown()`. */
export interface ShutdownStep extends StepCommon {
  readonly op: 'shutdown';
}

/** `restart({ config })`: a new system over the same store. */
export interface RestartStep extends StepCommon {
  readonly op: 'restart';
  readonly config?: ConfigInput;
}

/** `listen(plan, target)`: a global listener, or one scoped to the agent of the handle named `target`. */
export interface ListenStep extends StepCommon {
  readonly op: 'listen';
  readonly plan: ListenPlan;
  readonly target?: string;
}

/** `unlisten(listener)`. */
export interface UnlistenStep extends StepCommon {
  readonly op: 'unlisten';
  readonly listener: string;
}

/** Releases the scheduled pause `pause` (setup and signal plans await pauses). */
export interface ReleaseStep extends StepCommon {
  readonly op: 'release';
  readonly pause: string;
}

/** Sets what the turns of session `id` do: complete at once, be held (until `release-turns`), or fail with an injected value. */
export interface TurnsStep extends StepCommon {
  readonly op: 'turns';
  readonly id: string;
  readonly plan: 'complete' | 'hold' | { readonly fail: InjectedRef };
}

/** Completes the held turns of session `id`. */
export interface ReleaseTurnsStep extends StepCommon {
  readonly op: 'release-turns';
  readonly id: string;
}

/** A store fault plan, keyed by operation and id (`*` for `list`), never by call count. */
export interface FaultStep extends StepCommon {
  readonly op: 'fault';
  readonly store: StoreOp;
  readonly id: string;
  /** `fail` rejects with `value`; `hang` never settles; `hold` waits until the pause `pause` is released (a `release` step), then makes the call. */
  readonly effect: 'fail' | 'hang' | 'hold';
  readonly value?: InjectedRef;
  /** For `hold`: the pause whose release lets the held calls go on. */
  readonly pause?: string;
  /** The next matching call only (default: every matching call). */
  readonly once?: boolean;
}

/** `bridgeOpen(handle)`: the ACP bridge opens a record for the agent of the handle (capability `bridge`). */
export interface BridgeOpenStep extends StepCommon {
  readonly op: 'bridgeOpen';
  readonly handle: string;
}

/** `startJob(handle)`: a background job owned by the agent of the handle, named by `name` (capability `consumers`). */
export interface StartJobStep extends StepCommon {
  readonly op: 'startJob';
  readonly handle: string;
  readonly name: string;
}

/** Removes the store faults of `id` (all when absent). */
export interface HealStep extends StepCommon {
  readonly op: 'heal';
  readonly id?: string;
}

/** Waits for the call started by the step named `call` and checks `expect` against its outcome. */
export interface AwaitStep extends StepCommon {
  readonly op: 'await';
  readonly call: string;
}

/** A store operation, as fault plans and `until` name it. */
export type StoreOp = 'load' | 'put' | 'append' | 'list' | 'flush';

/**
 * Waits, polling on timers at most the replay's timeout, until something the scenario needs has
 * happened: a store call, a turn in flight, a pause reached. Not within the timeout is a
 * divergence ("never …"), unless `orSettled` and the call of `since` settled.
 */
export interface UntilStep extends StepCommon {
  readonly op: 'until';
  /** A call of one of `ops` for `id` (`*` for `list`), made after the step named `since` started (without `since`: since the start). */
  readonly store?: { readonly ops: readonly StoreOp[]; readonly id: string };
  /** A turn in flight: started through the env and not completed yet. */
  readonly turning?: boolean;
  /** Something awaiting the kit's pause of this name (a creation reached its setup). */
  readonly paused?: string;
  /** The step (by name) the store calls are counted from, and whose call `orSettled` means. */
  readonly since?: string;
  /** Stop waiting, too, once the call started by the step `since` settled. */
  readonly orSettled?: boolean;
}

/** Lets pending work run (a few timer turns, as a directed check's `settle()`) without starting anything. */
export interface SettleStep extends StepCommon {
  readonly op: 'settle';
}

/** One step of a scenario. */
export type ScenarioStep =
  | CreateStep
  | ResumeStep
  | SpawnStep
  | SpawnRemoteStep
  | HandleStep
  | OwnerStep
  | UnloadStep
  | ShutdownStep
  | RestartStep
  | ListenStep
  | UnlistenStep
  | ReleaseStep
  | TurnsStep
  | ReleaseTurnsStep
  | FaultStep
  | HealStep
  | BridgeOpenStep
  | StartJobStep
  | AwaitStep
  | UntilStep
  | SettleStep;

/** A scenario file. */
export interface Scenario {
  /** An editor hint; ignored. */
  readonly $schema?: string;
  /** kebab-case, unique in a corpus. */
  readonly id: string;
  /** The clause it tests, in words. */
  readonly title: string;
  /** The requirement ids it exercises. */
  readonly requirements: readonly string[];
  /** The clauses (`AIK-…cN`) it exercises, when it names them (a counterexample names its failure's). */
  readonly clauses?: readonly string[];
  /** Capabilities it needs; without one of them it is not applicable. */
  readonly capabilities?: readonly Capability[];
  /** The profile variants it applies to (default: all). */
  readonly profiles?: Partial<Profiles>;
  /** Whether the system gets a durable store (default true). */
  readonly durable?: boolean;
  /**
   * Records the durable store holds before the system starts, by the key they are stored under —
   * which may differ from the record's header id (needs `durable`).
   */
  readonly planted?: { readonly [key: string]: DurableRecord };
  /** Plan flags of the fake ACP child process remote runs spawn (see src/runtime/acp-child-server.mjs); absent: no remote command. */
  readonly remote?: readonly string[];
  /** Ids the kit's id source hands out first, in order, before its fresh `minted-<n>` ones. */
  readonly ids?: readonly string[];
  /** The configuration the system starts with. */
  readonly config?: ConfigInput;
  /** The values the scenario injects, by name. */
  readonly injected?: { readonly [name: string]: InjectedValue };
  readonly steps: readonly ScenarioStep[];
}
