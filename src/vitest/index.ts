/**
 * `agent-identity-kit/vitest`: the conformance suite inside the user's own vitest run. One test
 * per requirement, grouped by contract area; a failing requirement's test fails with its
 * failing checks, the seed and the counterexample.
 */
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import type { AdapterFactory } from '../contract/adapter.js';
import { REQUIREMENTS, type Area } from '../contract/requirements.js';
import type { ConformanceReport } from '../../properties/report/conformance-report.js';
import { runConformance, type ConformanceOptions } from '../../properties/runner/run-conformance.js';
import { DEFAULT_SEED } from '../../properties/runner/default-seed.js';
import { olderContractWarning } from '../../properties/runner/declared-capabilities.js';
import type { Shard } from '../../properties/runner/shard-verdict.js';
import { adapterSpec, type AdapterSpec } from '../supervisor/load-adapter.js';
import { superviseConformance } from '../supervisor/supervise-conformance.js';
import { outsideOutcome, requirementOutcome, staleOutcome, type Outcome } from './requirement-outcome.js';

/** Options of {@link conformanceSuite}: those of `runConformance`, plus the suite's name and part. */
export interface ConformanceSuiteOptions extends Omit<ConformanceOptions, 'onProgress' | 'onCheck' | 'settled' | 'generatedLost' | 'shard'> {
  /**
   * The seed of the generated runs. Default: vitest's `--sequence.seed` when given, else the
   * kit's fixed default. Either way it is printed in the suite's name.
   */
  readonly seed?: number;
  /** The suite's name. Default: `agent-identity-kit conformance`. */
  readonly name?: string;
  /** How long the whole run may take, in ms (it runs once, before the tests). Default: 120000. */
  readonly suiteTimeoutMs?: number;
  /**
   * Run one part of the run (1-based `index` of `count`), to spread it over vitest's `--shard`:
   * one small test file per part, each with the same adapter and options. A part runs the
   * directed checks of every count-th requirement and every count-th chunk of 100 generated runs
   * (what `conform --shard index/count` runs); a requirement whose evidence is in another part is
   * skipped here ("in another part"). Over all parts, the failing tests name the requirements the
   * whole run fails. See the README, "Inside your own vitest run".
   */
  readonly part?: { readonly index: number; readonly count: number };
}

/** Vitest's `sequence.seed` of this run, when it has one (from `--sequence.seed` or the config). */
function vitestSeed(): number | undefined {
  // Vitest exposes no public accessor for the resolved config inside a test file; its worker state carries it.
  const worker = (globalThis as { __vitest_worker__?: { config?: { sequence?: { seed?: unknown } } } }).__vitest_worker__;
  const seed = worker?.config?.sequence?.seed;
  return typeof seed === 'number' && Number.isSafeInteger(seed) ? seed : undefined;
}

/** `part` as the engine's 0-based shard; anything but 1 ≤ index ≤ count ≤ 1000 (integers) is refused, naming the value. */
function shardOf(part: ConformanceSuiteOptions['part']): Shard | undefined {
  if (part === undefined) return undefined;
  const { index, count } = part;
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(count) || index < 1 || index > count || count > 1000) {
    throw new TypeError(`conformanceSuite: part must be { index, count } with integers 1 ≤ index ≤ count ≤ 1000, got ${JSON.stringify(part)}`);
  }
  return { index: index - 1, count };
}

/** The adapter module of the path form: a URL as it is, a path relative to the test file that registers the suite. */
function moduleOf(adapter: string | URL): AdapterSpec {
  const testFile = expect.getState().testPath;
  return adapterSpec(adapter, testFile === undefined ? process.cwd() : dirname(testFile));
}

/** Runs the engine against the adapter module of `spec` in a supervised worker process (src/supervisor), until `signal` stops it. */
function supervised(spec: AdapterSpec, signal: AbortSignal): (engine: ConformanceOptions) => Promise<ConformanceReport> {
  // console.error, so vitest shows what the adapter printed, and what the supervisor says, with this file's output.
  return (engine) => superviseConformance({ adapter: spec, options: engine, log: (text) => console.error(text.replace(/\n$/, '')), signal });
}

/**
 * Registers the conformance suite for an adapter in the current vitest file: it runs once
 * (directed checks, then the generated runs) and each requirement in scope becomes one test that
 * passes, fails with its counterexamples, or is skipped (NOT-APPLICABLE, STATIC, expected failure,
 * decided in another `part`).
 *
 * The adapter is given one of two ways:
 *
 * - **As a module** (recommended): a path, relative to the test file that calls this
 *   (`'./adapter.ts'`, `'./adapter.ts#scopeFirst'` for a named export), or a `file:` URL
 *   (`new URL('./adapter.ts', import.meta.url)`). The run is supervised as `conform --adapter`
 *   runs it: the engine and the adapter run in a worker process of their own, loaded by Node with
 *   tsx (not through vite: vite aliases and plugins do not apply). A `process.exit`, a crash or a
 *   blocked thread in adapter code fails the requirement of the check in flight, naming the check
 *   and the step, and the run goes on in a fresh worker; an error that escapes adapter code (a
 *   rejection nobody awaits, a throw in a timer) fails the requirement of its check; what the
 *   adapter prints is shown on stderr; the worker's process group is killed after the run.
 * - **As a factory**, imported into the test file: the run happens in vitest's own worker, and
 *   only vitest guards it. Vitest turns `process.exit` into a thrown error (called in an
 *   operation, it fails that check as the adapter's failure) and fails the run on an error that
 *   escapes adapter code (without naming the check). It cannot stop a synchronous loop: that
 *   blocks its worker, no timeout fires, and the vitest run hangs until the CI job is killed.
 *   Timers, sockets and child processes the adapter leaves behind live as long as vitest's worker
 *   does. (An operation that never settles is caught in both forms by the per-operation limit.)
 */
export function conformanceSuite(adapter: AdapterFactory | string | URL, options: ConformanceSuiteOptions = {}): void {
  const seed = options.seed ?? vitestSeed() ?? DEFAULT_SEED;
  const { name = 'agent-identity-kit conformance', suiteTimeoutMs = 120_000, part: _part, ...run } = options;
  const shard = shardOf(options.part);
  // Ends a supervised run the suite no longer waits for (past suiteTimeoutMs): its worker is killed with the suite.
  const stop = new AbortController();
  // The path form is checked now (a missing module fails the file when it is collected) and run supervised, as conform runs it.
  const execute: (engine: ConformanceOptions) => Promise<ConformanceReport> = typeof adapter === 'function' ? (engine) => runConformance(adapter, engine) : supervised(moduleOf(adapter), stop.signal);
  const inScope = (id: string) => run.requirements === undefined || run.requirements.some((wanted) => id === wanted || id.startsWith(`${wanted}-`));
  const areas = new Map<Area, typeof REQUIREMENTS>();
  for (const requirement of REQUIREMENTS.filter((candidate) => inScope(candidate.id))) areas.set(requirement.area, [...(areas.get(requirement.area) ?? []), requirement]);

  describe(`${name} (seed ${seed}${shard === undefined ? '' : `, part ${shard.index + 1} of ${shard.count}`})`, () => {
    let report: ConformanceReport | undefined;
    beforeAll(async () => {
      const engine = { ...run, seed, ...(shard === undefined ? {} : { shard }) };
      report = await execute(engine);
      const older = 'olderContract' in report.adapter ? report.adapter.olderContract : undefined;
      if (older !== undefined) console.warn(`agent-identity-kit: ${olderContractWarning(older)}`);
    }, suiteTimeoutMs);
    afterAll(() => stop.abort(new Error(`the conformance run took longer than suiteTimeoutMs (${suiteTimeoutMs} ms)`)));

    // A test passes, skips with its note, or fails with its message.
    const settle = (context: TestContext, outcome: Outcome): void => {
      if ('skip' in outcome) context.skip(outcome.skip);
      if ('fail' in outcome) throw new Error(outcome.fail);
    };
    const reported = (): ConformanceReport => {
      if (report === undefined) throw new Error('the conformance run did not report');
      return report;
    };

    for (const [area, requirements] of areas) {
      describe(area, () => {
        for (const requirement of requirements) it(`${requirement.id} ${requirement.statement}`, (context) => settle(context, requirementOutcome(reported(), requirement.id, shard)));
      });
    }

    it('expected failures are not stale', (context) => settle(context, staleOutcome(reported(), shard)));

    // In vitest's own worker an escaped error is vitest's to report; from the supervised worker, it is this test's.
    if (typeof adapter !== 'function') it('no error escaped adapter code outside the checks', (context) => settle(context, outsideOutcome(reported())));
  });
}
