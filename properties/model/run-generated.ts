import fc from 'fast-check';
import type { AdapterFactory } from '../../src/contract/adapter.js';
import { acpChildPlan } from '../env/kit-env.js';
import type { CheckTally, FailureDetail } from '../report/conformance-report.js';
import type { Limits } from '../runner/limits.js';
import { modelCommands } from './commands.js';
import type { Declared } from './declared.js';
import { GeneratedFailure } from './generated-failure.js';
import { GeneratedRun } from './generated-run.js';
import { Tallies } from './tallies.js';

/** Options of {@link runGenerated}. */
export interface GeneratedOptions {
  readonly seed: number;
  /** How many generated runs to make (all of them, unless {@link GeneratedOptions.timeBudgetMs} ends the phase first). */
  readonly runs: number;
  readonly limits: Limits;
  /** A bound on the phase's wall time, in ms; the result carries the runs actually made. */
  readonly timeBudgetMs?: number;
  readonly inScope: (requirement: string) => boolean;
  readonly expectedFailures: readonly string[];
}

/** What the generated phase found and how much of it ran. */
export interface GeneratedResult {
  readonly tallies: CheckTally[];
  readonly failures: FailureDetail[];
  /** Runs made (shrinking and confirming replays aside). */
  readonly runs: number;
  /** True when the time budget ended the phase before every run was made. */
  readonly interrupted: boolean;
}

/** Longest command sequence of one generated run. */
const MAX_COMMANDS = 14;

/** After this many suspected failures that a confirming replay did not reproduce, the phase stops suspecting and reports. */
const MAX_UNCONFIRMED = 3;

/** The seed of round `round` of a phase seeded `seed`: round 0 is the seed itself, so a run with no failure is the plain fast-check run. */
function roundSeed(seed: number, round: number): number {
  return round === 0 ? seed : (Math.imul(seed ^ 0x5bd1e995, 0x01000193 + round) >>> 1) % 0x7fffffff;
}

/**
 * The generated phase: fast-check model-based runs of the commands against the real system,
 * with the reference runtime (same profiles) as the model and the invariants after every
 * command; races interleaved by fast-check's scheduler.
 *
 * Every failing requirement is reported, not only the first: a failure is shrunk and recorded,
 * then generation goes on (a new round, with the runs left) with that requirement's checks
 * masked. A masked check that breaks ends its run quietly, so what follows from a known defect is
 * never blamed on another requirement. Expected failures are masked from the start. A failure met
 * while a wait reached its limit is confirmed by replaying its shrunk counterexample under
 * confirming limits before it is reported.
 */
export async function runGenerated(factory: AdapterFactory, declared: Declared, options: GeneratedOptions): Promise<GeneratedResult> {
  const tallies = new Tallies();
  const masked = new Set(options.expectedFailures);
  const isMasked = (check: string) => masked.has(check) || masked.has(check.slice(0, check.indexOf('/')));
  let limits = options.limits;
  // The last failing run is the shrunk counterexample: fast-check keeps shrinking from each failure it finds.
  let failing: { run: GeneratedRun; error: GeneratedFailure; commands: readonly string[] } | undefined;
  const property = fc.asyncProperty(fc.scheduler(), fc.commands(modelCommands(declared), { maxCommands: MAX_COMMANDS }), async (scheduler, commands) => {
    const run = await GeneratedRun.open(factory, declared, scheduler, limits.fresh(), tallies, isMasked);
    try {
      await fc.asyncModelRun(() => ({ model: run, real: run }), commands);
    } catch (error) {
      // Command objects are shared by shrink attempts: their lines are read now, as this run left them.
      failing = { run, error: GeneratedFailure.of(error, run.home), commands: run.executed.map((command) => run.aliases.apply(String(command))) };
      throw error;
    } finally {
      await run.close();
    }
  });

  const deadline = options.timeBudgetMs === undefined ? undefined : performance.now() + options.timeBudgetMs;
  const failures: FailureDetail[] = [];
  let made = 0;
  let interrupted = false;
  let unconfirmed = 0;
  for (let round = 0; made < options.runs; round += 1) {
    const left = deadline === undefined ? undefined : deadline - performance.now();
    if (left !== undefined && left <= 0) {
      interrupted = true;
      break;
    }
    failing = undefined;
    const seed = roundSeed(options.seed, round);
    const details = await fc.check(property, { seed, numRuns: options.runs - made, ...(left === undefined ? {} : { plugins: [fc.interruptAfterTimeLimit(left)] }) });
    made += details.numRuns;
    if (details.interrupted) interrupted = true;
    if (!details.failed || failing === undefined) break;
    let found: { run: GeneratedRun; error: GeneratedFailure; commands: readonly string[] } = failing;
    if (found.run.limits.expired && unconfirmed < MAX_UNCONFIRMED && details.counterexamplePath !== null) {
      // A wait reached its limit: replay the shrunk counterexample with confirming limits; that replay decides.
      const suspected = found;
      failing = undefined;
      const base = limits;
      limits = base.confirm();
      const replay = await fc.check(property, { seed, path: details.counterexamplePath, numRuns: 1, endOnFailure: true });
      limits = base;
      if (!replay.failed || failing === undefined) {
        unconfirmed += 1;
        continue;
      }
      found = failing ?? suspected;
    }
    const { run: last, error, commands } = found;
    const remote = acpChildPlan(last.realKit.env.remote);
    tallies.fail(error.check);
    if (error.protocol === undefined) tallies.count(error.check);
    masked.add(error.requirement);
    failures.push({
      check: error.check,
      requirement: error.requirement,
      message: last.aliases.apply(error.message),
      adapter: error.protocol !== undefined,
      expected: false,
      counterexample: {
        seed,
        ...(details.counterexamplePath === null ? {} : { path: details.counterexamplePath }),
        ...(remote === undefined ? {} : { remote }),
        commands,
        steps: last.steps.map((step) => ({ ...step, line: last.aliases.apply(step.line) })),
      },
    });
  }
  const counted: CheckTally[] = tallies
    .entries()
    .filter((entry) => options.inScope(entry.id.slice(0, entry.id.indexOf('/'))))
    .map((entry) => ({ id: entry.id, kind: 'generated', runs: entry.runs, failures: entry.failures }));
  return { tallies: counted, failures: failures.filter((failure) => options.inScope(failure.requirement)), runs: made, interrupted };
}
