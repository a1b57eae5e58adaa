import type {
  AgentEntry,
  ConfigInput,
  ConfigOutcome,
  CreateInput,
  HandleToken,
  ListenPlan,
  ObservedEvent,
  OperationName,
  Outcome,
  PlanOutcome,
  ResumeInput,
  SessionEntry,
  SpawnInput,
  SpawnRemoteInput,
  System,
} from '../../src/contract/adapter.js';
import type { StoredEvent } from '../../src/contract/durable-store.js';
import { UnsupportedOperation } from '../../src/contract/adapter.js';
import type { ErrorCode } from '../../src/contract/error-code.js';
import { AdapterFailure } from './adapter-failure.js';
import { NotTried } from './confirmed-hangs.js';
import type { IdAliases } from './id-aliases.js';
import type { Limits } from './limits.js';
import { describeStep, type Step } from './step.js';

/** What a spawn or remote run resolves to. */
type RunResult = Outcome<{ readonly handle: HandleToken; readonly id: string; readonly runId: string }>;

/** Options of {@link DrivenSystem}. */
export interface DrivenSystemOptions {
  /** How long each operation that must settle is waited for. */
  readonly limits: Limits;
  /** Shared step log of the check (several systems of one check append to it). */
  readonly steps: Step[];
  /** Whether `value` is a value the kit injected (shown as `injected` in step lines). */
  readonly injected: (value: unknown) => boolean;
  /** Told of every adapter failure, also of operations the check never awaits. */
  readonly broke: (failure: AdapterFailure) => void;
  /** Told of every operation the adapter reports unsupported (an `UnsupportedOperation` failure). */
  readonly unsupported?: (operation: string) => void;
  /** Told of every operation not tried because the run confirmed it hangs (then a {@link NotTried} is thrown). */
  readonly notTried?: (failure: NotTried) => void;
  /** Where the run ids the implementation reported are noted, and the ids it minted when {@link DrivenSystemOptions.ownIds}. */
  readonly aliases?: IdAliases;
  /** Whether the implementation mints its own ids (no `idSource`): they are aliased too. */
  readonly ownIds?: boolean;
  /** The configuration it started with (its labels and exact ids are kit-chosen, never aliased). */
  readonly config?: ConfigInput;
}

/** The labels and exact ids a configuration names: chosen by the kit, so never implementation-minted. */
function chosenIdsOf(config: ConfigInput | undefined): readonly (string | undefined)[] {
  return (config?.agents ?? []).flatMap((entry) => [entry.id, entry.sessionId, entry.resumeSessionId]);
}

/** The ids each observation shows: where an implementation's minted ids surface. */
const SHOWN_IDS = {
  agents: (entries: readonly AgentEntry[]) => entries.flatMap((entry) => [entry?.id, entry?.session?.id, entry?.session?.headerId]),
  sessions: (entries: readonly SessionEntry[]) => entries.flatMap((entry) => [entry?.id, entry?.header?.id]),
  events: (events: readonly ObservedEvent[]) => events.map((event) => event?.id),
};

function isOutcome(value: unknown): value is Outcome {
  if (typeof value !== 'object' || value === null) return false;
  const ok = (value as { ok?: unknown }).ok;
  return ok === true || (ok === false && 'error' in value);
}

/**
 * The kit's view of a {@link System}: every operation under the per-operation timeout, with its
 * outcome validated and logged as a step; every observation guarded. A hang, a throw or garbage
 * becomes an {@link AdapterFailure}, so an adapter can never hang or crash a run.
 */
export class DrivenSystem {
  readonly raw: System;
  readonly #options: DrivenSystemOptions;
  readonly #handleNames = new Map<HandleToken, string>();
  /** How many events of the log {@link events} already noted the ids of. */
  #eventsNoted = 0;

  constructor(raw: System, options: DrivenSystemOptions) {
    this.raw = raw;
    this.#options = options;
    this.#chosen(chosenIdsOf(options.config));
  }

  /** The kit's name of a handle token (`h1`, `h2`, … by first appearance), stable across adapters. */
  handleName(handle: HandleToken): string {
    let name = this.#handleNames.get(handle);
    if (name === undefined) {
      name = `h${this.#handleNames.size + 1}`;
      this.#handleNames.set(handle, name);
    }
    return name;
  }

  /** The kit's names of the latest start's configuration entry handles, by entry index (null for an entry without one), named now. */
  configHandleNames(): (string | null)[] {
    const outcome = this.#observe('configResults', () => this.raw.configResults());
    if (!outcome.ok || !Array.isArray(outcome.entries)) return [];
    return outcome.entries.map((entry) => (entry.ok && typeof entry.handle === 'string' ? this.handleName(entry.handle) : null));
  }

  /** Classifies a failure the implementation originated (`unknown` when the adapter cannot tell). */
  classify(error: unknown, op: OperationName): ErrorCode | 'unknown' {
    return this.#observe('classifyError', () => this.raw.classifyError(error, { op }));
  }

  create(input: CreateInput): Promise<Outcome<{ readonly handle: HandleToken }>> {
    this.#chosen([input.sessionId, input.meta?.parentSession]);
    return this.#call('create', input, describeStep.create(input), () => this.raw.create(input), ['handle']);
  }

  resume(input: ResumeInput): Promise<Outcome<{ readonly handle: HandleToken }>> {
    this.#chosen([input.resumeSessionId]);
    return this.#call('resume', input, describeStep.resume(input), () => this.raw.resume(input), ['handle']);
  }

  spawn(parent: HandleToken, input: SpawnInput): Promise<RunResult> {
    const line = `${input.mode}(${this.handleName(parent)}${describeStep.plans(input)})`;
    return this.#minting(this.#call('spawn', { parent: this.handleName(parent), ...input }, line, () => this.raw.spawn(parent, input), ['handle', 'id', 'runId']));
  }

  spawnRemote(parent: HandleToken, input: SpawnRemoteInput = {}): Promise<RunResult> {
    const line = `spawnRemote(${this.handleName(parent)}${describeStep.plans(input)})`;
    return this.#minting(this.#call('spawnRemote', { parent: this.handleName(parent), ...input }, line, () => this.raw.spawnRemote(parent, input), ['handle', 'id', 'runId']));
  }

  prompt(handle: HandleToken): Promise<Outcome> {
    return this.#call('prompt', { handle: this.handleName(handle) }, `prompt(${this.handleName(handle)})`, () => this.raw.prompt(handle), []);
  }

  dispose(handle: HandleToken): Promise<Outcome> {
    return this.#call('dispose', { handle: this.handleName(handle) }, `dispose(${this.handleName(handle)})`, () => this.raw.dispose(handle), []);
  }

  flush(handle: HandleToken): Promise<Outcome> {
    return this.#call('flush', { handle: this.handleName(handle) }, `flush(${this.handleName(handle)})`, () => this.raw.flush(handle), []);
  }

  /** `bridgeOpen(handle)` (capability `bridge`), logged as a step so a counterexample replays it; timed as an operation a plan starts. */
  bridgeOpen(handle: HandleToken): Promise<Outcome> {
    const open = this.raw.bridgeOpen?.bind(this.raw);
    const run = (): Promise<Outcome> => (open === undefined ? Promise.resolve({ ok: false, error: new Error('the adapter offers no bridgeOpen()') }) : open(handle));
    return this.#call('plan', { handle: this.handleName(handle) }, `bridgeOpen(${this.handleName(handle)})`, run, [], undefined, 'bridgeOpen');
  }

  owner(label: string): string {
    return this.#observe('owner', () => {
      const token = this.raw.owner(label);
      if (typeof token !== 'string') throw new AdapterFailure('garbage', `adapter: owner(${JSON.stringify(label)}) returned ${typeof token}, not a token string`);
      this.#options.steps.push({ op: 'owner', args: { label, token }, line: `owner(${label}) → ${token}`, result: '✓' });
      return token;
    });
  }

  unload(owner: string): Promise<Outcome> {
    return this.#call('unload', { owner }, `unload(${owner})`, () => this.raw.unload(owner), []);
  }

  shutdown(): Promise<Outcome> {
    return this.#call('shutdown', {}, 'shutdown()', () => this.raw.shutdown(), []);
  }

  restart(config?: ConfigInput): Promise<Outcome> {
    this.#chosen(chosenIdsOf(config));
    const options = config === undefined ? {} : { config };
    const line = config === undefined ? 'restart()' : `restart(config: ${config.agents.length} entries)`;
    return this.#call('restart', options, line, () => this.raw.restart(options), [], (step) => {
      if (config !== undefined) step.entries = this.configHandleNames();
    });
  }

  listen(plan: ListenPlan, target?: HandleToken): Outcome {
    const line = `listen(${plan.name}: ${plan.event} → ${plan.action}${plan.target === undefined ? '' : ` into ${this.handleName(plan.target)}`}${target === undefined ? '' : ` on ${this.handleName(target)}`})`;
    const outcome = this.#observe('listen', () => this.raw.listen(plan, target));
    if (!isOutcome(outcome)) {
      const failure = new AdapterFailure('garbage', `adapter: ${line} returned ${JSON.stringify(outcome)}, not an outcome`);
      this.#options.broke(failure);
      throw failure;
    }
    // A plan's own target (a `listen` action's) is a handle too: named, so a counterexample replays it.
    const named = plan.target === undefined ? plan : { ...plan, target: this.handleName(plan.target) };
    this.#options.steps.push({ op: 'listen', args: { plan: named, ...(target === undefined ? {} : { target: this.handleName(target) }) }, line, result: this.#result(outcome, 'listen') });
    return outcome;
  }

  unlisten(name: string): void {
    this.#observe('unlisten', () => this.raw.unlisten(name));
    this.#options.steps.push({ op: 'unlisten', args: { name }, line: `unlisten(${name})`, result: '✓' });
  }

  configResults(): ConfigOutcome {
    const outcome = this.#observe('configResults', () => this.raw.configResults());
    if (!outcome.ok && UnsupportedOperation.is(outcome.error)) this.#options.unsupported?.(outcome.error.operation);
    if (outcome.ok && Array.isArray(outcome.entries)) {
      this.#minted(outcome.entries.map((entry) => (entry.ok ? entry.id : undefined)));
    }
    return outcome;
  }

  getAgent(id: string): string | undefined {
    return this.#observe('getAgent', () => this.raw.getAgent(id));
  }

  getSession(id: string): string | undefined {
    return this.#observe('getSession', () => this.raw.getSession(id));
  }

  agents(): readonly AgentEntry[] {
    const entries = this.#list('agents', () => this.raw.agents());
    this.#minted(SHOWN_IDS.agents(entries));
    return entries;
  }

  sessions(): readonly SessionEntry[] {
    const entries = this.#list('sessions', () => this.raw.sessions());
    this.#minted(SHOWN_IDS.sessions(entries));
    return entries;
  }

  history(session: string): readonly StoredEvent[] {
    return this.#list('history', () => this.raw.history(session));
  }

  events(): readonly ObservedEvent[] {
    const events = this.#list('events', () => this.raw.events());
    // The log only grows: the ids of events already noted are not noted again (a replay reads it after every step).
    const fresh = events.length < this.#eventsNoted ? events : events.slice(this.#eventsNoted);
    this.#eventsNoted = events.length;
    this.#minted(SHOWN_IDS.events(fresh));
    for (const event of fresh) if (typeof event?.run?.runId === 'string') this.#options.aliases?.noteRun(event.run.runId);
    return events;
  }

  /**
   * Notes the ids every observation shows now, for a failed check whose message names an id the
   * check itself never observed (an error naming a minted agent id). Quiet: the check already
   * failed, and an observation breaking here must not replace its failure.
   */
  noteShownIds(): void {
    if (this.#options.aliases === undefined || this.#options.ownIds !== true) return;
    const quietly = <T>(read: () => readonly T[], ids: (values: readonly T[]) => readonly unknown[]): void => {
      try {
        const values = read();
        if (Array.isArray(values)) this.#minted(ids(values));
      } catch {
        // Nothing to name from an observation that does not answer.
      }
    };
    quietly(() => this.raw.agents(), SHOWN_IDS.agents);
    quietly(() => this.raw.sessions(), SHOWN_IDS.sessions);
    quietly(() => this.raw.events(), SHOWN_IDS.events);
  }

  planOutcomes(): readonly PlanOutcome[] {
    return this.#list('planOutcomes', () => this.raw.planOutcomes());
  }

  /** The live agent entry filed under `id`, if any. */
  agent(id: string): AgentEntry | undefined {
    return this.agents().find((entry) => entry.id === id);
  }

  /** The live session entry filed under `id`, if any. */
  session(id: string): SessionEntry | undefined {
    return this.sessions().find((entry) => entry.id === id);
  }

  /** Notes the id a spawn or remote run minted, and its run id. */
  #minting(pending: Promise<RunResult>): Promise<RunResult> {
    const noted = pending.then((outcome) => {
      if (outcome.ok) {
        this.#minted([outcome.id]);
        if (typeof outcome.runId === 'string') this.#options.aliases?.noteRun(outcome.runId);
      }
      return outcome;
    });
    // As in #call: a check may never await it, and its failure already reached the check through `broke`.
    noted.catch(() => undefined);
    return noted;
  }

  /** Tells the aliases of ids the kit chose, which are never implementation-minted. */
  #chosen(ids: readonly (string | undefined)[]): void {
    for (const id of ids) if (typeof id === 'string') this.#options.aliases?.choose(id);
  }

  /** Notes every id the implementation showed (in an outcome or an observation) that the kit did not choose. */
  #minted(ids: readonly unknown[]): void {
    if (this.#options.ownIds !== true) return;
    for (const id of ids) if (typeof id === 'string') this.#options.aliases?.note(id);
  }

  /** Runs a synchronous observation; a throw is the adapter's failure. One confirmed to block the thread every time is not called. */
  #observe<T>(name: string, read: () => T): T {
    const hangs = this.#options.limits.hangs;
    const struck = hangs.struckOut(name);
    if (struck !== undefined) throw this.#notTried(new NotTried(struck));
    hangs.observing(name);
    try {
      return read();
    } catch (error) {
      const failure = error instanceof AdapterFailure ? error : new AdapterFailure('throw', `adapter: observation ${name}() threw ${String(error)}`);
      this.#options.broke(failure);
      throw failure;
    }
  }

  #list<T>(name: string, read: () => readonly T[]): readonly T[] {
    const value = this.#observe(name, read);
    if (!Array.isArray(value)) throw new AdapterFailure('garbage', `adapter: observation ${name}() returned ${typeof value}, not an array`);
    return value;
  }

  #result(outcome: Outcome, op: OperationName): string {
    if (outcome.ok) return '✓';
    if (UnsupportedOperation.is(outcome.error)) {
      this.#options.unsupported?.(outcome.error.operation);
      return '✗unsupported';
    }
    if (this.#options.injected(outcome.error)) return '✗injected';
    return `✗${this.classify(outcome.error, op)}`;
  }

  /** Tells the check of an operation not tried (or not waited for again) because the run confirmed it hangs; returns it to throw. */
  #notTried(failure: NotTried): NotTried {
    this.#options.notTried?.(failure);
    return failure;
  }

  #call<T extends Outcome>(op: OperationName, args: unknown, line: string, run: () => Promise<T>, fields: readonly string[], settled?: (step: Step) => void, stepOp: string = op): Promise<T> {
    const called = this.#settle(op, args, line, run, fields, settled, stepOp);
    // A check may start an operation and never await it: its failure must still reach the check.
    called.catch((error: unknown) => {
      if (error instanceof AdapterFailure) this.#options.broke(error);
    });
    return called;
  }

  async #settle<T extends Outcome>(op: OperationName, args: unknown, line: string, run: () => Promise<T>, fields: readonly string[], noted?: (step: Step) => void, stepOp: string = op): Promise<T> {
    const limits = this.#options.limits;
    const struck = limits.hangs.struckOut(op);
    if (struck !== undefined) throw this.#notTried(new NotTried(struck));
    const step: Step = { op: stepOp, args, line, result: '…' };
    this.#options.steps.push(step);
    const limit = limits.for(op);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), limit);
    });
    const started = performance.now();
    let settled: unknown;
    const running = Promise.resolve().then(run);
    try {
      settled = await Promise.race([running, timeout]);
    } catch (error) {
      step.result = '✗adapter';
      throw new AdapterFailure('throw', `adapter: ${line} threw ${error instanceof Error ? error.message : String(error)} instead of resolving to an outcome`);
    } finally {
      clearTimeout(timer);
    }
    if (settled === 'timeout') {
      step.result = '⏳hang';
      // A hang of an operation the run already confirmed is not confirmed again: the check could not run.
      const known = limits.hangs.of(op);
      if (known !== undefined) {
        limits.hangs.strike(op);
        throw this.#notTried(new NotTried(known));
      }
      limits.overdue(op, line, running);
      throw new AdapterFailure('hang', `${line} did not settle within ${limits.reached}`);
    }
    limits.observe(op, performance.now() - started);
    limits.hangs.settled(op);
    const missing = isOutcome(settled) && settled.ok ? fields.filter((field) => typeof (settled as Record<string, unknown>)[field] !== 'string') : [];
    if (!isOutcome(settled) || missing.length > 0) {
      step.result = '✗adapter';
      const shown = JSON.stringify(settled) ?? String(settled);
      throw new AdapterFailure('garbage', `adapter: ${line} returned ${shown.slice(0, 120)}, not an outcome${missing.length > 0 ? ` (missing ${missing.join(', ')})` : ''}`);
    }
    const outcome = settled as T;
    if (outcome.ok && 'handle' in outcome && typeof outcome.handle === 'string') {
      step.handle = this.handleName(outcome.handle);
      step.line = `${line} → ${step.handle}`;
    }
    const steps = this.#options.steps;
    if (steps[steps.length - 1] !== step) step.awaitedAt = steps.length;
    step.result = this.#result(outcome, op);
    noted?.(step);
    return outcome;
  }
}
