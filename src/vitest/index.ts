/**
 * `agent-identity-kit/vitest`: the conformance suite inside the user's own vitest run. One test
 * per requirement, grouped by contract area; a failing requirement's test fails with its
 * failing checks, the seed and the counterexample.
 */
import { beforeAll, describe, it, type TestContext } from 'vitest';
import type { AdapterFactory } from '../contract/adapter.js';
import { REQUIREMENTS, type Area } from '../contract/requirements.js';
import type { ConformanceReport, FailureDetail } from '../../properties/report/conformance-report.js';
import { DEFAULT_SEED, runConformance, type ConformanceOptions } from '../../properties/runner/run-conformance.js';

/** Options of {@link conformanceSuite}: those of `runConformance`, plus the suite's name. */
export interface ConformanceSuiteOptions extends Omit<ConformanceOptions, 'onProgress'> {
  /**
   * The seed of the generated runs. Default: vitest's `--sequence.seed` when given, else the
   * kit's fixed default. Either way it is printed in the suite's name.
   */
  readonly seed?: number;
  /** The suite's name. Default: `agent-identity-kit conformance`. */
  readonly name?: string;
  /** How long the whole run may take, in ms (it runs once, before the tests). Default: 120000. */
  readonly suiteTimeoutMs?: number;
}

/** Vitest's `sequence.seed` of this run, when it has one (from `--sequence.seed` or the config). */
function vitestSeed(): number | undefined {
  // Vitest exposes no public accessor for the resolved config inside a test file; its worker state carries it.
  const worker = (globalThis as { __vitest_worker__?: { config?: { sequence?: { seed?: unknown } } } }).__vitest_worker__;
  const seed = worker?.config?.sequence?.seed;
  return typeof seed === 'number' && Number.isSafeInteger(seed) ? seed : undefined;
}

function failureText(failure: FailureDetail): string {
  const where = `seed ${failure.counterexample.seed}${failure.counterexample.path === undefined ? '' : `, path ${failure.counterexample.path}`}`;
  return [`${failure.check}${failure.adapter ? ' (adapter)' : ''}: ${failure.message}`, `  counterexample (${where}):`, ...failure.counterexample.commands.map((command) => `    ${command}`)].join('\n');
}

/**
 * Registers the conformance suite for `factory` in the current vitest file: it runs once
 * (directed checks, then the generated runs) and each requirement in scope becomes one test that
 * passes, fails with its counterexamples, or is skipped (NOT-APPLICABLE, STATIC, expected failure).
 */
export function conformanceSuite(factory: AdapterFactory, options: ConformanceSuiteOptions = {}): void {
  const seed = options.seed ?? vitestSeed() ?? DEFAULT_SEED;
  const { name = 'agent-identity-kit conformance', suiteTimeoutMs = 120_000, ...run } = options;
  const inScope = (id: string) => run.requirements === undefined || run.requirements.some((wanted) => id === wanted || id.startsWith(`${wanted}-`));
  const areas = new Map<Area, typeof REQUIREMENTS>();
  for (const requirement of REQUIREMENTS.filter((candidate) => inScope(candidate.id))) areas.set(requirement.area, [...(areas.get(requirement.area) ?? []), requirement]);

  describe(`${name} (seed ${seed})`, () => {
    let report: ConformanceReport | undefined;
    beforeAll(async () => {
      report = await runConformance(factory, { ...run, seed });
    }, suiteTimeoutMs);

    const decided = (context: TestContext, id: string) => {
      const result = report?.requirements.find((candidate) => candidate.id === id);
      if (report === undefined || result === undefined) throw new Error(`${id}: the conformance run did not report it`);
      if (result.status === 'NOT-APPLICABLE' || result.status === 'STATIC') context.skip(`${result.status}: ${result.note ?? ''}`);
      if (result.expected === true) context.skip('expected failure (listed in expectedFailures)');
      const failures = report.failures.filter((failure) => failure.requirement === id);
      if (result.status === 'FAIL') throw new Error(`${id} FAIL\n${failures.map(failureText).join('\n')}`);
      if (result.status === 'NOT-TESTED') throw new Error(`${id} NOT-TESTED: ${result.note ?? 'no check ran'}`);
    };

    for (const [area, requirements] of areas) {
      describe(area, () => {
        for (const requirement of requirements) it(`${requirement.id} ${requirement.statement}`, (context) => decided(context, requirement.id));
      });
    }

    it('expected failures are not stale', () => {
      if (report === undefined) throw new Error('the conformance run did not report');
      if (report.stale.length > 0) throw new Error(`listed as expected failures but passing now: ${report.stale.join(', ')}`);
    });
  });
}
