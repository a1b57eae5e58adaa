import type { ConformanceReport, FailureDetail, StrayError } from '../../properties/report/conformance-report.js';
import { DEFAULT_SEED, unusableAdapterReport, type CheckOutcome, type ConformanceOptions } from '../../properties/runner/run-conformance.js';
import { stepLine, type Step } from '../../properties/runner/step.js';
import type { ConformWorkerData, ConformWorkerMessage } from './conform-worker.js';
import type { AdapterLoading, AdapterSpec } from './load-adapter.js';
import { UsageError } from './usage-error.js';
import { AdapterOutput, runWorker, type WorkerLoss } from './worker-process.js';

/** What {@link superviseConformance} runs. */
export interface SupervisedConformance {
  /** The adapter module; absent for the bundled reference runtime. */
  readonly adapter?: AdapterSpec;
  /** How the worker loads the adapter (`--import`, `--tsconfig`); none when absent. */
  readonly loading?: AdapterLoading;
  readonly options: ConformanceOptions;
  /** Where adapter output and stray errors are shown as they happen (stderr). */
  readonly log: (text: string) => void;
  /** Stops the run: the worker is killed and the run rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/**
 * How long the worker may show no sign of life beyond the per-operation limit before it counts as
 * hung. Generous, because a loaded CI machine can stall a process for a while, and a false hang
 * would be a false FAIL; a hang costs its check this long once.
 */
export const WATCHDOG_GRACE_MS = 5000;

/** A check the watchdog stopped runs again with a silence limit this many times longer before the hang is reported. */
const CONFIRM_SILENCE_FACTOR = 2;

/** Where a worker was when it was lost. */
type InFlight =
  | { readonly phase: 'load' | 'probe' | 'between' | 'generated' }
  | { readonly phase: 'check'; readonly check: string; readonly steps: Step[] };

/** What happened to a lost worker, in words. */
export function lossText(loss: WorkerLoss): string {
  if (loss.kind === 'hang') return `hung: the worker showed no sign of life for ${loss.silentMs} ms (a synchronous loop or a blocked thread in adapter code) and was stopped`;
  if (loss.signal !== null) return `the worker process was killed by ${loss.signal}`;
  return `the worker process exited with code ${loss.code} (adapter code called process.exit, or the process crashed)`;
}

/** The finding of the check a worker was lost in: a FAIL of that check, with its steps up to the one in flight. */
function lostCheck(flight: Extract<InFlight, { phase: 'check' }>, loss: WorkerLoss, options: ConformanceOptions): CheckOutcome {
  const steps = flight.steps.filter((step) => step !== undefined);
  const last = steps.at(-1);
  if (last !== undefined && last.result === '…') last.result = loss.kind === 'hang' ? '⏳hang' : '✗adapter';
  const where = last === undefined ? 'before its first step' : `(the last step started: ${last.line})`;
  const requirement = flight.check.slice(0, flight.check.indexOf('/'));
  const failure: FailureDetail = {
    check: flight.check,
    requirement,
    message: `adapter: ${lossText(loss)} ${where}; the run went on with the remaining checks in a fresh worker`,
    adapter: true,
    expected: (options.expectedFailures ?? []).some((entry) => entry === flight.check || entry === requirement),
    counterexample: { seed: options.seed ?? DEFAULT_SEED, commands: steps.map(stepLine), steps },
  };
  return { requirement, tally: { id: flight.check, kind: 'directed', runs: 1, failures: 1 }, failure };
}

/**
 * Runs the conformance suite supervised (DESIGN.md "Supervisor and worker"): the engine and the
 * adapter run in a worker process, this process only listens. A worker lost in a check (an
 * exit, a crash, a hang the watchdog stopped) fails that check, and the remaining checks run in a
 * fresh worker that takes the checks already decided as given; a worker lost in the generated
 * runs fails a generated check; a worker lost before any check (loading the adapter, calling its
 * factory) makes the adapter unusable (NOT CONFORMANT). What the adapter printed and the errors
 * that escaped it are shown on stderr and added to the report. A load error is a usage error.
 */
export async function superviseConformance(run: SupervisedConformance): Promise<ConformanceReport> {
  const { onProgress, ...options } = run.options;
  const output = new AdapterOutput(run.log);
  const strays: StrayError[] = [];
  const settled: CheckOutcome[] = [];
  let generatedLost: string | undefined;
  let fruitless = 0;
  // A check the watchdog stopped once runs again, with a longer silence limit, before its hang is reported: a loaded machine can stall a process too.
  let confirming: string | undefined;
  const silence = (options.timeoutMs ?? 1000) + WATCHDOG_GRACE_MS;
  const preloads = run.loading?.preloads ?? [];
  const tsconfig = run.loading?.tsconfig;
  for (;;) {
    const data: ConformWorkerData = {
      task: 'conform',
      ...(run.adapter === undefined ? {} : { adapter: run.adapter }),
      preloads,
      ...(tsconfig === undefined ? {} : { tsconfig }),
      options: { ...options, settled: [...settled], ...(generatedLost === undefined ? {} : { generatedLost }) },
    };
    let flight: InFlight = { phase: 'load' };
    let delivered: { report: ConformanceReport } | { usage: string } | undefined;
    const before = settled.length;
    const loss = await runWorker<ConformWorkerMessage>({
      entry: new URL('./adapter-worker.mjs', import.meta.url),
      task: data,
      ...(tsconfig === undefined ? {} : { env: { TSX_TSCONFIG_PATH: tsconfig } }),
      silenceLimitMs: confirming === undefined ? silence : silence * CONFIRM_SILENCE_FACTOR,
      output,
      ...(run.signal === undefined ? {} : { signal: run.signal }),
      onMessage: (message) => {
        switch (message.kind) {
          case 'loaded':
            flight = { phase: 'probe' };
            break;
          case 'check-start':
            flight = { phase: 'check', check: message.check, steps: [] };
            break;
          case 'step':
            if (flight.phase === 'check') for (const notice of message.notices) flight.steps[notice.index] = notice.step;
            break;
          case 'check-end':
            settled.push(message.outcome);
            flight = { phase: 'between' };
            break;
          case 'generated':
            flight = { phase: 'generated' };
            break;
          case 'progress':
            onProgress?.(message.progress);
            break;
          case 'stray': {
            const check = flight.phase === 'check' ? flight.check : undefined;
            const step = flight.phase === 'check' ? flight.steps.findLast((started) => started !== undefined)?.line : undefined;
            strays.push({ origin: message.origin, message: message.message, ...(check === undefined ? {} : { check }), ...(step === undefined ? {} : { step }) });
            run.log(`agent-identity-kit: ${message.origin} from adapter code ${check === undefined ? 'outside any check' : `during ${check}`}: ${message.message}\n`);
            break;
          }
          case 'usage':
            delivered = { usage: message.message };
            return true;
          case 'report':
            delivered = { report: message.report };
            return true;
        }
        return false;
      },
    });
    const finish = (report: ConformanceReport): ConformanceReport => {
      const printed = output.report;
      return { ...report, ...(printed === undefined ? {} : { adapterOutput: printed }), ...(strays.length === 0 ? {} : { strays }) };
    };
    if (delivered !== undefined) {
      if ('usage' in delivered) throw new UsageError(delivered.usage);
      return finish(delivered.report);
    }
    run.signal?.throwIfAborted();
    // The worker was lost: runWorker resolves to how whenever nothing was delivered.
    const lost = loss!;
    const current = flight as InFlight;
    // Where it was lost: a check, or a phase. A hang there is confirmed once, with a longer silence limit, before it is reported.
    const place = current.phase === 'check' ? current.check : current.phase;
    if (lost.kind === 'hang' && confirming !== place && current.phase !== 'between') {
      confirming = place;
      run.log(`agent-identity-kit: ${lossText(lost)} in ${place}; running it again with a longer limit to confirm the hang\n`);
      continue;
    }
    if (current.phase === 'load' || current.phase === 'probe') {
      const stage = current.phase === 'load' ? 'loading the adapter module' : 'opening a first system (the adapter factory)';
      return finish(unusableAdapterReport(`adapter: ${lossText(lost)} while ${stage}`, options));
    }
    if (current.phase === 'check') {
      confirming = undefined;
      settled.push(lostCheck(current, lost, options));
    } else if (current.phase === 'generated') {
      generatedLost = `adapter: ${lossText(lost)} during the generated runs`;
    } else {
      // Between two checks nothing can be blamed; a second such loss with no check decided ends the run.
      fruitless = settled.length === before ? fruitless + 1 : 0;
      if (fruitless > 1) return finish(unusableAdapterReport(`adapter: ${lossText(lost)} outside any check, twice`, options));
    }
    run.log(`agent-identity-kit: ${lossText(lost)}${current.phase === 'check' ? ` in ${current.check}` : ''}; going on in a fresh worker\n`);
  }
}
