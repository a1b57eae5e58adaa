/**
 * A baseline never changes exploration (issue 33): the generated phase explores exactly the same
 * runs with and without `--expected-failures`; the expected marks are applied to the report only.
 * So "CONFORMANT with the baseline" means "no unlisted failure at this seed".
 */
import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../properties/report/conformance-report.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import type { Mutant } from '../mutants/_support/mutant.js';
import ownerAcceptsAfterUnload from '../mutants/owner-accepts-after-unload.js';
import rollbackLeavesSessionEntry from '../mutants/rollback-leaves-session-entry.js';
import staleHandleRemovesNewer from '../mutants/stale-handle-removes-newer.js';

/** What the generated phase explored: runs made, every generated tally, every failure (without its expected mark). */
function explored(report: ConformanceReport) {
  return {
    runs: report.runs,
    tallies: report.requirements.flatMap((result) => result.checks.filter((tally) => tally.kind === 'generated')),
    failures: report.failures.map(({ expected: _expected, ...failure }) => failure),
  };
}

// Each mutant fails its requirement in the generated runs at this seed (test/mutants/generated-blame.test.ts).
const CASES: readonly (readonly [Mutant, number, string])[] = [
  [rollbackLeavesSessionEntry, 1, 'AIK-TXN-003'],
  [ownerAcceptsAfterUnload, 3, 'AIK-QUIESCE-001'],
  [staleHandleRemovesNewer, 6, 'AIK-DETACH-001'],
];

describe('a baseline never changes exploration', () => {
  it.each(CASES.map(([mutant, seed, requirement]) => [mutant.name, mutant, seed, requirement] as const))('%s: the same seed with and without the failing requirement listed explores the same runs', async (_name, mutant, seed, requirement) => {
    // Directed checks of one requirement only (they are not what this is about); every generated check is evaluated regardless.
    const options = { seed, runs: 100, requirements: [requirement] };
    const without = await runConformance(mutant.adapter, options);
    const withBaseline = await runConformance(mutant.adapter, { ...options, expectedFailures: [requirement] });
    expect(without.failures.some((failure) => failure.requirement === requirement && failure.counterexample.path !== undefined)).toBe(true);
    expect(explored(withBaseline)).toEqual(explored(without));
    // The marks are the report's: every failure of the listed requirement is expected, and the run is conformant with the baseline.
    expect(withBaseline.failures.every((failure) => failure.expected)).toBe(true);
    expect([without.verdict, withBaseline.verdict]).toEqual(['NOT CONFORMANT', 'CONFORMANT']);
  }, 120_000);
});
