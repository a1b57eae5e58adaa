import { expect, it } from 'vitest';
import { runConformance } from '../../../properties/runner/run-conformance.js';
import { caughtBy } from './caught-by.js';
import type { Mutant } from './mutant.js';

/** One test per mutant: its default conformance run is NOT CONFORMANT, caught by a check tagged with one of its requirements. */
export function killMatrixRuns(mutants: readonly Mutant[]): void {
  for (const mutant of mutants) {
    it(`${mutant.name} (${mutant.requirements.join(', ')}) is NOT CONFORMANT`, async () => {
      const report = await runConformance(mutant.adapter);
      expect(report.verdict).toBe('NOT CONFORMANT');
      expect(caughtBy(mutant, report), `failing checks: ${report.failures.map((failure) => failure.check).join(', ')}`).not.toEqual([]);
    }, 90_000);
  }
}
