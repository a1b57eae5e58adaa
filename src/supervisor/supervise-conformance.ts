import { REQUIREMENTS } from '../contract/requirements.js';
import type { ConformanceReport, FailureDetail, StrayError } from '../../properties/report/conformance-report.js';
import { hangNote, STRIKES, type ConfirmedHang } from '../../properties/runner/confirmed-hangs.js';
import { decideConformance, generatedHome, type CheckOutcome, type ConformanceEvidence, type ConformanceOptions } from '../../properties/runner/run-conformance.js';
import { DEFAULT_SEED } from '../../properties/runner/default-seed.js';
import { stepLine, type Step } from '../../properties/runner/step.js';
import { conformMessageProblem } from './conform-protocol.js';
import type { ConformWorkerData, ConformWorkerMessage } from './conform-worker.js';
import type { AdapterLoading, AdapterSpec } from './load-adapter.js';
import { UsageError } from './usage-error.js';
import { KIT_TEMP_ENV } from '../runtime/remote.js';
import { runWorker, type WorkerLoss } from '../worker/run-worker.js';
import { AdapterOutput, DEFAULT_MEMORY_LIMIT_MB, describeForged } from './worker-process.js';

/** What {@link superviseConformance} runs. */
export interface SupervisedConformance {
  /** The adapter module; absent for the bundled reference runtime. */
  readonly adapter?: AdapterSpec;
  /** The command of a stdio adapter process (`--adapter-cmd`), instead of an adapter module. */
  readonly adapterCmd?: string;
  /** How the worker loads the adapter (`--import`, `--tsconfig`); none when absent. */
  readonly loading?: AdapterLoading;
  readonly options: ConformanceOptions;
  /** Where adapter output and stray errors are shown as they happen (stderr). */
  readonly log: (text: string) => void;
  /** Stops the run: the worker is killed and the run rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** The memory each worker may use, in MB (default: DEFAULT_MEMORY_LIMIT_MB of worker-process.ts). */
  readonly memoryLimitMb?: number;
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
  /** `observing`: the synchronous observation the check started since its last step, if any (it is what blocks when the thread does). */
  | { readonly phase: 'check'; readonly check: string; readonly steps: Step[]; observing?: string | undefined };

/** What happened to a lost worker, in words. */
export function lossText(loss: WorkerLoss): string {
  if (loss.kind === 'hang') return `hung: the worker showed no sign of life for ${loss.silentMs} ms (a synchronous loop or a blocked thread in adapter code) and was stopped`;
  if (loss.kind === 'memory') {
    const used = loss.usedMb === undefined ? 'ran out of heap' : `used ${loss.usedMb} MB`;
    return `the worker ${used}, over its memory limit of ${loss.limitMb} MB (memory held by adapter code), and was stopped`;
  }
  if (loss.kind === 'protocol') return `the worker posted ${loss.problem} (adapter code tampering with the worker) and was stopped`;
  if (loss.signal !== null) return `the worker process was killed by ${loss.signal}`;
  return `the worker process exited with code ${loss.code} (adapter code called process.exit, or the process crashed)`;
}

/** The finding of the check a worker was lost in: a FAIL of that check, with its steps up to the one in flight. */
function lostCheck(flight: Extract<InFlight, { phase: 'check' }>, loss: WorkerLoss, options: ConformanceOptions): CheckOutcome {
  const steps = flight.steps.filter((step) => step !== undefined);
  const last = steps.at(-1);
  if (last !== undefined && last.result === '…') last.result = loss.kind === 'hang' ? '⏳hang' : '✗adapter';
  const where = [flight.observing === undefined ? undefined : `in the observation ${flight.observing}()`, last === undefined ? 'before its first step' : `(the last step started: ${last.line})`].filter((part) => part !== undefined).join(' ');
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

/** The first confirmation of a watchdog hang: the check (or phase) it was in, how, and the steps up to it. */
interface Suspect {
  readonly place: string;
  readonly loss: WorkerLoss;
  readonly steps: readonly Step[];
}

/** The flaky finding of a check whose worker hung on its first run and whose confirming re-run passed. */
function flakyCheck(check: string, suspect: Suspect, options: ConformanceOptions): CheckOutcome {
  const { requirement, tally, failure } = lostCheck({ phase: 'check', check, steps: [...suspect.steps] }, suspect.loss, options);
  const message = `flaky: ${failure!.message.replace(/; the run went on with the remaining checks in a fresh worker$/, '')} on its first run; the confirming re-run in a fresh worker passed (a hang that does not recur)`;
  return { requirement, tally, failure: { ...failure!, message, flaky: true } };
}

/** A finding outside any check (escaped errors, a flaky phase), as a failing check `<requirement>/<name>` on the generated runs' home requirement; `escaped` are the errors it is made of. */
function outsideFinding(name: string, message: string, options: ConformanceOptions, flaky = false, escaped: readonly StrayError[] = []): CheckOutcome | undefined {
  const home = generatedHome(REQUIREMENTS.filter((requirement) => options.requirements === undefined || options.requirements.some((wanted) => requirement.id === wanted || requirement.id.startsWith(`${wanted}-`))));
  if (home === undefined) return undefined;
  const check = `${home.id}/${name}`;
  const failure: FailureDetail = {
    check,
    requirement: home.id,
    message,
    adapter: true,
    expected: (options.expectedFailures ?? []).some((entry) => entry === check || entry === home.id),
    ...(flaky ? { flaky: true as const } : {}),
    counterexample: { seed: options.seed ?? DEFAULT_SEED, commands: [], steps: [], ...(escaped.length === 0 ? {} : { escaped }) },
  };
  return { requirement: home.id, tally: { id: check, kind: 'directed', runs: 1, failures: 1 }, failure };
}

/** A stray as a failure line: what escaped, from where. */
function strayLine(stray: StrayError, place: string): string {
  const where = stray.check === undefined ? place : `during this check${stray.step === undefined ? '' : ` (the last step started: ${stray.step})`}`;
  return `adapter: ${stray.origin} from adapter code ${where}: ${stray.message}`;
}

/**
 * The directed outcomes with every stray made a failure: of the check in flight when it surfaced
 * (added to that check's failure), or of `<home>/escaped-errors` when it surfaced outside any check.
 * Each such failure's counterexample names the errors (`escaped`); one made of strays alone gets
 * the steps of its check as the supervisor heard them (`stepsOf`), up to the last one started.
 */
function withStrays(directed: readonly CheckOutcome[], strays: readonly StrayError[], places: readonly string[], options: ConformanceOptions, stepsOf: ReadonlyMap<string, readonly Step[]>): CheckOutcome[] {
  const outside: string[] = [];
  const outsideStrays: StrayError[] = [];
  const by = new Map<string, StrayError[]>();
  strays.forEach((stray, n) => {
    const known = stray.check !== undefined && directed.some((outcome) => outcome.tally.id === stray.check);
    if (known) {
      by.set(stray.check!, [...(by.get(stray.check!) ?? []), stray]);
    } else {
      outside.push(strayLine({ origin: stray.origin, message: stray.message }, places[n] ?? 'outside any check'));
      outsideStrays.push({ origin: stray.origin, message: stray.message });
    }
  });
  const outcomes = directed.map((outcome): CheckOutcome => {
    const escaped = by.get(outcome.tally.id);
    if (escaped === undefined) return outcome;
    const lines = escaped.map((stray) => strayLine(stray, ''));
    const expected = (options.expectedFailures ?? []).some((entry) => entry === outcome.tally.id || entry === outcome.requirement);
    const steps = [...(stepsOf.get(outcome.tally.id) ?? [])];
    const failure: FailureDetail =
      outcome.failure === undefined
        ? { check: outcome.tally.id, requirement: outcome.requirement, message: lines.join('\n'), adapter: true, expected, counterexample: { seed: options.seed ?? DEFAULT_SEED, commands: steps.map(stepLine), steps, escaped } }
        : { ...outcome.failure, message: [outcome.failure.message, ...lines].join('\n'), counterexample: { ...outcome.failure.counterexample, escaped } };
    return { ...outcome, tally: { ...outcome.tally, runs: Math.max(1, outcome.tally.runs), failures: 1 }, failure };
  });
  const escaped = outside.length === 0 ? undefined : outsideFinding('escaped-errors', outside.join('\n'), options, false, outsideStrays);
  return escaped === undefined ? outcomes : [...outcomes, escaped];
}

/** Where a worker was, as a stray's place outside any check says it. */
function placeText(flight: InFlight): string {
  if (flight.phase === 'load' || flight.phase === 'probe') return 'outside any check (while loading the adapter)';
  if (flight.phase === 'generated') return 'outside any check (during the generated runs)';
  if (flight.phase === 'check') return `during ${flight.check}`;
  return 'outside any check (between two checks)';
}

/**
 * Runs the conformance suite supervised (DESIGN.md "Supervisor and worker"): the engine and the
 * adapter run in a worker process, this process only listens, checks every message against the
 * protocol (conform-protocol.ts) and decides: every status and the verdict are computed here from
 * the evidence the worker posts, never taken from it. A worker lost in a check (an exit, a crash,
 * a hang the watchdog stopped and a re-run confirmed, memory over its limit, a message outside the
 * protocol) fails that check, and the remaining checks run in a fresh worker that takes the checks
 * already decided (and the hangs confirmed) as given; a worker lost in the generated runs fails a
 * generated check; a worker lost before any check (loading the adapter, calling its factory)
 * makes the adapter unusable (NOT CONFORMANT). A hang whose confirming re-run passes is flaky, a
 * finding. Every error that escaped adapter code, every message adapter code posted on the
 * worker's channel and every built-in it broke fails the run, as a failure of the check in flight
 * (or outside any check); all of it is shown on stderr as it happens. A load error is a usage error.
 */
export async function superviseConformance(run: SupervisedConformance): Promise<ConformanceReport> {
  const started = performance.now();
  const { onProgress, ...options } = run.options;
  const output = new AdapterOutput(run.log);
  const strays: StrayError[] = [];
  /** Where each stray outside any check surfaced, in words (by index of `strays`). */
  const places: string[] = [];
  const settled: CheckOutcome[] = [];
  const hangs: ConfirmedHang[] = [...(options.hangs ?? [])];
  /** Per operation with a confirmed hang: how many workers it blocked again in a row (a synchronous hang the engine cannot time). */
  const strikes = new Map<string, number>();
  const found: CheckOutcome[] = [];
  /** The steps of each check that ended, as the worker reported them: the counterexample of a failure made of escaped errors alone. */
  const stepsOf = new Map<string, Step[]>();
  let generatedLost: string | undefined;
  let fruitless = 0;
  // A check the watchdog stopped once runs again, with a longer silence limit, before its hang is reported: a loaded machine can stall a process too.
  let suspect: Suspect | undefined;
  const silence = (options.timeoutMs ?? 1000) + WATCHDOG_GRACE_MS;
  const preloads = run.loading?.preloads ?? [];
  const tsconfig = run.loading?.tsconfig;
  const noteHang = (hang: ConfirmedHang) => {
    if (hangs.some((known) => known.op === hang.op)) return;
    hangs.push(hang);
    run.log(`agent-identity-kit: the hang of ${hang.op} is confirmed (${hang.check}, ${hang.step}): a check it hangs in again is NOT-TESTED, without waiting to confirm it again\n`);
  };
  for (;;) {
    const struckOut = [...strikes].filter(([, count]) => count >= STRIKES).map(([op]) => op);
    const engine: ConformanceOptions = { ...options, settled: [...settled], hangs: [...hangs], ...(struckOut.length === 0 ? {} : { struckOut }), ...(generatedLost === undefined ? {} : { generatedLost }) };
    const data: ConformWorkerData = {
      task: 'conform',
      ...(run.adapter === undefined ? {} : { adapter: run.adapter }),
      ...(run.adapterCmd === undefined ? {} : { adapterCmd: run.adapterCmd }),
      preloads,
      ...(tsconfig === undefined ? {} : { tsconfig }),
      options: engine,
    };
    let flight: InFlight = { phase: 'load' };
    let delivered: { evidence: ConformanceEvidence } | { usage: string } | undefined;
    const before = settled.length;
    const escaped = (stray: StrayError) => {
      strays.push(stray);
      places[strays.length - 1] = placeText(flight);
      run.log(`agent-identity-kit: ${stray.origin} from adapter code ${stray.check === undefined ? placeText(flight) : `during ${stray.check}${stray.step === undefined ? '' : ` (the last step started: ${stray.step})`}`}: ${stray.message}\n`);
    };
    const where = () => {
      const check = flight.phase === 'check' ? flight.check : undefined;
      const step = flight.phase === 'check' ? flight.steps.findLast((started) => started !== undefined)?.line : undefined;
      return { ...(check === undefined ? {} : { check }), ...(step === undefined ? {} : { step }) };
    };
    const loss = await runWorker<ConformWorkerMessage>({
      entry: new URL('./adapter-worker.mjs', import.meta.url),
      task: data,
      ...(tsconfig === undefined ? {} : { env: { TSX_TSCONFIG_PATH: tsconfig } }),
      silenceLimitMs: suspect === undefined ? silence : silence * CONFIRM_SILENCE_FACTOR,
      output,
      ...(run.signal === undefined ? {} : { signal: run.signal }),
      memoryLimitMb: run.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
      tempEnv: KIT_TEMP_ENV,
      check: conformMessageProblem,
      onForged: (message) => escaped({ origin: 'forged message', message: `a message on the worker's channel: ${describeForged(message)}`, ...where() }),
      onMessage: (message) => {
        switch (message.kind) {
          case 'alive':
            break;
          case 'loaded':
            flight = { phase: 'probe' };
            break;
          case 'check-start':
            flight = { phase: 'check', check: message.check, steps: [] };
            break;
          case 'step':
            if (flight.phase === 'check') {
              for (const notice of message.notices) flight.steps[notice.index] = notice.step;
              flight.observing = undefined;
            }
            break;
          case 'observing':
            if (flight.phase === 'check') flight.observing = message.op;
            break;
          case 'confirming':
            run.log(`agent-identity-kit: ${message.reason} in ${message.check}; running the check again with longer limits to confirm the hang\n`);
            break;
          case 'hang':
            noteHang(message.hang);
            break;
          case 'check-end': {
            // The re-run of a check whose worker hung passed: the hang did not recur, which is a finding.
            const passed = message.outcome.failure === undefined && message.outcome.tally.runs > 0;
            const outcome = suspect?.place === message.outcome.tally.id && passed ? flakyCheck(message.outcome.tally.id, suspect, options) : message.outcome;
            if (outcome.failure?.flaky === true) run.log(`agent-identity-kit: ${outcome.tally.id}: ${outcome.failure.message.split('\n')[0]}\n`);
            if (suspect?.place === message.outcome.tally.id) suspect = undefined;
            if (flight.phase === 'check') stepsOf.set(flight.check, flight.steps.filter((step) => step !== undefined));
            settled.push(outcome);
            flight = { phase: 'between' };
            break;
          }
          case 'generated':
            flight = { phase: 'generated' };
            break;
          case 'progress':
            onProgress?.(message.progress);
            break;
          case 'stray':
            escaped({ origin: message.origin, message: message.message, ...where() });
            break;
          case 'usage':
            delivered = { usage: message.message };
            return true;
          case 'evidence':
            delivered = { evidence: message.evidence };
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
      const evidence = delivered.evidence;
      if ('unusable' in evidence) return finish(decideConformance(evidence, engine, started));
      // A phase whose worker hung once and whose re-run went through: flaky.
      if (suspect !== undefined) {
        const flaky = outsideFinding(suspect.place === 'generated' ? 'generated-runs' : 'adapter-load', `flaky: ${lossText(suspect.loss)} in ${suspect.place === 'generated' ? 'the generated runs' : 'loading the adapter'}; the confirming re-run in a fresh worker went through (a hang that does not recur)`, options, true);
        if (flaky !== undefined) found.push(flaky);
        run.log(`agent-identity-kit: flaky: the hang in ${suspect.place} did not recur on the confirming re-run\n`);
      }
      // The supervisor's own decisions of checks (lost, flaky) stand over what a later worker took as given.
      const decided = new Map(settled.map((outcome) => [outcome.tally.id, outcome]));
      const directed = withStrays([...evidence.directed.map((outcome) => decided.get(outcome.tally.id) ?? outcome), ...found], strays, places, options, stepsOf);
      return finish(decideConformance({ ...evidence, directed }, engine, started));
    }
    run.signal?.throwIfAborted();
    // The worker was lost: runWorker resolves to how whenever nothing was delivered.
    const lost = loss!;
    const current = flight as InFlight;
    // Where it was lost: a check, or a phase. A hang there is confirmed once, with a longer silence limit, before it is reported.
    const place = current.phase === 'check' ? current.check : current.phase;
    // What blocked the thread, when the worker hung in a check: the observation it started since its last step, else that step's operation if it had not settled.
    const pending = current.phase === 'check' ? current.steps.findLast((step) => step !== undefined) : undefined;
    const blocked =
      current.phase !== 'check' ? undefined : current.observing !== undefined ? { op: current.observing, line: `${current.observing}()` } : pending?.result === '…' ? { op: pending.op, line: pending.line } : undefined;
    // A worker blocked again in an operation or observation whose hang is confirmed: the check is NOT-TESTED, not confirmed again.
    const known = lost.kind === 'hang' && blocked !== undefined ? hangs.find((hang) => hang.op === blocked.op) : undefined;
    if (known !== undefined && current.phase === 'check') {
      strikes.set(known.op, (strikes.get(known.op) ?? 0) + 1);
      suspect = undefined;
      settled.push({ requirement: current.check.slice(0, current.check.indexOf('/')), tally: { id: current.check, kind: 'directed', runs: 0, failures: 0, skipped: hangNote(known), notTried: known } });
      run.log(`agent-identity-kit: ${lossText(lost)} in ${current.check}, in ${known.op} again: NOT-TESTED; going on in a fresh worker\n`);
      continue;
    }
    if (lost.kind === 'hang' && suspect?.place !== place && current.phase !== 'between') {
      suspect = { place, loss: lost, steps: current.phase === 'check' ? current.steps.filter((step) => step !== undefined).map((step) => ({ ...step })) : [] };
      run.log(`agent-identity-kit: ${lossText(lost)} in ${place}; running it again with a longer limit to confirm the hang\n`);
      continue;
    }
    if (current.phase === 'load' || current.phase === 'probe') {
      const stage = current.phase === 'load' ? 'loading the adapter module' : 'opening a first system (the adapter factory)';
      return finish(decideConformance({ unusable: `adapter: ${lossText(lost)} while ${stage}` }, engine, started));
    }
    if (current.phase === 'check') {
      const confirmed = lost.kind === 'hang' && suspect?.place === current.check;
      suspect = undefined;
      if (confirmed && blocked !== undefined) noteHang({ op: blocked.op, check: current.check, step: blocked.line });
      settled.push(lostCheck(current, lost, options));
    } else if (current.phase === 'generated') {
      suspect = undefined;
      generatedLost = `adapter: ${lossText(lost)} during the generated runs`;
    } else {
      // Between two checks nothing can be blamed; a second such loss with no check decided ends the run.
      fruitless = settled.length === before ? fruitless + 1 : 0;
      if (fruitless > 1) return finish(decideConformance({ unusable: `adapter: ${lossText(lost)} outside any check, twice` }, engine, started));
    }
    run.log(`agent-identity-kit: ${lossText(lost)}${current.phase === 'check' ? ` in ${current.check}` : ''}; going on in a fresh worker\n`);
  }
}
