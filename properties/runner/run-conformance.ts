import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdapterFactory, Capabilities } from '../../src/contract/adapter.js';
import { KIT_VERSION } from '../../src/contract/kit-version.js';
import { CONTRACT_VERSION, REQUIREMENTS, type Capability } from '../../src/contract/requirements.js';
import { DIRECTED_CHECKS } from '../checks/index.js';
import { acpChildPlan, createKitEnv } from '../env/kit-env.js';
import { runGenerated } from '../model/run-generated.js';
import type { CheckTally, ConformanceReport, FailureDetail, RequirementResult } from '../report/conformance-report.js';
import { AdapterFailure } from './adapter-failure.js';
import { decideRequirement } from './decide-requirement.js';
import type { Check } from './check.js';
import { CheckContext, openSystem } from './check-context.js';
import { Limits } from './limits.js';
import { stepLine } from './step.js';

/** The seed used when none is given: fixed, so a default run is reproducible (and printed). */
export const DEFAULT_SEED = 202611;

/** Options of {@link runConformance}; every one has a default. */
export interface ConformanceOptions {
  /** The seed of the generated runs. Default {@link DEFAULT_SEED}. */
  readonly seed?: number;
  /** Generated model-based runs. Default 100. */
  readonly runs?: number;
  /** Requirement ids or id prefixes (`AIK-TXN`) to decide; default all. */
  readonly requirements?: readonly string[];
  /** Known gaps: requirement ids or check ids whose failure does not fail the run. */
  readonly expectedFailures?: readonly string[];
  /** Per-operation limit for operations that must settle, in ms (grown with the measured pace; a suspected hang is confirmed with a longer one). Default 1000. */
  readonly timeoutMs?: number;
  /** A bound on the generated phase's wall time, in ms: the report then carries the runs actually made. Default: none (every run is made). */
  readonly timeBudgetMs?: number;
  /** Called after each directed check and once before the generated runs (for a TTY progress line). */
  readonly onProgress?: (progress: { readonly done: number; readonly total: number; readonly label: string }) => void;
}

function inScope(id: string, scope: readonly string[] | undefined): boolean {
  return scope === undefined || scope.some((wanted) => id === wanted || id.startsWith(`${wanted}-`));
}

const CAPABILITY_NAMES: readonly Capability[] = ['subagents', 'remote', 'bridge', 'rpc', 'consumers', 'contextDispose', 'idSource', 'clock', 'configHandles'];

/** The capabilities `capabilities` does not declare as a boolean (all of them when it is not an object). */
function undeclared(capabilities: unknown): readonly Capability[] {
  if (typeof capabilities !== 'object' || capabilities === null) return CAPABILITY_NAMES;
  return CAPABILITY_NAMES.filter((name) => typeof (capabilities as Record<string, unknown>)[name] !== 'boolean');
}

/** Why a check does not run against this system, or `undefined` when it does. */
function skipReason(check: Check, declared: { capabilities: Capabilities; profiles: Record<string, string> }): string | undefined {
  for (const capability of check.needs ?? []) {
    if (!declared.capabilities[capability]) return `needs capability ${capability} (not declared)`;
  }
  for (const [axis, variant] of Object.entries(check.profile ?? {})) {
    if (declared.profiles[axis] !== variant) return `applies to ${axis} ${variant} (declared ${declared.profiles[axis]})`;
  }
  return undefined;
}

/** At most this many failed sub-cases of one check are listed; the rest are counted. */
const SHOWN_SUBCASES = 8;

/** Runs one directed check against fresh systems under `limits`; never throws. */
async function attemptCheck(factory: AdapterFactory, check: Check, declared: ConstructorParameters<typeof CheckContext>[2], limits: Limits, options: ConformanceOptions, seed: number): Promise<FailureDetail | undefined> {
  const pidFile = join(tmpdir(), `agent-identity-kit-${process.pid}-${check.id.replace(/[^A-Za-z0-9-]+/g, '-')}.pid`);
  const kit = createKitEnv({ durable: check.durable ?? true, ...(check.remote === undefined ? {} : { remote: check.remote(pidFile) }), ...(check.ids === undefined ? {} : { ids: check.ids }) });
  const ctx = new CheckContext(factory, kit, declared, limits, pidFile);
  let stopped: unknown;
  try {
    await check.run(ctx);
  } catch (error) {
    stopped = error;
  }
  try {
    await ctx.close();
  } catch (error) {
    stopped ??= error;
  }
  rmSync(pidFile, { force: true });
  // A protocol violation wins: a check failing because the adapter broke is the adapter's failure.
  const broken = ctx.adapterFailure !== undefined && ctx.adapterFailure.kind !== 'hang' ? ctx.adapterFailure : undefined;
  const messages = broken !== undefined ? [broken.message] : [...ctx.failures, ...(stopped === undefined ? [] : [stopped instanceof Error ? stopped.message : String(stopped)])];
  if (messages.length === 0 && ctx.adapterFailure !== undefined) messages.push(ctx.adapterFailure.message);
  if (messages.length === 0) return undefined;
  ctx.noteShownIds();
  const alias = (text: string) => ctx.aliases.apply(text);
  const shown = messages.slice(0, SHOWN_SUBCASES).map(alias);
  if (messages.length > SHOWN_SUBCASES) shown.push(`… and ${messages.length - SHOWN_SUBCASES} more failed sub-cases`);
  const expected = (options.expectedFailures ?? []).some((entry) => entry === check.id || entry === check.requirement);
  const remote = acpChildPlan(kit.env.remote);
  return {
    check: check.id,
    requirement: check.requirement,
    message: shown.join('\n'),
    adapter: broken !== undefined,
    expected,
    counterexample: {
      seed,
      ...(check.durable === false ? { durable: false as const } : {}),
      ...(remote === undefined ? {} : { remote }),
      ...(check.ids === undefined ? {} : { ids: check.ids }),
      commands: ctx.steps.map((step) => alias(stepLine(step))), steps: ctx.steps.map((step) => ({ ...step, line: alias(step.line) })) },
  };
}

/**
 * Runs one directed check. A failure met while a wait reached its limit is only suspected (a slow
 * machine looks like a hang): the check runs again under confirming limits, and that run decides.
 */
async function runCheck(factory: AdapterFactory, check: Check, declared: ConstructorParameters<typeof CheckContext>[2], limits: Limits, options: ConformanceOptions, seed: number): Promise<FailureDetail | undefined> {
  const first = limits.fresh();
  const failure = await attemptCheck(factory, check, declared, first, options, seed);
  if (failure === undefined || !first.expired) return failure;
  return attemptCheck(factory, check, declared, first.confirm(), options, seed);
}

/**
 * Runs the conformance suite against an adapter: every directed check (each always runs, so a
 * verdict never depends on luck), then the generated model-based runs, and decides every
 * requirement. Never throws for anything the adapter does: hangs, throws and garbage are
 * reported as the adapter's failure.
 */
export async function runConformance(factory: AdapterFactory, options: ConformanceOptions = {}): Promise<ConformanceReport> {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const runs = options.runs ?? 100;
  const requirements = REQUIREMENTS.filter((requirement) => inScope(requirement.id, options.requirements));
  const limits = new Limits(options.timeoutMs ?? 1000);
  const envelope = {
    tool: 'agent-identity-kit',
    version: KIT_VERSION,
    contract: CONTRACT_VERSION,
    seed,
    runs: 0,
    runsRequested: runs,
    ...(options.timeBudgetMs === undefined ? {} : { timeBudgetMs: options.timeBudgetMs }),
    scope: options.requirements ?? 'all',
  } as const;

  let declared: { capabilities: Capabilities; profiles: { teardown: 'scope-last' | 'scope-first'; persistedCreate: 'reject-at-create' | 'reject-at-flush' } };
  try {
    const probe = await openSystem(factory, createKitEnv(), undefined, limits);
    const { capabilities, profiles } = probe;
    const missing = undeclared(capabilities);
    if (missing.length > 0) throw new AdapterFailure('garbage', `adapter: capabilities must declare every capability as a boolean (not declared: ${missing.join(', ')})`);
    if (!['scope-last', 'scope-first'].includes(profiles?.teardown) || !['reject-at-create', 'reject-at-flush'].includes(profiles?.persistedCreate)) {
      throw new AdapterFailure('garbage', 'adapter: profiles must declare teardown (scope-last | scope-first) and persistedCreate (reject-at-create | reject-at-flush)');
    }
    declared = { capabilities: { ...capabilities }, profiles: { teardown: profiles.teardown, persistedCreate: profiles.persistedCreate } };
    await Promise.race([probe.shutdown(), new Promise((resolve) => setTimeout(resolve, limits.for('shutdown')).unref())]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const results: RequirementResult[] = requirements.map((requirement) => ({
      id: requirement.id,
      area: requirement.area,
      tier: requirement.tier,
      ...(requirement.tier === 'STATIC' ? { status: 'STATIC' as const, note: 'decided on source code by lint / check, not by conform' } : { status: 'NOT-TESTED' as const, note: message }),
      checks: [],
    }));
    return { ...envelope, adapter: { error: message }, verdict: 'NOT CONFORMANT', summary: summarize(results), requirements: results, failures: [], stale: [], durationMs: Math.round(performance.now() - started) };
  }

  const tallies = new Map<string, CheckTally[]>();
  const failures: FailureDetail[] = [];
  const checks = DIRECTED_CHECKS.filter((check) => inScope(check.requirement, options.requirements));
  let done = 0;
  for (const check of checks) {
    const requirement = REQUIREMENTS.find((candidate) => candidate.id === check.requirement);
    if (requirement === undefined) continue;
    const skipped = requirement.capability !== undefined && !declared.capabilities[requirement.capability] ? `capability ${requirement.capability} not declared` : skipReason(check, declared);
    let tally: CheckTally;
    if (skipped === undefined) {
      const failure = await runCheck(factory, check, declared, limits, options, seed);
      if (failure !== undefined) failures.push(failure);
      tally = { id: check.id, kind: 'directed', runs: 1, failures: failure === undefined ? 0 : 1 };
    } else {
      tally = { id: check.id, kind: 'directed', runs: 0, failures: 0, skipped };
    }
    tallies.set(check.requirement, [...(tallies.get(check.requirement) ?? []), tally]);
    done += 1;
    options.onProgress?.({ done, total: checks.length + 1, label: check.id });
  }

  const generated = await runGenerated(factory, declared, {
    seed,
    runs,
    limits,
    ...(options.timeBudgetMs === undefined ? {} : { timeBudgetMs: options.timeBudgetMs }),
    inScope: (id) => inScope(id, options.requirements),
    expectedFailures: options.expectedFailures ?? [],
  });
  for (const tally of generated.tallies) {
    const requirement = tally.id.slice(0, tally.id.indexOf('/'));
    tallies.set(requirement, [...(tallies.get(requirement) ?? []), tally]);
  }
  failures.push(...generated.failures);
  options.onProgress?.({ done: checks.length + 1, total: checks.length + 1, label: 'generated runs' });

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
    const tally = [...tallies.values()].flat().find((candidate) => candidate.id === entry);
    return tally !== undefined && tally.runs > 0 && tally.failures === 0;
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
  };
}

function summarize(results: readonly RequirementResult[]): ConformanceReport['summary'] {
  const summary = { PASS: 0, FAIL: 0, 'NOT-APPLICABLE': 0, 'NOT-TESTED': 0, STATIC: 0 };
  for (const result of results) summary[result.status] += 1;
  return summary;
}
