import fc from 'fast-check';
import { UnsupportedOperation, type AdapterFactory } from '../../src/contract/adapter.js';
import { acpChildPlan } from '../env/kit-env.js';
import { clausesOf } from '../../src/contract/clauses.js';
import type { CheckTally, ChunkResult, FailureDetail } from '../report/conformance-report.js';
import { turnEventLoop } from '../runner/event-loop.js';
import { CONFIRM_FACTOR, type Limits, type Overdue } from '../runner/limits.js';
import { safePush } from '../runner/safe-builtins.js';
import { modelCommands } from './commands.js';
import type { Declared } from './declared.js';
import { GeneratedFailure } from './generated-failure.js';
import { GeneratedRun } from './generated-run.js';
import { Tallies } from './tallies.js';
import { chunksOf } from './chunks.js';

/** Options of {@link runGenerated}. */
export interface GeneratedOptions {
  readonly seed: number;
  /** How many generated runs to make (all of them, unless {@link GeneratedOptions.timeBudgetMs} ends the phase first). */
  readonly runs: number;
  readonly limits: Limits;
  /** A bound on the phase's wall time, in ms; the result carries the runs actually made. */
  readonly timeBudgetMs?: number;
  readonly inScope: (requirement: string) => boolean;
  /** Which chunks to run (indices, see {@link chunksOf}); default all of them. A shard or a worker runs its own. */
  readonly chunks?: (index: number) => boolean;
  /** Called after each chunk this phase runs (for progress). */
  readonly onChunk?: (chunk: ChunkResult) => void;
  /**
   * fast-check's replay path of one counterexample (`--path`): the phase then makes that one run
   * only, with {@link GeneratedOptions.seed} as fast-check's seed (the seed the counterexample
   * printed) and every check outside the scope masked, as the checks of the requirements found
   * before it were masked when it was found.
   */
  readonly path?: string;
}

/** What the generated phase found and how much of it ran. */
export interface GeneratedResult {
  readonly tallies: CheckTally[];
  readonly failures: FailureDetail[];
  /** Runs made (shrinking and confirming replays aside). */
  readonly runs: number;
  /** True when the time budget ended the phase before every run was made. */
  readonly interrupted: boolean;
  /** The chunks it ran. */
  readonly chunks: readonly ChunkResult[];
}

/** A failing run as the property left it: the run, its failure, and its commands' lines. */
interface Failing {
  readonly run: GeneratedRun;
  readonly error: GeneratedFailure;
  readonly commands: readonly string[];
}

/** Longest command sequence of one generated run. */
const MAX_COMMANDS = 14;

/** A seed derived from `seed` and `n` only; `n` 0 is `seed` itself, so a one-chunk, failure-free phase is the plain fast-check run. */
function derivedSeed(seed: number, n: number): number {
  return n === 0 ? seed : (Math.imul(seed ^ 0x5bd1e995, 0x01000193 + n) >>> 1) % 0x7fffffff;
}

/**
 * Combines chunk results in chunk order: tallies add up, and each failing requirement keeps the
 * counterexample of the lowest chunk that found it, so the outcome does not depend on which
 * worker or shard made which chunk.
 */
export function mergeChunks(chunks: readonly ChunkResult[], inScope: (requirement: string) => boolean): GeneratedResult {
  const ordered = [...chunks].sort((a, b) => a.index - b.index);
  const counts = new Map<string, { runs: number; failures: number }>();
  const failures = new Map<string, FailureDetail>();
  for (const chunk of ordered) {
    for (const tally of chunk.tallies) {
      const sum = counts.get(tally.id) ?? { runs: 0, failures: 0 };
      counts.set(tally.id, { runs: sum.runs + tally.runs, failures: sum.failures + tally.failures });
    }
    for (const failure of chunk.failures) if (!failures.has(failure.requirement)) failures.set(failure.requirement, failure);
  }
  const tallies: CheckTally[] = [...counts.keys()]
    .sort()
    .filter((id) => inScope(id.slice(0, id.indexOf('/'))))
    .map((id) => ({ id, kind: 'generated', runs: counts.get(id)?.runs ?? 0, failures: counts.get(id)?.failures ?? 0 }));
  return {
    tallies,
    failures: [...failures.values()].filter((failure) => inScope(failure.requirement)),
    runs: ordered.reduce((sum, chunk) => sum + chunk.runs, 0),
    interrupted: ordered.some((chunk) => chunk.interrupted),
    chunks: ordered,
  };
}

/**
 * The generated phase: fast-check model-based runs of the commands against the real system,
 * with the reference runtime (same profiles) as the model and the invariants after every
 * command; races interleaved by fast-check's scheduler. The runs are made in fixed chunks
 * (`CHUNK_RUNS` in chunks.ts), each seeded from the run seed and its index, and merged in chunk order.
 *
 * Within a chunk, every failing requirement is reported, not only the first: a failure is shrunk and recorded,
 * then generation goes on (a new round, with the runs left) with that requirement's checks
 * masked. A masked check that breaks ends its run quietly, so what follows from a known defect is
 * never blamed on another requirement. Expected failures (`--expected-failures`) are not known here:
 * a baseline never changes what is explored, its marks are the report's. A failure met
 * while a wait reached its limit is confirmed by replaying its shrunk counterexample under
 * confirming limits before it is reported.
 */
export async function runGenerated(factory: AdapterFactory, declared: Declared, options: GeneratedOptions): Promise<GeneratedResult> {
  const deadline = options.timeBudgetMs === undefined ? undefined : performance.now() + options.timeBudgetMs;
  const results: ChunkResult[] = [];
  if (options.path !== undefined) {
    const result = await runChunk(factory, declared, { index: 0, runs: 1 }, options, deadline);
    options.onChunk?.(result);
    return mergeChunks([result], options.inScope);
  }
  for (const chunk of chunksOf(options.runs)) {
    if (options.chunks !== undefined && !options.chunks(chunk.index)) continue;
    const result = await runChunk(factory, declared, chunk, options, deadline);
    results.push(result);
    options.onChunk?.(result);
  }
  return mergeChunks(results, options.inScope);
}

/**
 * The path `--path` replays a counterexample with: fast-check's path, then `~` and the replay path
 * fast-check's commands arbitrary logged for the shrunk commands (printed in their `toString`).
 */
function kitPath(path: string, counterexample: unknown): string {
  const logged = /\/\*replayPath="([^"]*)"\*\/$/.exec(String((counterexample as readonly unknown[] | null)?.[1] ?? ''));
  return logged?.[1] === undefined ? path : `${path}~${logged[1]}`;
}

/**
 * The operation whose hang failed the suspected run `suspected`, when it still has not settled
 * given as long again as the `confirming` limit (the confirming runs having passed): a hang that
 * does not recur. Only that operation counts: one the run never awaited may wait on the kit. The
 * run was abandoned when it failed (see {@link GeneratedRun.abandon}), so nothing the kit held
 * keeps it pending; an operation that settles late was a slow machine.
 */
async function hungOnce(suspected: Failing, confirming: Limits): Promise<Overdue | undefined> {
  const overdue = await suspected.run.limits.stillOverdue((op) => confirming.for(op));
  return overdue.find((entry) => suspected.error.message.includes(`${entry.line} did not settle within`));
}

/** Runs one chunk of the generated phase (see {@link runGenerated}); its seed derives from the run seed and its index. */
async function runChunk(factory: AdapterFactory, declared: Declared, chunk: { readonly index: number; readonly runs: number }, options: GeneratedOptions, deadline: number | undefined): Promise<ChunkResult> {
  const started = performance.now();
  const chunkSeed = derivedSeed(options.seed, chunk.index);
  const tallies = new Tallies();
  const masked = new Set<string>();
  // The kit's path is fast-check's path and, after a `~`, the replay path of the run's commands (their shrinks depend on which ran).
  const [replaying, commandsPath] = options.path === undefined ? [] : options.path.split('~');
  const isMasked = (check: string) => masked.has(check) || masked.has(check.slice(0, check.indexOf('/'))) || (replaying !== undefined && !options.inScope(check.slice(0, check.indexOf('/'))));
  let limits = options.limits;
  // The last failing run is the shrunk counterexample: fast-check keeps shrinking from each failure it finds.
  let failing: Failing | undefined;
  // Read through a function: the property sets `failing` behind the compiler's back.
  const lastFailing = (): Failing | undefined => failing;
  // Generated runs compare with the model; once the adapter reports an operation unsupported they
  // cannot, and the rest are not run (the directed checks report what needs the operation).
  let unsupported = false;
  const property = fc.asyncProperty(fc.scheduler(), fc.commands(modelCommands(declared), { maxCommands: MAX_COMMANDS, ...(commandsPath === undefined ? {} : { replayPath: commandsPath }) }), async (scheduler, commands) => {
    if (unsupported) return;
    // Between runs too (see turnEventLoop): a phase of runs that never yield still lets the loop turn.
    await turnEventLoop();
    const run = await GeneratedRun.open(factory, declared, scheduler, limits.fresh(), tallies, isMasked);
    try {
      await fc.asyncModelRun(() => ({ model: run, real: run }), commands);
    } catch (error) {
      if (UnsupportedOperation.is(error)) {
        unsupported = true;
        return;
      }
      // Command objects are shared by shrink attempts: their lines are read now, as this run left them.
      failing = { run, error: GeneratedFailure.of(error, run.home), commands: run.executed.map((command) => run.aliases.apply(String(command))) };
      await run.abandon();
      throw error;
    } finally {
      await run.close();
    }
  });

  const failures: FailureDetail[] = [];
  let made = 0;
  let interrupted = false;
  for (let round = 0; made < chunk.runs; round += 1) {
    const left = deadline === undefined ? undefined : deadline - performance.now();
    if (left !== undefined && left <= 0) {
      interrupted = true;
      break;
    }
    failing = undefined;
    // A replayed counterexample's seed is fast-check's own (its round's), not a run seed to derive from.
    const seed = replaying === undefined ? derivedSeed(chunkSeed, round) : options.seed;
    const numRuns = chunk.runs - made;
    const before = tallies.snapshot();
    const budget = { ...(left === undefined ? {} : { plugins: [fc.interruptAfterTimeLimit(left)] }), ...(replaying === undefined ? {} : { path: replaying }) };
    let details = await fc.check(property, { seed, numRuns, ...budget });
    let found = lastFailing();
    // Set when the suspected failure was a hang that did not recur on the confirming runs: flaky, a finding all the same.
    let flaky: string | undefined;
    if (details.failed && found?.run.limits.expired === true) {
      // A wait reached its limit: the same runs under confirming limits, without shrinking, decide whether the failure is real.
      const suspected = found;
      failing = undefined;
      const base = limits;
      limits = base.confirm();
      const again = await fc.check(property, { seed, numRuns, endOnFailure: true, ...(replaying === undefined ? {} : { path: replaying }) });
      const confirmed = lastFailing();
      if (again.failed && confirmed !== undefined) {
        // Real: the shrunk counterexample stands when the confirming run broke the same check, else the confirming run's own does.
        found = confirmed.error.check === suspected.error.check ? suspected : confirmed;
      } else {
        const hung = await hungOnce(suspected, limits);
        if (hung !== undefined) {
          found = suspected;
          flaky = `flaky: ${hung.line} did not settle within its limit in a generated run and had not settled after as long again as the confirming limit, while the confirming re-run of the same ${numRuns} run${numRuns === 1 ? '' : 's'} (seed ${seed}) with ${CONFIRM_FACTOR}× the limit passed (a hang that does not recur)`;
        } else {
          // The machine was slow, not the implementation: the round is made again under confirming limits, as if the
          // suspicion never happened, so a loaded machine gives the report an idle one gives.
          tallies.restore(before);
          failing = undefined;
          details = await fc.check(property, { seed, numRuns, ...budget });
          found = lastFailing();
        }
      }
      limits = base;
    }
    made += details.numRuns;
    if (details.interrupted) interrupted = true;
    if (!details.failed || found === undefined) break;
    // A replayed path is one run: once it failed, nothing else is to be made.
    if (replaying !== undefined) made = chunk.runs;
    const { run: last, error, commands } = found;
    const remote = acpChildPlan(last.realKit.env.remote);
    tallies.fail(error.check);
    if (!error.invariant) tallies.count(error.check);
    masked.add(error.requirement);
    const clauses = clausesOf(error.check);
    safePush(failures, {
      check: error.check,
      requirement: error.requirement,
      ...(clauses.length === 0 ? {} : { clauses }),
      message: last.aliases.apply(flaky === undefined ? error.message : `${flaky}\n${error.message}`),
      adapter: error.protocol !== undefined,
      expected: false,
      ...(flaky === undefined ? {} : { flaky: true as const }),
      counterexample: {
        seed,
        ...(details.counterexamplePath === null ? {} : { path: kitPath(details.counterexamplePath, details.counterexample) }),
        ...(remote === undefined ? {} : { remote }),
        commands,
        steps: last.steps.map((step) => ({ ...step, line: last.aliases.apply(step.line) })),
      },
    });
  }
  return { index: chunk.index, runs: made, interrupted, tallies: tallies.entries(), failures, durationMs: Math.round(performance.now() - started) };
}
