import { expect, it } from 'vitest';
import { runConformance } from '../../../properties/runner/run-conformance.js';
import { parseScenario } from '../../../scenarios/load/parse-scenario.js';
import { counterexampleScenario } from '../../../src/cli/counterexample-scenario.js';
import { caughtBy, namingItsClauses } from './caught-by.js';
import type { Mutant } from './mutant.js';

/**
 * One test per mutant: its default conformance run is NOT CONFORMANT, caught by a check tagged
 * with one of its requirements, and a failure names one of the clauses it breaks (attribution);
 * the counterexample `--out` would write for that failure is a scenario the loader accepts (its
 * replay is test/mutants/counterexample-round-trip.test.ts's, and `npm run sweep -- --replays`'s).
 */
export function killMatrixRuns(mutants: readonly Mutant[]): void {
  for (const mutant of mutants) {
    it(`${mutant.name} (${mutant.requirements.join(', ')}) is NOT CONFORMANT, naming ${mutant.clauses.join(', ')}`, async () => {
      const report = await runConformance(mutant.adapter);
      const found = report.failures.map((failure) => `${failure.check} → ${failure.requirement} [${(failure.clauses ?? []).join(', ')}]`).join('; ');
      expect(report.verdict).toBe('NOT CONFORMANT');
      expect(caughtBy(mutant, report), `failing checks: ${found}`).not.toEqual([]);
      expect(namingItsClauses(mutant, report), `failures: ${found}`).not.toEqual([]);
      const attributed = report.failures.find((failure) => !failure.adapter && (failure.clauses ?? []).some((id) => mutant.clauses.includes(id)))!;
      const scenario = await counterexampleScenario(report, attributed);
      expect(parseScenario(JSON.stringify(scenario), `${mutant.name}.json`).requirements).toContain(attributed.requirement);
    }, 90_000);
  }
}
