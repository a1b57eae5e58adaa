import { isDeepStrictEqual } from 'node:util';
import type { AdapterFactory, Capabilities, ConfigInput, OperationName, Outcome, System } from '../../src/contract/adapter.js';
import { clause } from '../../src/contract/clauses.js';
import type { ErrorCode } from '../../src/contract/error-code.js';
import type { Profiles } from '../../src/contract/requirements.js';
import type { FaultStore, StoreOperation } from '../env/fault-store.js';
import type { KitEnv } from '../env/kit-env.js';
import { AdapterFailure } from './adapter-failure.js';
import { CheckFailure } from './check-failure.js';
import { NotTried } from './confirmed-hangs.js';
import { DrivenSystem } from './driven-system.js';
import { letPendingWorkRun } from './event-loop.js';
import { IdAliases } from './id-aliases.js';
import type { Limits } from './limits.js';
import { safePush } from './safe-builtins.js';
import { controlStep, type Step } from './step.js';

/** A point in a check: see {@link CheckContext.mark}. */
export interface CheckMark {
  readonly step: number;
  readonly calls: number;
}

/** What {@link CheckContext.untilAfter} waits for: a store call of one of `ops` for `id`, or a turn in flight. */
export type Awaitable = { readonly store: { readonly ops: readonly StoreOperation[]; readonly id: string } } | { readonly turning: true };

/**
 * The clause a check's closing teardown (the `shutdown()` of every system it opened) runs under:
 * shutdown "resolves last", so one that hangs breaks it.
 */
export const TEARDOWN_CLAUSE = 'AIK-QUIESCE-005.c1';

/** One failed sub-case of a check: what happened, and the clause (`AIK-…cN`) whose assertion failed when it ran inside one. */
export interface Subcase {
  readonly clause?: string;
  readonly message: string;
}

/** Everything a check needs: fresh systems over one kit env, injected values, assertions. */
export class CheckContext {
  readonly kit: KitEnv;
  readonly capabilities: Capabilities;
  readonly profiles: Profiles;
  readonly steps: Step[];
  readonly #factory: AdapterFactory;
  /** How long operations and polled conditions are waited for. */
  readonly limits: Limits;
  readonly #systems: DrivenSystem[] = [];
  readonly #injected = new Set<unknown>();
  /** Ids the implementation minted, aliased in the report when it has no id source. */
  readonly aliases = new IdAliases();
  /** The operations the adapter reported unsupported during the check (then the check could not run). */
  readonly unsupported = new Set<string>();
  /** The first adapter failure met, also in an operation the check did not await. */
  adapterFailure: AdapterFailure | undefined;
  /** The first operation not tried because the run confirmed it hangs (then the check could not run). */
  notTried: NotTried | undefined;

  /** Where the check's fake ACP child writes its pid (checks of `remote` prove the child exited). */
  readonly pidFile: string;

  constructor(factory: AdapterFactory, kit: KitEnv, declared: { capabilities: Capabilities; profiles: Profiles }, limits: Limits, pidFile = '') {
    this.pidFile = pidFile;
    this.#factory = factory;
    this.kit = kit;
    this.steps = kit.steps;
    this.capabilities = declared.capabilities;
    this.profiles = declared.profiles;
    this.limits = limits;
  }

  /** Whether the system declares in-process subagents (checks use them when offered). */
  get subagents(): boolean {
    return this.capabilities.subagents;
  }

  /** Builds a fresh system over this check's env (and its store), started with `config`. */
  async open(config?: ConfigInput): Promise<DrivenSystem> {
    let system: System;
    try {
      system = await openSystem(this.#factory, this.kit, config, this.limits);
    } catch (error) {
      if (error instanceof NotTried) this.notTried ??= error;
      throw error;
    }
    const driven = new DrivenSystem(system, {
      limits: this.limits,
      steps: this.steps,
      ...(config === undefined ? {} : { config }),
      aliases: this.aliases,
      ownIds: !this.capabilities.idSource,
      injected: (value) => this.#injected.has(value),
      broke: (failure) => {
        this.adapterFailure ??= failure;
      },
      unsupported: (operation) => void this.unsupported.add(operation),
      notTried: (failure) => {
        this.notTried ??= failure;
      },
    });
    this.#systems.push(driven);
    this.steps.push({ op: 'open', args: config === undefined ? {} : { config }, line: config === undefined ? 'open()' : `open(config: ${config.agents.length} entries)`, result: '✓', ...(config === undefined ? {} : { entries: driven.configHandleNames() }) });
    return driven;
  }

  /** Notes the ids every system of this check shows now (see {@link DrivenSystem.noteShownIds}). */
  noteShownIds(): void {
    for (const system of this.#systems) system.noteShownIds();
  }

  /** `ids` sorted as the report shows them, so ids the implementation minted at random sort the same every run. */
  sortedIds<T extends string | undefined>(ids: readonly T[]): T[] {
    // Ties on the shown name break on the id itself, so equal lists always sort equal.
    const key = (id: string) => `${this.aliases.apply(id)}\u0000${id}`;
    const order = (a: string, b: string) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
    // `undefined` sorts last, as with `sort()`.
    return [...ids].sort((a, b) => (a === undefined ? (b === undefined ? 0 : 1) : b === undefined ? -1 : order(a, b)));
  }

  /**
   * Shuts every system of this check down (each under the timeout), as the sub-cases of the
   * teardown clause {@link TEARDOWN_CLAUSE}: a closing `shutdown()` that hangs is a finding of
   * shutdown, not of the requirement the check is about.
   */
  async close(): Promise<void> {
    await this.clause(TEARDOWN_CLAUSE, async () => {
      for (const system of this.#systems) await system.shutdown();
    });
  }

  /** A fresh Error the kit injects (compared by identity). */
  error(label: string): Error {
    const value = new Error(`kit-injected ${label}`);
    this.#injected.add(value);
    return value;
  }

  /** A fresh non-Error value the kit injects (compared by identity). */
  value(label: string): object {
    const value = Object.freeze({ kitInjected: label });
    this.#injected.add(value);
    return value;
  }

  /**
   * Waits until `condition` holds, polling on timers (so a store that answers on a later
   * macrotask is waited for), at most the per-operation timeout; fails with "never <what>".
   */
  async until(condition: () => boolean, what: string): Promise<void> {
    const limit = this.limits.for('wait');
    const deadline = performance.now() + limit;
    while (!condition()) {
      if (performance.now() > deadline) {
        this.limits.expire();
        throw new CheckFailure(`never ${what} (within ${this.limits.reached})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }

  /**
   * Awaits a creation the contract says is refused before its setup runs, whose setup waits on the
   * pause `pause` that the check never releases. Reaching that setup is observed (a failed
   * sub-case), and the pause is then released so the creation settles: a wrongly accepted creation
   * is reported as what it is, never as a hang the kit itself caused.
   */
  async refusedBeforeSetup<T extends Outcome>(pending: Promise<T>, pause: string, what: string): Promise<T> {
    let settled = false;
    pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    while (!settled && !this.kit.pauses.waiting(pause)) await new Promise((resolve) => setTimeout(resolve, 1));
    if (!settled) {
      this.assert(false, `${what}: its setup ran (the creation was not refused before setup)`);
      this.kit.pauses.release(pause);
    }
    return pending;
  }

  /** Waits until something awaits the kit's pause `name` (a creation reached its setup); logged as an `until` step. */
  paused(name: string): Promise<void> {
    this.steps.push(controlStep('until', { paused: name }, `until(${name}⏸ reached)`));
    return this.until(() => this.kit.pauses.waiting(name), `anything reached the pause ${name}`);
  }

  /** Where the check is now: the index its next step gets in the log, and the store calls so far (see {@link CheckContext.untilAfter}). */
  mark(): CheckMark {
    return { step: this.steps.length, calls: this.kit.store?.calls.length ?? 0 };
  }

  /**
   * Waits, polling on timers, until `awaited` holds: a store call of one of `ops` for `id` made
   * after `mark`, or a turn in flight. With `pending` (the operation the check started first
   * after `mark`) it stops, too, once that settled, and the operation's own limit bounds it;
   * without, the per-operation limit ("never <text>"). Logged as an `until` step, so a
   * counterexample carries the wait (src/contract/scenario.ts `UntilStep`).
   */
  async untilAfter(mark: CheckMark, awaited: Awaitable, text: string, pending?: { readonly settled: () => boolean }): Promise<void> {
    this.steps.push(controlStep('until', { ...awaited, since: mark.step, ...(pending === undefined ? {} : { orSettled: true }) }, `until(${text})`));
    const store = 'store' in awaited ? awaited.store : undefined;
    const met = () => (store === undefined ? this.kit.turns.inFlight > 0 : this.store.calls.slice(mark.calls).some((call) => store.ops.includes(call.op) && call.id === store.id));
    if (pending === undefined) return this.until(met, text);
    // One timer decides (the operation's): a second one would race it, and which fired first would change the report with the load.
    while (!pending.settled() && !met()) await new Promise((resolve) => setTimeout(resolve, 1));
  }

  /** Lets pending work run for a few timer turns (nothing to wait for, only time to misbehave); logged as a `settle` step. */
  async settle(): Promise<void> {
    this.steps.push(controlStep('settle', {}, 'settle()'));
    await letPendingWorkRun();
  }

  /**
   * The sub-cases that failed so far, in order. `assert`, `equal`, `rejects` and `rejectsWith`
   * record a failure and let the check go on, so one run reports every sub-case it breaks;
   * `ok`, `present` and `until` stop the check, since what follows needs their value.
   */
  readonly failures: Subcase[] = [];

  /** Records `message` as a failed sub-case unless `condition` holds; returns `condition`. */
  assert(condition: boolean, message: string): boolean {
    if (!condition) safePush(this.failures, this.#clause === undefined ? { message } : { clause: this.#clause.id, message: `${this.#clause.named}: ${message}` });
    return condition;
  }

  /** The clause whose sub-cases run now: its id, and its name as failure messages give it, `<id> "<text>"`. */
  #clause: { readonly id: string; readonly named: string } | undefined;

  /** The clause each error that stopped the check inside one was met in (a hang is no CheckFailure, so it cannot carry it). */
  readonly #metIn = new WeakMap<object, { readonly id: string; readonly named: string }>();

  /**
   * Runs `body` as the sub-cases of the contract clause `id` (src/contract/clauses.ts): every
   * failure it records, and a failure that stops the check inside it, reads
   * `<id> "<clause text>": <what happened>` and is charged to that clause's requirement, so the
   * report quotes the sentence that was broken.
   */
  async clause<T>(id: string, body: () => Promise<T> | T): Promise<T> {
    const entry = clause(id);
    if (entry === undefined) throw new Error(`kit bug: no clause ${id} in src/contract/clauses.ts`);
    const outer = this.#clause;
    const current = { id, named: `${id} "${entry.text}"` };
    this.#clause = current;
    try {
      return await body();
    } catch (error) {
      if (error instanceof CheckFailure && error.clause === undefined) throw new CheckFailure(`${current.named}: ${error.message}`, id);
      // The innermost clause names it: an outer one leaves it as it is.
      if (typeof error === 'object' && error !== null && !(error instanceof CheckFailure) && !this.#metIn.has(error)) this.#metIn.set(error, current);
      throw error;
    } finally {
      this.#clause = outer;
    }
  }

  /**
   * Runs `body` as one sub-case among independent ones: an assertion that stops it (`ok`,
   * `present`, `until`) is recorded as its failed sub-case and the check goes on with the next, so
   * one broken sub-case never hides the others. Anything else (a hang, a protocol violation) still
   * stops the check: the system may be wedged.
   */
  async subcase(body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (error) {
      if (!(error instanceof CheckFailure)) throw error;
      safePush(this.failures, this.stoppedBy(error));
    }
  }

  /** The failed sub-case that `error`, which stopped the check, makes: in the clause it was met in, if any. */
  stoppedBy(error: unknown): Subcase {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof CheckFailure) return error.clause === undefined ? { message } : { clause: error.clause, message };
    const met = typeof error === 'object' && error !== null ? this.#metIn.get(error) : undefined;
    return met === undefined ? { message } : { clause: met.id, message: `${met.named}: ${message}` };
  }

  /** The check's durable store (checks that need one run with `durable` left on). */
  get store(): FaultStore {
    if (this.kit.store === undefined) throw new CheckFailure('the check needs a durable store');
    return this.kit.store;
  }

  /** `value` unless it is `undefined`, which fails the check with `message`. */
  present<T>(value: T | undefined, message: string): T {
    if (value === undefined) throw new CheckFailure(message);
    return value;
  }

  /** A failed sub-case unless `actual` deep-equals `expected` (key order aside). */
  equal(actual: unknown, expected: unknown, what: string): boolean {
    return this.assert(isDeepStrictEqual(actual, expected), `${what}: expected ${show(expected)}, got ${show(actual)}`);
  }

  /** Fails unless the outcome succeeded; returns it narrowed. */
  ok<T extends Outcome>(outcome: T, what: string): Extract<T, { ok: true }> {
    if (!outcome.ok) throw new CheckFailure(`${what}: expected success, got ${show(outcome.error)}`);
    return outcome as Extract<T, { ok: true }>;
  }

  /**
   * A failed sub-case unless the outcome is a failure the implementation classifies as `code`. A
   * failure the adapter cannot classify fails with "code unverified", so its author sees what to map.
   */
  rejects(system: DrivenSystem, outcome: Outcome, code: ErrorCode, op: OperationName, what: string): boolean {
    if (outcome.ok) return this.assert(false, `${what}: expected ${code}, but it succeeded`);
    if (this.#injected.has(outcome.error)) return this.assert(false, `${what}: expected ${code}, got the kit-injected value ${show(outcome.error)}`);
    const actual = system.classify(outcome.error, op);
    if (actual === 'unknown') return this.assert(false, `${what}: expected ${code}, code unverified (classifyError answered unknown for ${show(outcome.error)})`);
    return this.assert(actual === code, `${what}: expected ${code}, got ${actual} (${show(outcome.error)})`);
  }

  /** A failed sub-case unless the outcome is a failure with exactly the injected `value` (by identity). */
  rejectsWith(outcome: Outcome, value: unknown, what: string): boolean {
    if (outcome.ok) return this.assert(false, `${what}: expected the injected ${show(value)}, but it succeeded`);
    return this.assert(outcome.error === value, `${what}: expected the injected ${show(value)} itself, got ${show(outcome.error)}`);
  }
}

/** Calls the factory under the timeout and checks the system's declared shape. */
export async function openSystem(factory: AdapterFactory, kit: KitEnv, config: ConfigInput | undefined, limits: Limits): Promise<System> {
  const struck = limits.hangs.struckOut('factory');
  if (struck !== undefined) throw new NotTried(struck);
  const timeoutMs = limits.for('factory');
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  let system: unknown;
  const running = Promise.resolve().then(() => factory(kit.env, config === undefined ? {} : { config }));
  try {
    system = await Promise.race([running, timeout]);
  } catch (error) {
    throw new AdapterFailure('throw', `adapter: the factory threw ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
  if (system === 'timeout') {
    const known = limits.hangs.of('factory');
    if (known !== undefined) {
      limits.hangs.strike('factory');
      throw new NotTried(known);
    }
    limits.overdue('factory', config === undefined ? 'open()' : `open(config: ${config.agents.length} entries)`, running);
    throw new AdapterFailure('hang', `the adapter's factory did not settle within ${limits.reached}`);
  }
  limits.observe('factory', performance.now() - started);
  limits.hangs.settled('factory');
  const shape = system as Partial<System> | null;
  if (typeof shape !== 'object' || shape === null || typeof shape.capabilities !== 'object' || typeof shape.profiles !== 'object' || typeof shape.create !== 'function') {
    throw new AdapterFailure('garbage', 'adapter: the factory did not return a system (capabilities, profiles and operations)');
  }
  return shape as System;
}

/** A short, deterministic rendering of a value for messages. */
export function show(value: unknown): string {
  if (value instanceof Error) return `${value.name}(${JSON.stringify(value.message)})`;
  if (typeof value === 'string') return JSON.stringify(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
