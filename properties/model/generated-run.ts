import type { Scheduler } from 'fast-check';
import type { AdapterFactory, OperationName, Outcome } from '../../src/contract/adapter.js';
import { acpChildServer } from '../../src/runtime/index.js';
import { createKitEnv, type KitEnv } from '../env/kit-env.js';
import { referenceAdapter } from '../reference-adapter.js';
import type { Declared } from './declared.js';
import { AdapterFailure } from '../runner/adapter-failure.js';
import { openSystem } from '../runner/check-context.js';
import { DrivenSystem } from '../runner/driven-system.js';
import { IdAliases } from '../runner/id-aliases.js';
import { Limits } from '../runner/limits.js';
import { controlStep, type Step } from '../runner/step.js';
import { GeneratedFailure } from './generated-failure.js';
import type { Tallies } from './tallies.js';

/**
 * The model's remote child: served in the kit's own process, so no outcome of the model depends on
 * how fast the machine starts a process (and a run spends no process start on the model), with a
 * handshake limit far above the runtime's default, 5 s — met under load (load average 18, a niced
 * sweep) when the model's child was a process: the model answered `invalid` for a start the
 * implementation made, a false AIK-REMOTE-001 FAIL (sweep seed 7, variant without-id-source).
 */
export const MODEL_REMOTE = { handshakeTimeoutMs: 60_000, inProcess: true } as const;

/** One handle slot: the same creation as the real system and the model know it. */
export interface HandleSlot {
  readonly id: string;
  readonly real: string;
  readonly model: string;
  /** A create accepted over a stored record under `reject-at-flush`: nothing of it is ever written. */
  readonly shadow: boolean;
  /** The model's agent this handle was returned for: once another (or none) is live under the id, the handle is stale. */
  readonly agent: string | undefined;
}

/** One remote run both systems started from the same parent slot, tracked until the run ends. */
export interface RemoteSlot {
  /** The parent's id. */
  readonly parent: string;
  readonly real: { readonly handle: string; readonly id: string; readonly runId: string };
  readonly model: { readonly handle: string; readonly id: string; readonly runId: string };
}

/** The session id the generated runs' fake ACP child answers `session/new` with: private to the wire (AIK-REMOTE-001). */
const WIRE_ID = 'wire-local-generated';

/** At most this many tasks a left run's scheduler still holds are released (see {@link GeneratedRun.abandon}). */
const RELEASE_BOUND = 10_000;

/** What the kit knows of an id across the run, to tell decided outcomes from implementation choices. */
export interface IdFacts {
  /** Some creation under it was published. */
  published: boolean;
  /** It is surely persisted: a turn of it succeeded (it appended events) while it was not shadowing a stored record. */
  persisted: boolean;
}

/**
 * The state of one generated run: the real system and the reference runtime as its model, each
 * over its own kit env driven by the same plans, the handle and owner slots both know, and the
 * facts the invariants need. Commands act on both and compare what they decide.
 */
export class GeneratedRun {
  readonly real: DrivenSystem;
  readonly model: DrivenSystem;
  readonly realKit: KitEnv;
  readonly modelKit: KitEnv;
  readonly declared: Declared;
  readonly handles: HandleSlot[] = [];
  /** The owners both systems made, each marked once an unload of it was requested (it then refuses new creations, AIK-QUIESCE-001). */
  readonly owners: { readonly real: string; readonly model: string; unloaded: boolean }[] = [];
  /** The remote runs started so far (each one a child process per system). */
  readonly remotes: RemoteSlot[] = [];
  /** The wire-local session id of the fake ACP child (capability `remote`). */
  readonly wireId = WIRE_ID;
  readonly ids = new Map<string, IdFacts>();
  /** The fresh ids configured starts published: the model's id → the real system's (each chose its own form). */
  readonly fresh = new Map<string, string>();
  readonly steps: Step[];
  readonly tallies: Tallies;
  readonly scheduler: Scheduler;
  /** How long operations and polled conditions are waited for. */
  readonly limits: Limits;
  /** Whether a check is masked (its requirement already failed in this chunk). */
  readonly masked: (check: string) => boolean;
  /**
   * Set when a masked check broke, or both sides refused a restart's configuration: the run then
   * ends quietly (what follows from a known defect, or from a state the contract leaves open, is not judged).
   */
  tainted = false;
  /** The commands run so far, in order: the counterexample's lines. */
  readonly executed: { toString(): string }[] = [];
  /** Ids the real system minted itself, aliased in the report when it has no id source. */
  readonly aliases: IdAliases;
  /** The requirement an adapter failure during the current command is reported under. */
  home = 'AIK-CREATE-001';
  /**
   * How many events the real system had delivered when its operation of the current command
   * resolved (unset for a command that compares no operation): a teardown that must be complete
   * when the operation resolves is judged on these, however fast the rest catches up.
   */
  heardWhenSettled: number | undefined;
  #injected = new Map<unknown, string>();
  #failure: AdapterFailure | undefined;
  /** Set once the run is abandoned: the kit's pauses then pass at once (see {@link GeneratedRun.abandon}). */
  #hold: { abandoned: boolean } = { abandoned: false };

  private constructor(real: DrivenSystem, model: DrivenSystem, realKit: KitEnv, modelKit: KitEnv, declared: Declared, steps: Step[], tallies: Tallies, scheduler: Scheduler, aliases: IdAliases, limits: Limits, masked: (check: string) => boolean) {
    this.aliases = aliases;
    this.scheduler = scheduler;
    this.limits = limits;
    this.masked = masked;
    this.real = real;
    this.model = model;
    this.realKit = realKit;
    this.modelKit = modelKit;
    this.declared = declared;
    this.steps = steps;
    this.tallies = tallies;
  }

  /** Opens the real system and the model, both pausing through the run's scheduler. */
  static async open(factory: AdapterFactory, declared: Declared, scheduler: Scheduler, limits: Limits, tallies: Tallies, masked: (check: string) => boolean = () => false): Promise<GeneratedRun> {
    let log: (step: Step) => void = () => undefined;
    const hold = { abandoned: false };
    // The scheduler's release of a pause is logged as a step, so a counterexample replays the interleaving it chose.
    const pause = (name: string) => (hold.abandoned ? Promise.resolve() : scheduler.schedule(Promise.resolve(), name).then(() => log(controlStep('release', { pause: name }, `release(${name})`))));
    // Both systems spawn the same fake ACP child plan; without `remote` nothing is ever spawned.
    const launcher = acpChildServer(['--wire-id', WIRE_ID]);
    const remote = declared.capabilities.remote ? { remote: { command: launcher.command, args: launcher.args ?? [] } } : {};
    const realKit = createKitEnv({ pause, ...remote });
    log = (step) => realKit.steps.push(step);
    const modelKit = createKitEnv({ pause: () => Promise.resolve(), ...remote });
    const steps = realKit.steps;
    const injected = new Map<unknown, string>();
    let run: GeneratedRun | undefined;
    const broke = (failure: AdapterFailure) => {
      if (run !== undefined) run.#failure ??= failure;
    };
    const aliases = new IdAliases();
    const real = new DrivenSystem(await openSystem(factory, realKit, undefined, limits), {
      limits,
      steps,
      injected: (value) => injected.has(value),
      broke,
      aliases,
      ownIds: !declared.capabilities.idSource,
    });
    const modelFactory = referenceAdapter({ profiles: declared.profiles, remote: MODEL_REMOTE });
    // The model is the kit's own runtime: it is never suspected, so its limits are generous and fixed.
    const modelLimits = new Limits(limits.base).confirm();
    const model = new DrivenSystem(await openSystem(modelFactory, modelKit, undefined, modelLimits), { limits: modelLimits, steps: [], injected: (value) => injected.has(value), broke: () => undefined });
    run = new GeneratedRun(real, model, realKit, modelKit, declared, steps, tallies, scheduler, aliases, limits, masked);
    run.#injected = injected;
    run.#hold = hold;
    return run;
  }

  /** A value the kit injects, the same object for both systems; `error` makes it an Error. */
  inject(label: string, error: boolean): unknown {
    const value = error ? new Error(`kit-injected ${label}`) : Object.freeze({ kitInjected: label });
    this.#injected.set(value, label);
    return value;
  }

  /** What an outcome decided, comparable across systems: `ok`, an error code, or `injected:<label>`. */
  decided(system: DrivenSystem, outcome: Outcome, op: OperationName): string {
    if (outcome.ok) return 'ok';
    const label = this.#injected.get(outcome.error);
    if (label !== undefined) return `injected:${label}`;
    return system.classify(outcome.error, op);
  }

  /** The facts of `id` (created on first use). */
  facts(id: string): IdFacts {
    let facts = this.ids.get(id);
    if (facts === undefined) {
      facts = { published: false, persisted: false };
      this.ids.set(id, facts);
    }
    return facts;
  }

  /** Keeps a handle both systems returned for one creation, with the model's agent it belongs to. */
  track(slot: Omit<HandleSlot, 'agent'>): void {
    this.handles.push({ ...slot, agent: this.model.getAgent(slot.id) });
  }

  /** Whether `id` may or may not be persisted, by the implementation's choice (published, never surely persisted, not live). */
  undecided(id: string): boolean {
    const facts = this.facts(id);
    return facts.published && !facts.persisted && this.model.getAgent(id) === undefined;
  }

  /**
   * Counts one evaluation of `checkId` and fails the run with `message` when `violated`; a masked
   * check's violation taints the run instead (see {@link GeneratedRun.tainted}).
   */
  expect(checkId: string, violated: boolean, message: () => string): void {
    if (this.tainted) return;
    this.tallies.count(checkId);
    if (!violated) return;
    if (!this.masked(checkId)) throw new GeneratedFailure(checkId, message());
    this.taint(checkId);
  }

  /** A masked check broke: it counts as failing, and the run ends quietly. */
  taint(checkId: string): void {
    this.tallies.fail(checkId);
    this.tainted = true;
  }

  /** Throws the first adapter failure met by the real system, if any (also from operations not awaited). */
  rethrowAdapterFailure(): void {
    if (this.#failure !== undefined) throw this.#failure;
  }

  /**
   * Lets go of everything the kit holds for a run that failed and is left: the pauses the
   * scheduler still holds are released and later ones pass at once. Nobody drives the scheduler
   * of a left run any more, so without this an operation waiting on a held pause would never
   * settle, and a slow machine would look like a hang that does not recur (a false flaky).
   */
  async abandon(): Promise<void> {
    this.#hold.abandoned = true;
    // Bounded: a released task may schedule another (a race's `shutdown`), but pauses no longer do.
    for (let released = 0; released < RELEASE_BOUND && this.scheduler.count() > 0; released += 1) await this.scheduler.waitNext(1);
  }

  /** Closes both systems. */
  async close(): Promise<void> {
    await Promise.allSettled([this.real.shutdown(), this.model.shutdown()]);
  }
}
