import { rmSync } from 'node:fs';
import type { AdapterFactory } from '../../src/contract/adapter.js';
import { KIT_VERSION } from '../../src/contract/kit-version.js';
import { acpPidFile } from '../../src/runtime/remote.js';
import { CONTRACT_VERSION, REQUIREMENTS } from '../../src/contract/requirements.js';
import { DIRECTED_CHECKS } from '../checks/index.js';
import { acpChildPlan, createKitEnv } from '../env/kit-env.js';
import type { Declared } from '../model/declared.js';
import { mergeChunks, runGenerated, type GeneratedResult } from '../model/run-generated.js';
import { chunksOf } from '../model/chunks.js';
import { DEFAULT_SEED } from './default-seed.js';
import { clause } from '../../src/contract/clauses.js';
import type { CheckOutcome, CheckTally, ChunkResult, ConformanceReport, Counterexample, FailureDetail, RequirementResult } from '../report/conformance-report.js';
import { AdapterFailure } from './adapter-failure.js';
import { declaredCapabilities } from './declared-capabilities.js';
import { decideRequirement, unsupportedNote } from './decide-requirement.js';
import type { Check } from './check.js';
import { CheckContext, openSystem, type Subcase } from './check-context.js';
import { ConfirmedHangs, hangNote, type ConfirmedHang } from './confirmed-hangs.js';
import { Limits } from './limits.js';
import { safeConcat, safePush } from './safe-builtins.js';
import { stepLine, type Step } from './step.js';
import { stdioExclusion } from './stdio-subset.js';

/** Options of {@link runConformance}; every one has a default. */
export interface ConformanceOptions {
  /** The seed of the generated runs. Default {@link DEFAULT_SEED}. */
  readonly seed?: number;
  /** Generated model-based runs. Default 100. */
  readonly runs?: number;
  /**
   * fast-check's replay path of one generated counterexample (as a failure prints it): the
   * generated phase then makes that one run, with `seed` as the seed the counterexample printed.
   */
  readonly path?: string;
  /** Requirement ids or id prefixes (`AIK-TXN`) to decide; default all. */
  readonly requirements?: readonly string[];
  /** Known gaps: requirement ids or check ids whose failure does not fail the run. */
  readonly expectedFailures?: readonly string[];
  /** Per-operation limit for operations that must settle, in ms (grown with the measured pace; a suspected hang is confirmed with a longer one). Default 1000. */
  readonly timeoutMs?: number;
  /** A bound on the generated phase's wall time, in ms: the report then carries the runs actually made. Default: none (every run is made). */
  readonly timeBudgetMs?: number;
  /** Called after each directed check and each generated chunk (for a TTY progress line). */
  readonly onProgress?: (progress: ConformanceProgress) => void;
  /**
   * Called as the run moves: a directed check starts (with its live step log, which grows as the
   * check runs) and finishes (with its outcome), the generated runs start. A supervisor uses it to
   * know what is in flight.
   */
  readonly onCheck?: (event: CheckEvent) => void;
  /**
   * Called whenever an operation of the implementation settles. A supervisor takes it as a sign
   * of life: unlike a timer, it cannot be starved by an implementation whose operations all
   * resolve in microtasks.
   */
  readonly onSettle?: () => void;
  /**
   * Called as a directed check starts a synchronous observation of the system (`agents`,
   * `getAgent`, …), with its name. A supervisor uses it to know what blocked the thread when one
   * never returns (see confirmed-hangs.ts). The generated runs do not call it.
   */
  readonly onObserve?: (op: string) => void;
  /**
   * Directed checks already decided elsewhere (by an earlier worker of a supervised run, which
   * ran them or was lost in them): they are not run again, their outcome is taken as given.
   */
  readonly settled?: readonly CheckOutcome[];
  /**
   * Set when an earlier worker was lost in the generated runs: they are not run again, and this
   * message is reported as the failure of a generated check.
   */
  readonly generatedLost?: string;
  /** Hangs confirmed elsewhere (by an earlier worker of a supervised run): the operations are not waited for again (see confirmed-hangs.ts). */
  readonly hangs?: readonly ConfirmedHang[];
  /** Operations among {@link ConformanceOptions.hangs} that already hung 3 times in a row elsewhere: not tried any more. */
  readonly struckOut?: readonly string[];
  /** Run one shard of the run (0-based `index` of `count`): the directed checks of every count-th requirement in scope (see {@link homeShard}) and every count-th generated chunk. The report then carries its part, for `merge`. */
  readonly shard?: { readonly index: number; readonly count: number };
  /** Set when the factory drives a stdio adapter (`--adapter-cmd`): the checks that need in-process scheduling do not run (properties/runner/stdio-subset.ts) and the report says so. */
  readonly stdio?: boolean;
}

export type { CheckOutcome } from '../report/conformance-report.js';

/** What {@link ConformanceOptions.onProgress} hears: steps (directed checks and generated chunks) done of this run's, and the chunks among them. */
export interface ConformanceProgress {
  readonly done: number;
  readonly total: number;
  readonly chunks: { readonly done: number; readonly total: number };
  readonly label: string;
}

/** What {@link ConformanceOptions.onCheck} hears. */
export type CheckEvent =
  | { readonly phase: 'start'; readonly check: string; readonly steps: readonly Step[] }
  /** A wait of the check reached its limit (`reason`): the check runs again under confirming limits. */
  | { readonly phase: 'confirm'; readonly check: string; readonly reason: string }
  /** The confirming re-run hung too: `hang.op` is not waited for again in this run. */
  | { readonly phase: 'hang'; readonly hang: ConfirmedHang }
  | { readonly phase: 'end'; readonly check: string; readonly outcome: CheckOutcome }
  | { readonly phase: 'generated' };

/** Whether requirement or check `id` is in the `--requirements` `scope` (every id when there is none). */
export function inScope(id: string, scope: readonly string[] | undefined): boolean {
  return scope === undefined || scope.some((wanted) => id === wanted || id.startsWith(`${wanted}-`));
}

/**
 * The shard (0-based, of `count`) that runs every directed check of `requirement` in a sharded run
 * (`--shard`, the vitest integration's `part`): every count-th requirement in scope, in registry
 * order. All the directed evidence of a requirement is in its home shard.
 */
export function homeShard(requirement: string, scope: readonly string[] | undefined, count: number): number {
  const position = REQUIREMENTS.filter((candidate) => inScope(candidate.id, scope)).findIndex((candidate) => candidate.id === requirement);
  return Math.max(0, position) % count;
}

/** Why a check does not run against this system, or `undefined` when it does. */
function skipReason(check: Check, declared: Declared): string | undefined {
  for (const capability of check.needs ?? []) {
    if (!declared.capabilities[capability]) return `needs capability ${capability} (not declared)`;
  }
  for (const [axis, variant] of Object.entries(check.profile ?? {})) {
    const given = declared.profiles[axis as keyof Declared['profiles']];
    if (given !== variant) return `applies to ${axis} ${variant} (declared ${given})`;
  }
  return undefined;
}

/** What one attempt at a directed check found: nothing, its failures (see {@link CheckFailures}), operations the adapter reports unsupported, or an operation the run confirmed to hang (then the check could not run). */
type Attempt = CheckFailures | { readonly unsupported: readonly string[] } | { readonly notTried: ConfirmedHang } | undefined;

/**
 * The failures of one directed check, each charged to the requirement of the clause whose
 * assertion failed: `home` to the check's own requirement (sub-cases of its clauses, or of no
 * clause), `elsewhere` to other requirements, one failure per requirement, in the order met.
 */
interface CheckFailures {
  readonly home?: FailureDetail;
  readonly elsewhere: readonly FailureDetail[];
}

/** Every failure of one attempt, wherever it counts, the check's own requirement first. */
function failuresOf(found: CheckFailures): FailureDetail[] {
  return [...(found.home === undefined ? [] : [found.home]), ...found.elsewhere];
}

/** Runs one directed check against fresh systems under `limits`; never throws. */
async function attemptCheck(factory: AdapterFactory, check: Check, declared: ConstructorParameters<typeof CheckContext>[2], limits: Limits, options: ConformanceOptions, seed: number): Promise<Attempt> {
  const pidFile = acpPidFile(`${process.pid}-${check.id.replace(/[^A-Za-z0-9-]+/g, '-')}`);
  const kit = createKitEnv({ durable: check.durable ?? true, ...(check.remote === undefined ? {} : { remote: check.remote(pidFile) }), ...(check.ids === undefined ? {} : { ids: check.ids }) });
  options.onCheck?.({ phase: 'start', check: check.id, steps: kit.steps });
  const ctx = new CheckContext(factory, kit, declared, limits, pidFile);
  let stopped: Subcase | undefined;
  try {
    await check.run(ctx);
  } catch (error) {
    stopped = ctx.stoppedBy(error);
  }
  try {
    await ctx.close();
  } catch (error) {
    stopped ??= ctx.stoppedBy(error);
  }
  rmSync(pidFile, { force: true });
  // Errors escaping the check's operations (a throw on a later tick, a rejection nobody handles) surface on a later
  // turn of the event loop: one turn, with its timers, lets them surface while the check is still in flight.
  await new Promise((resolve) => setTimeout(resolve, 1));
  // An unsupported operation wins: what failed or hung after it is its consequence. So does an operation not tried.
  if (ctx.unsupported.size > 0) return { unsupported: [...ctx.unsupported].sort() };
  if (ctx.notTried !== undefined) return { notTried: ctx.notTried.hang };
  // A protocol violation wins: a check failing because the adapter broke is the adapter's failure.
  const broken = ctx.adapterFailure !== undefined && ctx.adapterFailure.kind !== 'hang' ? ctx.adapterFailure : undefined;
  // With the built-ins as they were before foreign code ran (safe-builtins.ts): whether the check found anything decides its verdict.
  const subcases: Subcase[] = broken !== undefined ? [{ message: broken.message }] : safeConcat(ctx.failures, stopped === undefined ? [] : [stopped]);
  if (subcases.length === 0 && ctx.adapterFailure !== undefined) safePush(subcases, { message: ctx.adapterFailure.message });
  if (subcases.length === 0) return undefined;
  ctx.noteShownIds();
  const alias = (text: string) => ctx.aliases.apply(text);
  const remote = acpChildPlan(kit.env.remote);
  const counterexample: Counterexample = {
    seed,
    ...(check.durable === false ? { durable: false as const } : {}),
    ...(remote === undefined ? {} : { remote }),
    ...(check.ids === undefined ? {} : { ids: check.ids }),
    commands: ctx.steps.map((step) => alias(stepLine(step))),
    steps: ctx.steps.map((step) => ({ ...step, line: alias(step.line) })),
  };
  // A clause of a requirement outside the run's scope is charged to the check's own: a finding is never dropped with its requirement.
  const charged = (subcase: Subcase) => {
    const requirement = subcase.clause === undefined ? undefined : clause(subcase.clause)?.requirement;
    return requirement !== undefined && inScope(requirement, options.requirements) ? requirement : check.requirement;
  };
  const failures = [...new Set(subcases.map(charged))].map((requirement): FailureDetail => {
    const own = subcases.filter((subcase) => charged(subcase) === requirement);
    const clauses = [...new Set(own.flatMap((subcase) => (subcase.clause === undefined ? [] : [subcase.clause])))];
    return {
      check: check.id,
      requirement,
      ...(clauses.length === 0 ? {} : { clauses }),
      // Every failed sub-case, one per line: a reporter may fold them (the text reporter does).
      message: own.map((subcase) => alias(subcase.message)).join('\n'),
      adapter: broken !== undefined,
      // Whether it is an expected failure is decided with the rest of the report (see decide).
      expected: false,
      counterexample,
    };
  });
  const home = failures.find((failure) => failure.requirement === check.requirement);
  return { ...(home === undefined ? {} : { home }), elsewhere: failures.filter((failure) => failure !== home) };
}

/**
 * Runs one directed check. A failure met while a wait reached its limit is only suspected (a slow
 * machine looks like a hang): the check runs again under confirming limits, and that run decides.
 * A hang the confirming re-run meets too is confirmed: its operation is not waited for again in this
 * run. When the confirming re-run passes, the operation whose hang failed the first run, if it
 * still has not settled given as long again as the confirming limit, was a hang that did not
 * recur: flaky, a finding (an operation that settled late was a slow machine, and the check passes).
 */
async function runCheck(factory: AdapterFactory, check: Check, declared: ConstructorParameters<typeof CheckContext>[2], limits: Limits, options: ConformanceOptions, seed: number): Promise<Attempt> {
  const first = limits.fresh();
  const found = await attemptCheck(factory, check, declared, first, options, seed);
  if (found === undefined || !('elsewhere' in found) || !first.expired) return found;
  const said = failuresOf(found).map((failure) => failure.message).join('\n');
  options.onCheck?.({ phase: 'confirm', check: check.id, reason: said.split('\n')[0] ?? '' });
  const confirming = first.confirm();
  const again = await attemptCheck(factory, check, declared, confirming, options, seed);
  if (again !== undefined && 'elsewhere' in again) {
    const saidAgain = failuresOf(again).map((failure) => failure.message).join('\n');
    // Only operations whose hang failed the check: one it never awaited may wait on the kit itself (a held pause or a hung store).
    const failed = (await confirming.stillOverdue()).filter((overdue) => saidAgain.includes(`${overdue.line} did not settle within`));
    for (const overdue of failed) {
      const hang = { op: overdue.op, check: check.id, step: overdue.line };
      if (limits.hangs.add(hang)) options.onCheck?.({ phase: 'hang', hang });
    }
    return again;
  }
  if (again !== undefined) return again;
  // Only the operation whose hang failed the first run counts: one the check never awaited may wait on the kit itself (a held pause or a hung store).
  const hung = (await first.stillOverdue((op) => confirming.for(op))).find((overdue) => said.includes(`${overdue.line} did not settle within`));
  if (hung === undefined) return undefined;
  // The failures that named the hang are flaky findings; the rest of the first run passed on the re-run.
  const flaky = failuresOf(found)
    .filter((failure) => failure.message.includes(`${hung.line} did not settle within`))
    .map((failure): FailureDetail => ({
      ...failure,
      message: `flaky: ${hung.line} did not settle within its limit on the first run and had not settled after as long again as the confirming limit, while the confirming re-run passed (a hang that does not recur)\n${failure.message}`,
      flaky: true,
    }));
  const home = flaky.find((failure) => failure.requirement === check.requirement);
  return { ...(home === undefined ? {} : { home }), elsewhere: flaky.filter((failure) => failure !== home) };
}

/**
 * Runs the conformance suite against an adapter: every directed check (each always runs, so a
 * verdict never depends on luck), then the generated model-based runs, and decides every
 * requirement. Never throws for anything the adapter does: hangs, throws and garbage are
 * reported as the adapter's failure.
 */
export async function runConformance(factory: AdapterFactory, options: ConformanceOptions = {}): Promise<ConformanceReport> {
  const started = performance.now();
  return decideConformance(await exploreConformance(factory, options), options, started);
}

/**
 * What a conformance run observed, before anything is decided: the adapter's declarations, each
 * directed check's outcome, the generated chunks and the hangs it confirmed; or why the adapter
 * could not be used. A supervised worker posts it, and the supervisor decides
 * ({@link decideConformance}): the verdict is never computed where adapter code runs.
 */
export type ConformanceEvidence =
  | { readonly unusable: string }
  | {
      readonly declared: Declared;
      readonly directed: readonly CheckOutcome[];
      readonly chunks: readonly ChunkResult[];
      readonly hangs: readonly ConfirmedHang[];
      /** Set when the generated runs were not made: an operation they need hangs every time it is tried (it struck out in the directed checks). */
      readonly generatedNotMade?: ConfirmedHang;
    };

/** Runs every directed check and the generated runs against the adapter (see {@link runConformance}) and returns what they observed. */
export async function exploreConformance(factory: AdapterFactory, options: ConformanceOptions = {}): Promise<ConformanceEvidence> {
  const seed = options.seed ?? DEFAULT_SEED;
  const runs = options.runs ?? 100;
  const limits = new Limits(options.timeoutMs ?? 1000, false, new Map(), options.onSettle, new ConfirmedHangs(options.hangs, options.struckOut, options.onObserve));

  let declared: Declared;
  try {
    const probe = await openSystem(factory, createKitEnv(), undefined, limits);
    const { contract, capabilities: given, profiles } = probe;
    const { capabilities, olderContract } = declaredCapabilities(contract, given);
    if (!['scope-last', 'scope-first'].includes(profiles?.teardown) || !['reject-at-create', 'reject-at-flush'].includes(profiles?.persistedCreate)) {
      throw new AdapterFailure('garbage', 'adapter: profiles must declare teardown (scope-last | scope-first) and persistedCreate (reject-at-create | reject-at-flush)');
    }
    declared = { capabilities, profiles: { teardown: profiles.teardown, persistedCreate: profiles.persistedCreate }, ...(olderContract === undefined ? {} : { olderContract }) };
    await Promise.race([probe.shutdown(), new Promise((resolve) => setTimeout(resolve, limits.for('shutdown')).unref())]);
  } catch (error) {
    return { unusable: error instanceof Error ? error.message : String(error) };
  }

  const checks = DIRECTED_CHECKS.filter((check) => inScope(check.requirement, options.requirements));
  // A shard takes the directed checks of every count-th requirement and every count-th chunk, so the shards of a run never overlap and together make all of it.
  const shard = options.shard;
  const ownChunk = (index: number) => shard === undefined || index % shard.count === shard.index;
  const directed: CheckOutcome[] = [];
  const ownCheck = (check: Check) => shard === undefined || homeShard(check.requirement, options.requirements, shard.count) === shard.index;
  const myChecks = checks.filter(ownCheck).length;
  const myChunks = options.generatedLost === undefined ? chunksOf(runs).filter((chunk) => ownChunk(chunk.index)).length : 0;
  let done = 0;
  let chunksDone = 0;
  const progress = (label: string) => options.onProgress?.({ done: done + chunksDone, total: myChecks + myChunks, chunks: { done: chunksDone, total: myChunks }, label });
  for (const check of checks) {
    if (!ownCheck(check)) continue;
    const requirement = REQUIREMENTS.find((candidate) => candidate.id === check.requirement);
    if (requirement === undefined) continue;
    const skipped = requirement.capability !== undefined && !declared.capabilities[requirement.capability] ? `capability ${requirement.capability} not declared` : skipReason(check, declared);
    const given = options.settled?.find((outcome) => outcome.tally.id === check.id);
    if (given !== undefined) {
      directed.push(given);
    } else if (skipped === undefined && options.stdio === true && stdioExclusion(check.id) !== undefined) {
      directed.push({ tally: { id: check.id, kind: 'directed', runs: 0, failures: 0, skipped: stdioExclusion(check.id)!, inProcessOnly: true }, requirement: check.requirement });
    } else if (skipped === undefined) {
      const found = await runCheck(factory, check, declared, limits, options, seed);
      const outcome: CheckOutcome =
        found !== undefined && 'unsupported' in found
          ? { tally: { id: check.id, kind: 'directed', runs: 0, failures: 0, skipped: unsupportedNote(found.unsupported), unsupported: found.unsupported }, requirement: check.requirement }
          : found !== undefined && 'notTried' in found
            ? { tally: { id: check.id, kind: 'directed', runs: 0, failures: 0, skipped: hangNote(found.notTried), notTried: found.notTried }, requirement: check.requirement }
            : {
                tally: { id: check.id, kind: 'directed', runs: 1, failures: found?.home === undefined ? 0 : 1 },
                requirement: check.requirement,
                ...(found?.home === undefined ? {} : { failure: found.home }),
                ...(found === undefined || found.elsewhere.length === 0 ? {} : { elsewhere: found.elsewhere }),
              };
      directed.push(outcome);
      options.onCheck?.({ phase: 'end', check: check.id, outcome });
    } else {
      directed.push({ tally: { id: check.id, kind: 'directed', runs: 0, failures: 0, skipped }, requirement: check.requirement });
    }
    done += 1;
    progress(check.id);
  }

  options.onCheck?.({ phase: 'generated' });
  // The generated runs judge hangs on their own (each is confirmed by replaying its run): a hang confirmed in one check says nothing of theirs.
  // But an operation that hangs every time it is tried would only make every run wait: then they are not made.
  const notMade = limits.hangs.anyStruckOut();
  const generated =
    options.generatedLost !== undefined || notMade !== undefined
      ? []
      : (
          await runGenerated(factory, declared, {
            seed,
            runs,
            limits: limits.withoutHangs(),
            ...(options.timeBudgetMs === undefined ? {} : { timeBudgetMs: options.timeBudgetMs }),
            inScope: (id) => inScope(id, options.requirements),
            ...(options.path === undefined ? {} : { path: options.path }),
            chunks: ownChunk,
            onChunk: () => {
              chunksDone += 1;
              progress('generated runs');
            },
          })
        ).chunks;
  const hangs = limits.hangs.all();
  return { declared, directed, chunks: generated, hangs, ...(notMade === undefined ? {} : { generatedNotMade: notMade }) };
}

/**
 * Decides a run from what it observed ({@link exploreConformance}): every requirement in scope
 * and the verdict, with the generated chunks merged in chunk order; a shard's report carries its
 * part. Pure: the same evidence and options give the same report (timings aside).
 */
export function decideConformance(evidence: ConformanceEvidence, options: ConformanceOptions, started = performance.now()): ConformanceReport {
  if ('unusable' in evidence) return unusableAdapterReport(evidence.unusable, options, started);
  const requirements = REQUIREMENTS.filter((requirement) => inScope(requirement.id, options.requirements));
  const generated =
    options.generatedLost !== undefined
      ? lostGenerated(options.generatedLost, requirements, options, options.seed ?? DEFAULT_SEED)
      : evidence.generatedNotMade !== undefined
        ? notMadeGenerated(evidence.generatedNotMade, requirements)
        : mergeChunks(evidence.chunks, (id) => inScope(id, options.requirements));
  const report = decide(envelopeOf(options), evidence.declared, evidence.directed, generated, options, started);
  const lost = options.generatedLost === undefined ? {} : { generatedLost: options.generatedLost };
  return options.shard === undefined ? report : { ...report, part: { shard: options.shard, expectedFailures: options.expectedFailures ?? [], directed: evidence.directed, chunks: generated.chunks, ...lost } };
}

/**
 * Decides every requirement in scope from the directed checks' outcomes and the generated runs,
 * and the verdict: CONFORMANT iff no failing MUST, declared CAP or PROFILE (expected failures
 * aside) and no stale expected failure.
 */
function decide(envelope: ReturnType<typeof envelopeOf>, declared: Declared, directed: readonly CheckOutcome[], generated: GeneratedResult, options: ConformanceOptions, started: number): ConformanceReport {
  const requirements = REQUIREMENTS.filter((requirement) => inScope(requirement.id, options.requirements));
  const tallies = new Map<string, CheckTally[]>();
  for (const outcome of directed) {
    tallies.set(outcome.requirement, [...(tallies.get(outcome.requirement) ?? []), outcome.tally]);
    // A failure charged to another requirement (the clause that broke is there) fails that requirement, as one failing run of the check.
    for (const failure of outcome.elsewhere ?? []) tallies.set(failure.requirement, [...(tallies.get(failure.requirement) ?? []), { id: outcome.tally.id, kind: 'directed', runs: 1, failures: 1 }]);
  }
  for (const tally of generated.tallies) {
    const requirement = tally.id.slice(0, tally.id.indexOf('/'));
    tallies.set(requirement, [...(tallies.get(requirement) ?? []), tally]);
  }
  const failures: FailureDetail[] = [...directed.flatMap((outcome) => [...(outcome.failure === undefined ? [] : [outcome.failure]), ...(outcome.elsewhere ?? [])]), ...generated.failures].map((failure) => ({
    ...failure,
    expected: (options.expectedFailures ?? []).some((entry) => entry === failure.check || entry === failure.requirement),
  }));
  const expectedEntries = options.expectedFailures ?? [];
  const results: RequirementResult[] = requirements.map((requirement) => {
    const own = tallies.get(requirement.id) ?? [];
    const decided = decideRequirement(requirement, own, declared);
    const ownFailures = failures.filter((failure) => failure.requirement === requirement.id);
    const expected = decided.status === 'FAIL' && ownFailures.every((failure) => failure.expected);
    return { id: requirement.id, area: requirement.area, tier: requirement.tier, ...decided, ...(expected ? { expected } : {}), checks: own };
  });

  const stale = expectedEntries.filter((entry) => {
    const asRequirement = results.find((result) => result.id === entry);
    if (asRequirement !== undefined) return asRequirement.status === 'PASS';
    // A check's tallies: under its own requirement, and under each requirement a failure of it was charged to.
    const ofCheck = [...tallies.values()].flat().filter((candidate) => candidate.id === entry);
    return ofCheck.some((tally) => tally.runs > 0) && ofCheck.every((tally) => tally.failures === 0);
  });
  const counts = (result: RequirementResult) => result.tier === 'MUST' || result.tier === 'PROFILE' || (result.tier === 'CAP' && result.status !== 'NOT-APPLICABLE');
  const failing = results.some((result) => counts(result) && (result.status === 'FAIL' || result.status === 'NOT-TESTED') && result.expected !== true);
  return {
    ...envelope,
    runs: generated.runs,
    adapter: declared,
    verdict: failing || stale.length > 0 ? 'NOT CONFORMANT' : 'CONFORMANT',
    summary: summarize(results),
    requirements: results,
    failures,
    stale,
    durationMs: Math.round(performance.now() - started),
    chunks: generated.chunks.map((chunk) => ({ index: chunk.index, runs: chunk.runs, durationMs: chunk.durationMs })),
    ...(options.stdio === true ? { subset: { mode: 'stdio' as const, notApplicable: directed.flatMap((outcome) => (outcome.tally.inProcessOnly === true ? [{ check: outcome.tally.id, reason: outcome.tally.skipped ?? '' }] : [])) } } : {}),
  };
}

/**
 * Combines the partial reports of every shard of one run (`--shard i/n`, then `merge`) into the
 * report, verdict and exit code the unsharded run would have given. Throws a plain Error naming
 * what does not fit: a report that is not partial, shards of different runs, a shard missing or
 * given twice.
 */
export function mergeReports(reports: readonly ConformanceReport[]): ConformanceReport {
  const first = reports[0];
  if (first === undefined) throw new Error('no partial report to merge');
  const parts = reports.map((report, n) => {
    if (report.part === undefined) throw new Error(`report #${n + 1} is not a shard's partial report (run it with --shard i/n)`);
    if ('error' in report.adapter) throw new Error(`report #${n + 1}: the adapter could not be used (${report.adapter.error})`);
    return report.part;
  });
  const count = parts[0]?.shard.count ?? 0;
  const run = (report: ConformanceReport) => JSON.stringify([report.version, report.contract, report.seed, report.runsRequested, report.timeBudgetMs, report.scope, report.adapter]);
  const other = reports.findIndex((report) => run(report) !== run(first));
  if (other >= 0) throw new Error(`report #${other + 1} is a shard of another run (kit version, contract, seed, runs, scope or adapter differ)`);
  const indexes = parts.map((part) => part.shard.index).sort((a, b) => a - b);
  if (parts.some((part) => part.shard.count !== count) || indexes.length !== count || indexes.some((index, n) => index !== n)) {
    throw new Error(`expected the ${count} shards 1/${count} … ${count}/${count} once each, got ${parts.map((part) => `${part.shard.index + 1}/${part.shard.count}`).join(', ')}`);
  }
  const declared = first.adapter as Declared;
  const positions = new Map(DIRECTED_CHECKS.map((check, position) => [check.id, position]));
  const directed = parts.flatMap((part) => part.directed).sort((a, b) => (positions.get(a.tally.id) ?? 0) - (positions.get(b.tally.id) ?? 0));
  const options: ConformanceOptions = {
    seed: first.seed,
    runs: first.runsRequested,
    ...(first.scope === 'all' ? {} : { requirements: first.scope }),
    ...(first.timeBudgetMs === undefined ? {} : { timeBudgetMs: first.timeBudgetMs }),
    expectedFailures: parts[0]?.expectedFailures ?? [],
    ...(first.subset === undefined ? {} : { stdio: true }),
  };
  const chunks = mergeChunks(parts.flatMap((part) => part.chunks), (id) => inScope(id, options.requirements));
  // A shard whose worker was lost in its generated runs has no chunks to give: its loss fails the merged run, as it fails an unsharded one.
  const lostIn = parts.find((part) => part.generatedLost !== undefined)?.generatedLost;
  const loss = lostIn === undefined ? undefined : lostGenerated(lostIn, REQUIREMENTS.filter((requirement) => inScope(requirement.id, options.requirements)), options, first.seed);
  const generated = loss === undefined ? chunks : { ...chunks, tallies: [...chunks.tallies, ...loss.tallies], failures: [...chunks.failures, ...loss.failures] };
  const merged = decide(envelopeOf(options), declared, directed, generated, options, performance.now());
  return { ...merged, durationMs: reports.reduce((longest, report) => Math.max(longest, report.durationMs), 0) };
}

/** The report's envelope; `runs` (those made) is set once the generated runs are done. */
function envelopeOf(options: ConformanceOptions) {
  return {
    tool: 'agent-identity-kit',
    version: KIT_VERSION,
    contract: CONTRACT_VERSION,
    seed: options.seed ?? DEFAULT_SEED,
    runs: 0,
    runsRequested: options.runs ?? 100,
    ...(options.timeBudgetMs === undefined ? {} : { timeBudgetMs: options.timeBudgetMs }),
    scope: options.requirements ?? 'all',
  } as const;
}

/**
 * The report of a run whose adapter could not be used at all (its factory threw or hung, its
 * system is malformed, or a supervisor lost its worker while loading it): every requirement in
 * scope is NOT-TESTED with `message`, and the run is NOT CONFORMANT.
 */
export function unusableAdapterReport(message: string, options: ConformanceOptions = {}, started = performance.now()): ConformanceReport {
  const results: RequirementResult[] = REQUIREMENTS.filter((requirement) => inScope(requirement.id, options.requirements)).map((requirement) => ({
    id: requirement.id,
    area: requirement.area,
    tier: requirement.tier,
    ...(requirement.tier === 'STATIC' ? { status: 'STATIC' as const, note: 'decided on source code by lint / check, not by conform' } : { status: 'NOT-TESTED' as const, note: message }),
    checks: [],
  }));
  return { ...envelopeOf(options), adapter: { error: message }, verdict: 'NOT CONFORMANT', summary: summarize(results), requirements: results, failures: [], stale: [], durationMs: Math.round(performance.now() - started), chunks: [] };
}

/**
 * The requirement that carries a finding of the generated runs as a whole (or of adapter code
 * outside any check): AIK-CREATE-001, the home of the generated runs, or, when the scope leaves it
 * out, the first requirement in scope that conform decides; none when conform decides none.
 */
export function generatedHome(requirements: readonly (typeof REQUIREMENTS)[number][]): (typeof REQUIREMENTS)[number] | undefined {
  const decided = requirements.filter((requirement) => requirement.tier !== 'STATIC');
  return decided.find((requirement) => requirement.id === 'AIK-CREATE-001') ?? decided[0];
}

/**
 * The generated runs of a run whose earlier worker was lost in them: one failing generated check,
 * `<requirement>/generated-runs`, on the {@link generatedHome}, so the loss always fails the run.
 */
function lostGenerated(message: string, requirements: readonly (typeof REQUIREMENTS)[number][], options: ConformanceOptions, seed: number): GeneratedResult {
  const home = generatedHome(requirements);
  if (home === undefined) return { tallies: [], failures: [], runs: 0, interrupted: false, chunks: [] };
  const check = `${home.id}/generated-runs`;
  const expected = (options.expectedFailures ?? []).some((entry) => entry === check || entry === home.id);
  return {
    tallies: [{ id: check, kind: 'generated', runs: 1, failures: 1 }],
    failures: [{ check, requirement: home.id, message, adapter: true, expected, counterexample: { seed, commands: [], steps: [] } }],
    runs: 0,
    interrupted: false,
    chunks: [],
  };
}

/**
 * The generated runs of a run whose directed checks found an operation hanging every time it was
 * tried: not made, which `<requirement>/generated-runs` on the {@link generatedHome} says (NOT-TESTED,
 * naming the hang), so a run that made no generated run never passes on its directed checks alone.
 */
function notMadeGenerated(hang: ConfirmedHang, requirements: readonly (typeof REQUIREMENTS)[number][]): GeneratedResult {
  const home = generatedHome(requirements);
  const tallies: CheckTally[] = home === undefined ? [] : [{ id: `${home.id}/generated-runs`, kind: 'generated', runs: 0, failures: 0, skipped: `generated runs not made: ${hangNote(hang)}`, notTried: hang }];
  return { tallies, failures: [], runs: 0, interrupted: false, chunks: [] };
}

function summarize(results: readonly RequirementResult[]): ConformanceReport['summary'] {
  const summary = { PASS: 0, FAIL: 0, 'NOT-APPLICABLE': 0, 'NOT-TESTED': 0, STATIC: 0 };
  for (const result of results) summary[result.status] += 1;
  return summary;
}
