import fc from 'fast-check';
import { UnsupportedOperation, type AdapterFactory } from '../../src/contract/adapter.js';
import type { CheckTally, FailureDetail } from '../report/conformance-report.js';
import { AdapterFailure } from '../runner/adapter-failure.js';
import { modelCommands } from './commands.js';
import type { Declared } from './declared.js';
import { GeneratedFailure } from './generated-failure.js';
import { GeneratedRun } from './generated-run.js';
import { Tallies } from './tallies.js';

/** Options of {@link runGenerated}. */
export interface GeneratedOptions {
  readonly seed: number;
  readonly runs: number;
  readonly timeoutMs: number;
  readonly inScope: (requirement: string) => boolean;
  readonly expectedFailures: readonly string[];
}

/** Longest command sequence of one generated run. */
const MAX_COMMANDS = 14;

/**
 * The generated phase: fast-check model-based runs of the commands against the real system,
 * with the reference runtime (same profiles) as the model and the invariants after every
 * command; races interleaved by fast-check's scheduler. A failure is shrunk, then replayed once
 * to record its steps.
 */
export async function runGenerated(factory: AdapterFactory, declared: Declared, options: GeneratedOptions): Promise<{ tallies: CheckTally[]; failures: FailureDetail[] }> {
  const tallies = new Tallies();
  // The last failing run is the shrunk counterexample: fast-check keeps shrinking from each failure it finds.
  let failing: { run: GeneratedRun; error: unknown; commands: readonly string[] } | undefined;
  // Generated runs compare with the model; once the adapter reports an operation unsupported they
  // cannot, and the rest are not run (the directed checks report what needs the operation).
  let unsupported = false;
  const property = fc.asyncProperty(fc.scheduler(), fc.commands(modelCommands(declared), { maxCommands: MAX_COMMANDS }), async (scheduler, commands) => {
    if (unsupported) return;
    const run = await GeneratedRun.open(factory, declared, scheduler, options.timeoutMs, tallies);
    try {
      await fc.asyncModelRun(() => ({ model: run, real: run }), commands);
    } catch (error) {
      if (UnsupportedOperation.is(error)) {
        unsupported = true;
        return;
      }
      // Command objects are shared by shrink attempts: their lines are read now, as this run left them.
      failing = { run, error, commands: run.executed.map((command) => run.aliases.apply(String(command))) };
      throw error;
    } finally {
      await run.close();
    }
  });
  // The budget bounds a misbehaving adapter: every hang costs a timeout, and shrinking repeats them.
  const budget = Math.max(10_000, options.timeoutMs * 20);
  const details = await fc.check(property, { seed: options.seed, numRuns: options.runs, plugins: [fc.interruptAfterTimeLimit(budget)] });
  const failures: FailureDetail[] = [];
  if (details.failed && failing !== undefined) {
    const { run: last, error, commands } = failing;
    const home = last.home;
    const check = error instanceof GeneratedFailure ? error.check : `${home}/generated-adapter`;
    const requirement = check.slice(0, check.indexOf('/'));
    tallies.fail(check);
    if (!(error instanceof GeneratedFailure)) tallies.count(check);
    failures.push({
      check,
      requirement,
      message: last.aliases.apply(error instanceof Error ? error.message : String(error)),
      adapter: error instanceof AdapterFailure,
      expected: options.expectedFailures.some((entry) => entry === check || entry === requirement),
      counterexample: {
        seed: details.seed,
        ...(details.counterexamplePath === null ? {} : { path: details.counterexamplePath }),
        commands,
        steps: last.steps.map((step) => ({ ...step, line: last.aliases.apply(step.line) })),
      },
    });
  }
  const counted: CheckTally[] = tallies
    .entries()
    .filter((entry) => options.inScope(entry.id.slice(0, entry.id.indexOf('/'))))
    .map((entry) => ({ id: entry.id, kind: 'generated', runs: entry.runs, failures: entry.failures }));
  return { tallies: counted, failures: failures.filter((failure) => options.inScope(failure.requirement)) };
}
