import { rmSync } from 'node:fs';
import type { AdapterFactory, Capabilities, HandleToken, ObservedEvent, OperationName, Outcome, SessionToken } from '../../src/contract/adapter.js';
import type { StoredEvent } from '../../src/contract/durable-store.js';
import { RECORDER } from '../../src/contract/adapter.js';
import type { Scenario, ScenarioStep, UntilStep } from '../../src/contract/scenario.js';
import { acpChildServer } from '../../src/runtime/index.js';
import { acpPidFile } from '../../src/runtime/remote.js';
import { createKitEnv, type KitEnv } from '../../properties/env/kit-env.js';
import { AdapterFailure } from '../../properties/runner/adapter-failure.js';
import { openSystem } from '../../properties/runner/check-context.js';
import { Limits } from '../../properties/runner/limits.js';
import { letPendingWorkRun } from '../../properties/runner/event-loop.js';
import { DrivenSystem } from '../../properties/runner/driven-system.js';
import type { HistoryOperation } from '../history/history-format.js';
import type { HistoryRecorder } from '../history/history-recorder.js';
import { checkFailure, type CheckState } from './_internals/run-check.js';
import { meetsExpectation, showExpectation, showOutcome, type OutcomeReader } from './_internals/outcome-expectation.js';
import { ScenarioValues } from './_internals/scenario-values.js';
import { stepLine, untilText } from './_internals/step-line.js';
import { plantedStore } from './_internals/planted-store.js';
import { withinTimeout } from './_internals/within-timeout.js';

/** Where and how a replay diverged from its scenario. */
export interface ReplayFailure {
  /** The index of the first diverging step. */
  readonly step: number;
  /** That step as a log line. */
  readonly line: string;
  /** The named check that failed, when it was a check. */
  readonly check?: string;
  readonly requirements: readonly string[];
  /** The clauses the diverging check or expectation names (its check's, else the scenario's), when it names any. */
  readonly clauses?: readonly string[];
  readonly expected: string;
  readonly observed: string;
  /** Set when the divergence is an operation that did not settle within the replay's timeout. */
  readonly hang?: true;
}

/** One entry of a replay's timeline, in the order the kit saw it (step -1: the configuration start). */
export type TimelineEntry =
  | { readonly kind: 'call'; readonly step: number; readonly line: string }
  | { readonly kind: 'return'; readonly step: number; readonly line: string; readonly outcome: string }
  | { readonly kind: 'event'; readonly event: ObservedEvent };

/** The result of replaying one scenario. */
export type ScenarioResult =
  | { readonly status: 'PASS'; readonly timeline: readonly TimelineEntry[] }
  | { readonly status: 'SKIP'; readonly reason: string }
  | { readonly status: 'FAIL'; readonly failure: ReplayFailure; readonly timeline: readonly TimelineEntry[] };

/** Options of {@link replayScenario}. */
export interface ReplayOptions {
  /** Per-operation timeout for operations that must settle, in ms. Default 5000 (generous: a remote run starts a process). */
  readonly timeoutMs?: number;
  /** Records the replay as a history (operations and the adapter recorder's events). */
  readonly record?: HistoryRecorder;
  /** Called after each step (after its check) with what the system shows then: how a counterexample takes the reference runtime's observations. */
  readonly afterStep?: (index: number, view: ReplayView) => void | Promise<void>;
}

/** When one call started with `wait: false` settled: how many events the system had emitted, and which named calls had settled before it. */
export interface Settlement {
  readonly events: number;
  readonly calls: readonly string[];
}

/** What a replay shows after a step, for {@link ReplayOptions.afterStep}. */
export interface ReplayView {
  readonly system: DrivenSystem;
  readonly kit: KitEnv;
  /** The id each bound name stands for (handles and configuration entries), as `@name` resolves it now. */
  readonly names: ReadonlyMap<string, string>;
  /** Per named call started with `wait: false` that has settled. */
  readonly settlements: ReadonlyMap<string, Settlement>;
  /** How outcomes of `op` read (as `showOutcome` shows them). */
  readonly reader: (op: OperationName) => OutcomeReader;
}

/** The outcome of an optional adapter operation the adapter does not offer. */
function missing(operation: string): Outcome {
  return { ok: false, error: new Error(`the adapter offers no ${operation}()`) };
}

/** Stops the replay at the first divergence. */
class Divergence extends Error {
  constructor(readonly failure: Omit<ReplayFailure, 'step' | 'line'>) {
    super(failure.observed);
  }
}

const HISTORY_OPS: Partial<Record<ScenarioStep['op'], HistoryOperation>> = {
  create: 'create',
  resume: 'resume',
  spawnRemote: 'spawnRemote',
  prompt: 'prompt',
  dispose: 'dispose',
  flush: 'flush',
  unload: 'unload',
  shutdown: 'shutdown',
  restart: 'restart',
};

let replays = 0;

/**
 * Replays `scenario` against a fresh system of `factory` over a fresh kit env (deterministic ids,
 * clock, store faults, turns and pauses). A scenario whose capabilities or profiles the system
 * does not declare is skipped. The replay stops at the first divergence: an outcome that does
 * not meet its expectation, a failed named check, or an adapter that hangs or breaks protocol.
 */
export async function replayScenario(scenario: Scenario, factory: AdapterFactory, options: ReplayOptions = {}): Promise<ScenarioResult> {
  const timeoutMs = options.timeoutMs ?? 5000;
  replays += 1;
  // The fake ACP child writes its pid here, so a check can tell whether it still runs.
  const pidFile = acpPidFile(`replay-${process.pid}-${replays}`);
  const remote = scenario.remote === undefined ? undefined : acpChildServer([...scenario.remote, '--pid-file', pidFile]);
  const created = createKitEnv({ durable: scenario.durable !== false, ...(remote === undefined ? {} : { remote: { command: remote.command, args: remote.args ?? [] } }), ...(scenario.ids === undefined ? {} : { ids: scenario.ids }) });
  const kit: KitEnv = scenario.planted === undefined || created.env.store === undefined ? created : { ...created, env: { ...created.env, store: plantedStore(created.env.store, scenario.planted) } };
  const values = new ScenarioValues(scenario.injected, kit.env);
  const config = scenario.config === undefined ? undefined : values.resolve(scenario.config);
  if (config !== undefined) options.record?.invoke('start', { agents: config.agents });
  const broken: AdapterFailure[] = [];
  const limits = new Limits(timeoutMs);
  const system = new DrivenSystem(await openSystem(factory, kit, config, limits), {
    limits,
    steps: [],
    injected: (value) => values.nameOf(value) !== undefined,
    broke: (failure) => broken.push(failure),
  });
  const unmet = applicability(scenario, system);
  if (unmet !== undefined) {
    await system.raw.shutdown();
    return { status: 'SKIP', reason: unmet };
  }
  const replay = new Replay(scenario, system, kit, values, options.record, { pidFile, timeoutMs }, options.afterStep);
  if (config !== undefined) {
    replay.timeline.push({ kind: 'call', step: -1, line: `start(config: ${config.agents.map((entry) => entry.sessionId ?? entry.resumeSessionId ?? `label ${entry.id}`).join(', ')})` });
    replay.recordStart(1);
  }
  try {
    return await replaySteps(scenario, replay, broken);
  } finally {
    rmSync(pidFile, { force: true });
  }
}

async function replaySteps(scenario: Scenario, replay: Replay, broken: readonly AdapterFailure[]): Promise<ScenarioResult> {
  try {
    for (const [index, step] of scenario.steps.entries()) {
      await replay.step(index, step);
      // An operation the scenario did not await may have broken the adapter protocol meanwhile.
      if (broken[0] !== undefined) throw broken[0];
    }
    await replay.close();
    return { status: 'PASS', timeline: replay.timeline };
  } catch (error) {
    await replay.close();
    const at = replay.current;
    const line = stepLine(scenario.steps[at] as ScenarioStep);
    if (error instanceof Divergence) return { status: 'FAIL', failure: { step: at, line, ...error.failure }, timeline: replay.timeline };
    if (error instanceof AdapterFailure) {
      const hang = error.kind === 'hang' ? { hang: true as const } : {};
      return { status: 'FAIL', failure: { step: at, line, requirements: scenario.requirements, ...clausesOf(scenario.clauses), expected: 'an outcome, as the adapter protocol demands', observed: error.message, ...hang }, timeline: replay.timeline };
    }
    throw error;
  }
}

/** `{ clauses }` when there are any, else nothing (a failure without clauses has no such field). */
function clausesOf(clauses: readonly string[] | undefined): { clauses?: readonly string[] } {
  return clauses === undefined || clauses.length === 0 ? {} : { clauses };
}

function applicability(scenario: Scenario, system: DrivenSystem): string | undefined {
  // An adapter written for an earlier contract version does not declare the capabilities added since: they are absent.
  const declared: Partial<Capabilities> = system.raw.capabilities;
  const missing = (scenario.capabilities ?? []).filter((capability) => declared[capability] !== true);
  if (missing.length > 0) return `not applicable: capability ${missing.join(', ')} not declared`;
  const configured = declared.configHandles === true ? -1 : scenario.steps.findIndex((step) => configHandleOf(step) !== undefined);
  if (configured >= 0) return `not applicable: step ${configured} needs the handle of ${configHandleOf(scenario.steps[configured] as ScenarioStep)}, and configured agents have none (capability configHandles not declared)`;
  for (const [axis, variant] of Object.entries(scenario.profiles ?? {})) {
    const declared = system.raw.profiles[axis as keyof typeof system.raw.profiles];
    if (declared !== variant) return `not applicable: profile ${axis} is ${declared}, the scenario is for ${variant}`;
  }
  return undefined;
}

/** The configuration entry (`config[i]`) whose handle the step uses, if any. */
function configHandleOf(step: ScenarioStep): string | undefined {
  const named = [
    'handle' in step ? step.handle : undefined,
    'parent' in step ? step.parent : undefined,
    step.op === 'listen' ? step.target : undefined,
    step.op === 'listen' ? step.plan.target : undefined,
    ...Object.keys(step.check?.hookPayloads ?? {}),
  ];
  return named.find((name) => name?.startsWith('config[') === true);
}

interface PendingCall {
  readonly op: OperationName;
  readonly promise: Promise<Outcome>;
  outcome?: Outcome;
}

/** The state of one replay: names, pending calls, cursors into the observations. */
class Replay implements CheckState {
  readonly timeline: TimelineEntry[] = [];
  readonly handles = new Map<string, { readonly token: HandleToken; readonly id: string }>();
  readonly seenIds = new Set<string>();
  readonly logs = new Map<SessionToken, readonly StoredEvent[]>();
  readonly publishedAt = new Map<SessionToken, number>();
  readonly turnSpans = new Map<string, { readonly from: number; to?: number }[]>();
  current = 0;
  readonly cursors = { events: 0, plans: 0, storeCalls: 0, forwarded: 0 };
  readonly jobs = new Map<string, string>();
  readonly #owners = new Map<string, string>();
  /** The ids of the latest start's configuration entries (`config[i]`), with or without handles. */
  readonly #configIds = new Map<string, string>();
  readonly #calls = new Map<string, PendingCall>();
  readonly #named = new Map<string, PendingCall>();
  readonly #all: PendingCall[] = [];
  readonly settlements = new Map<string, Settlement>();
  /** The call of the latest step that ran under each name: what a step's `when` reads. */
  readonly #latest = new Map<string, PendingCall>();
  /** Per named step: how many store calls had been made when it started (what `until … since` counts from). */
  readonly #storeMarks = new Map<string, number>();
  #synced = 0;

  constructor(
    readonly scenario: Scenario,
    readonly system: DrivenSystem,
    readonly kit: KitEnv,
    readonly values: ScenarioValues,
    readonly record: HistoryRecorder | undefined,
    readonly remote: { readonly pidFile: string; readonly timeoutMs: number },
    readonly afterStep?: ReplayOptions['afterStep'],
  ) {
    this.bindConfig();
    kit.turns.onStart((id) => this.turnSpans.set(id, [...(this.turnSpans.get(id) ?? []), { from: system.events().length }]));
    kit.turns.onSettle((id) => {
      const open = this.turnSpans.get(id)?.find((span) => span.to === undefined);
      if (open !== undefined) open.to = system.events().length;
    });
  }

  /** The reader for outcomes of `op`. */
  reader(op: OperationName): OutcomeReader {
    return { classify: (error) => this.system.classify(error, op), values: this.values };
  }

  isSettled(name: string): boolean {
    return this.#named.get(name)?.outcome !== undefined;
  }

  idOf(name: string): string {
    return name.startsWith('@') ? (this.names().get(name.slice(1)) ?? name) : name;
  }

  /** The id each bound name stands for now. */
  names(): Map<string, string> {
    const names = new Map(this.#configIds);
    for (const [name, bound] of this.handles) names.set(name, bound.id);
    return names;
  }

  /** Names configuration entries `config[i]` after a start: their ids always, their handles when they have one (`configHandles`). */
  bindConfig(): void {
    for (const [name, bound] of [...this.handles]) {
      if (!name.startsWith('config[')) continue;
      this.seenIds.add(bound.id);
      this.handles.delete(name);
    }
    for (const id of this.#configIds.values()) this.seenIds.add(id);
    this.#configIds.clear();
    const outcome = this.system.configResults();
    if (!outcome.ok) return;
    outcome.entries.forEach((entry, index) => {
      if (!entry.ok) return;
      this.#configIds.set(`config[${index}]`, entry.id);
      if (entry.handle !== undefined) this.handles.set(`config[${index}]`, { token: entry.handle, id: entry.id });
    });
  }

  /** Appends the events heard since the last sync to the timeline (and the history). */
  sync(): void {
    const events = this.system.events();
    for (const event of events.slice(this.#synced)) {
      this.timeline.push({ kind: 'event', event });
      if (event.listener === RECORDER && this.record !== undefined) this.record.event(event.type, event.id, event.subject);
    }
    this.#synced = events.length;
  }

  recordStart(call: number): void {
    this.sync();
    const outcome = this.system.configResults();
    if (outcome.ok) this.record?.ok(call, outcome.entries.map((entry) => ({ label: entry.label, ok: entry.ok, ...(entry.ok ? { id: entry.id } : {}) })));
    else this.record?.fail(call, outcome.error);
  }

  async step(index: number, step: ScenarioStep): Promise<void> {
    this.current = index;
    const line = stepLine(step);
    this.sync();
    this.timeline.push({ kind: 'call', step: index, line });
    if (step.name !== undefined) this.#storeMarks.set(step.name, this.kit.store?.calls.length ?? 0);
    // A step whose condition does not hold is skipped; its check still runs (it checks what the branch taken shows).
    const skipped = step.when !== undefined && !this.holds(step.when);
    if (skipped) this.timeline.push({ kind: 'return', step: index, line, outcome: 'skipped: its condition does not hold' });
    const started = skipped ? undefined : this.start(step);
    if (started !== undefined) {
      const call: PendingCall = { op: started.op, promise: started.promise };
      this.#all.push(call);
      if (step.name !== undefined) this.#latest.set(step.name, call);
      const name = step.wait === false ? step.name : undefined;
      void started.promise.then((outcome) => {
        call.outcome = outcome;
        this.sync();
        if (name !== undefined) this.settlements.set(name, { events: this.system.events().length, calls: [...this.settlements.keys()] });
        this.timeline.push({ kind: 'return', step: index, line, outcome: showOutcome(outcome, this.reader(started.op)) });
        started.after?.(outcome);
      }, () => undefined);
      if (step.wait === false) {
        if (step.name !== undefined) {
          this.#calls.set(step.name, call);
          this.#named.set(step.name, call);
        }
        if (step.expect !== undefined) this.expect(step.expect, call.outcome, started.op);
      } else {
        await started.promise;
        if (step.expect !== undefined) this.expect(step.expect, call.outcome, started.op);
      }
    } else if (skipped) {
      // Nothing ran.
    } else if (step.op === 'await') {
      const call = this.#calls.get(step.call) as PendingCall;
      this.#calls.delete(step.call);
      await call.promise;
      if (step.expect !== undefined) this.expect(step.expect, call.outcome, call.op);
    } else if (step.op === 'until') {
      await this.until(step);
    } else if (step.op === 'settle') {
      await letPendingWorkRun();
    }
    this.sync();
    if (step.check !== undefined) {
      // A check of a branch not taken reads nothing, but ends the window as it would have.
      const problem = await checkFailure((step.check.when ?? []).every((when) => this.holds(when)) ? step.check : { name: step.check.name }, this);
      if (problem !== undefined) throw new Divergence({ check: step.check.name, requirements: step.check.requirements ?? this.scenario.requirements, ...clausesOf(step.check.clauses ?? this.scenario.clauses), ...problem });
    }
    if (this.record !== undefined) this.recordLookups();
    await this.afterStep?.(index, { system: this.system, kit: this.kit, names: this.names(), settlements: this.settlements, reader: (op) => this.reader(op) });
  }

  /** Whether the latest step named `when.call` settled as `when.expect` says (a step not run under that name: it does not). */
  holds(when: NonNullable<ScenarioStep['when']>): boolean {
    const call = this.#latest.get(when.call);
    return call !== undefined && meetsExpectation(when.expect, call.outcome, this.reader(call.op));
  }

  /** Waits for what an `until` step names, polling on timers, at most the replay's timeout (see {@link UntilStep}). */
  async until(step: UntilStep): Promise<void> {
    const from = step.since === undefined ? 0 : (this.#storeMarks.get(step.since) ?? 0);
    const store = step.store;
    const met = () =>
      (store === undefined || (this.kit.store?.calls.slice(from).some((call) => store.ops.includes(call.op) && call.id === store.id) ?? false)) &&
      (step.turning !== true || this.kit.turns.inFlight > 0) &&
      (step.paused === undefined || this.kit.pauses.waiting(step.paused));
    const settled = () => step.orSettled === true && step.since !== undefined && this.isSettled(step.since);
    const deadline = performance.now() + this.remote.timeoutMs;
    while (!met() && !settled()) {
      if (performance.now() > deadline) throw new Divergence({ requirements: this.scenario.requirements, ...clausesOf(this.scenario.clauses), expected: untilText(step), observed: `not within ${this.remote.timeoutMs} ms` });
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }

  expect(expect: NonNullable<ScenarioStep['expect']>, outcome: Outcome | undefined, op: OperationName): void {
    const reader = this.reader(op);
    if (!meetsExpectation(expect, outcome, reader)) {
      throw new Divergence({ requirements: this.scenario.requirements, ...clausesOf(this.scenario.clauses), expected: showExpectation(expect), observed: showOutcome(outcome, reader) });
    }
  }

  /** Starts the step's operation; `undefined` for steps that are not operations on the system. */
  start(step: ScenarioStep): { op: OperationName; promise: Promise<Outcome>; after?: (outcome: Outcome) => void } | undefined {
    const values = this.values;
    const handle = (name: string): HandleToken => this.handles.get(name)?.token ?? `unbound:${name}`;
    const owner = (name: string | undefined) => (name === undefined ? {} : { owner: this.#owners.get(name) ?? `unbound:${name}` });
    const bind = (id: string | undefined) => (outcome: Outcome) => {
      const token = outcome.ok ? (outcome as { handle?: HandleToken }).handle : undefined;
      const found = id ?? (outcome as { id?: string }).id;
      if (step.name !== undefined && token !== undefined && found !== undefined) this.handles.set(step.name, { token, id: found });
      if (found !== undefined && outcome.ok) this.seenIds.add(found);
      const session = found !== undefined && outcome.ok && (step.op === 'create' || step.op === 'resume') ? this.system.session(found) : undefined;
      if (session !== undefined) this.publishedAt.set(session.token, session.length);
    };
    switch (step.op) {
      case 'create': {
        const input = { ...values.resolve(step.input), ...owner(step.input.owner) };
        this.seenIds.add(input.sessionId);
        return this.tracked(step, 'create', { sessionId: input.sessionId }, () => this.system.create(input), bind(input.sessionId));
      }
      case 'resume': {
        const input = { ...values.resolve(step.input), ...owner(step.input.owner) };
        return this.tracked(step, 'resume', { resumeSessionId: input.resumeSessionId }, () => this.system.resume(input), bind(input.resumeSessionId));
      }
      case 'spawn':
        return this.tracked(step, 'spawn', { parent: handle(step.parent) }, () => this.system.spawn(handle(step.parent), values.resolve(step.input)), bind(undefined));
      case 'spawnRemote':
        return this.tracked(step, 'spawnRemote', { parent: handle(step.parent) }, () => this.system.spawnRemote(handle(step.parent), values.resolve(step.input ?? {})), bind(undefined));
      case 'prompt':
      case 'dispose':
      case 'flush': {
        const token = handle(step.handle);
        const op = step.op;
        return this.tracked(step, op, { handle: token }, () => this.system[op](token));
      }
      case 'unload':
        return this.tracked(step, 'unload', { owner: step.owner }, () => this.system.unload(this.#owners.get(step.owner) ?? `unbound:${step.owner}`));
      case 'shutdown':
        return this.tracked(step, 'shutdown', undefined, () => this.system.shutdown());
      case 'restart': {
        const config = step.config === undefined ? undefined : values.resolve(step.config);
        return this.tracked(step, 'restart', config === undefined ? undefined : { agents: config.agents }, () => this.system.restart(config), () => this.bindConfig());
      }
      case 'listen': {
        const plan = values.resolve(step.plan);
        // An `unload` plan names its owner, and a `listen` plan its target, the way the scenario does; the adapter takes tokens.
        const owned = plan.action === 'unload' && typeof plan.value === 'string' ? { ...plan, value: this.#owners.get(plan.value) ?? plan.value } : plan;
        const targeted = owned.target === undefined ? owned : { ...owned, target: handle(owned.target) };
        const outcome = this.system.listen(targeted, step.target === undefined ? undefined : handle(step.target));
        return { op: 'listen', promise: Promise.resolve(outcome) };
      }
      case 'owner':
        this.#owners.set(step.name, this.system.owner(step.label));
        return undefined;
      case 'unlisten':
        this.system.unlisten(step.listener);
        return undefined;
      case 'release':
        this.kit.pauses.release(step.pause);
        return undefined;
      case 'turns':
        this.kit.turns.plan(step.id, typeof step.plan === 'string' ? { kind: step.plan } : { kind: 'fail', value: values.resolve(step.plan.fail) });
        return undefined;
      case 'release-turns':
        this.kit.turns.release(step.id);
        return undefined;
      case 'fault':
        // A held call waits on the pause the scenario names; a `release` step lets it go on.
        this.kit.store?.inject({ op: step.store, id: step.id, effect: step.effect, ...(step.effect === 'hold' ? { value: step.pause } : step.value === undefined ? {} : { value: values.resolve(step.value) }), ...(step.once === undefined ? {} : { once: step.once }) });
        return undefined;
      case 'heal':
        this.kit.store?.heal(step.id);
        return undefined;
      case 'bridgeOpen': {
        const token = handle(step.handle);
        const open = this.system.raw.bridgeOpen?.bind(this.system.raw);
        const line = `bridgeOpen(${step.handle})`;
        return { op: 'plan', promise: open === undefined ? Promise.resolve(missing('bridgeOpen')) : withinTimeout(open(token), this.remote.timeoutMs, line) };
      }
      case 'startJob': {
        const token = handle(step.handle);
        const start = this.system.raw.startJob?.bind(this.system.raw);
        const name = step.name;
        const promise = start === undefined ? Promise.resolve(missing('startJob')) : withinTimeout(start(token), this.remote.timeoutMs, `startJob(${step.handle})`);
        return {
          op: 'plan',
          promise,
          after: (outcome) => {
            const job: unknown = outcome.ok ? (outcome as Record<string, unknown>)['job'] : undefined;
            if (typeof job === 'string') this.jobs.set(name, job);
          },
        };
      }
      case 'await':
      case 'until':
      case 'settle':
        return undefined;
    }
  }

  /** Starts `run`, recording it in the history as `op` with `args`. */
  tracked(step: ScenarioStep, op: OperationName, args: unknown, run: () => Promise<Outcome>, after?: (outcome: Outcome) => void): { op: OperationName; promise: Promise<Outcome>; after: (outcome: Outcome) => void } {
    const historyOp = step.op === 'spawn' ? step.input.mode : HISTORY_OPS[step.op];
    const call = this.record !== undefined && historyOp !== undefined ? this.record.invoke(historyOp, args) : undefined;
    return {
      op,
      promise: run(),
      after: (outcome) => {
        after?.(outcome);
        if (call === undefined || this.record === undefined) return;
        if (!outcome.ok) this.record.fail(call, outcome.error);
        else if (step.op === 'restart') this.recordStart(call);
        else {
          const { handle, id } = outcome as { handle?: string; id?: string };
          const bound = step.name === undefined ? undefined : this.handles.get(step.name);
          this.record.ok(call, handle === undefined ? undefined : { id: id ?? bound?.id, handle });
        }
      },
    };
  }

  /** Records the live registries as `listAgents` / `listSessions` lookups (AIK-ID-001 evidence for `trace`). */
  recordLookups(): void {
    const record = this.record as HistoryRecorder;
    const agents = record.invoke('listAgents');
    record.ok(agents, this.system.agents().map((entry) => ({ id: entry.id, object: entry.token, session: { id: entry.session.id, object: entry.session.token, headerId: entry.session.headerId } })));
    const sessions = record.invoke('listSessions');
    record.ok(sessions, this.system.sessions().map((entry) => ({ id: entry.id, object: entry.token, headerId: entry.header.id })));
  }

  /** Shuts the system down and lets every started call settle (their late outcomes are ignored). */
  async close(): Promise<void> {
    this.sync();
    this.timeline.push({ kind: 'call', step: this.scenario.steps.length, line: 'shutdown() (end of the replay)' });
    const call = this.record?.invoke('shutdown');
    const outcome = await this.system.shutdown().catch((error: unknown) => ({ ok: false as const, error }));
    await Promise.all(this.#all.map((pending) => pending.promise.catch(() => undefined)));
    this.sync();
    if (call !== undefined) {
      if (outcome.ok) this.record?.ok(call);
      else this.record?.info(call, outcome.error);
    }
  }
}
