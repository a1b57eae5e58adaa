import { describe, expect, it } from 'vitest';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { clause } from '../../src/contract/clauses.js';
import { MUTANTS } from './mutants.js';

describe('kill matrix: every mutant is caught by a check tagged with its intended requirement', () => {
  it('has at least 30 mutants, each with a distinct name and intended requirements', () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(MUTANTS.map((mutant) => mutant.name)).size).toBe(MUTANTS.length);
    for (const mutant of MUTANTS) expect(mutant.requirements.length).toBeGreaterThan(0);
  });

  it('names, for every mutant, the contract clauses it breaks, each under one of its requirements', () => {
    const misnamed = MUTANTS.flatMap((mutant) => (mutant.clauses.length === 0 ? [`${mutant.name}: no clause`] : mutant.clauses.filter((id) => !mutant.requirements.includes(clause(id)?.requirement ?? '')).map((id) => `${mutant.name}: ${id}`)));
    expect(misnamed).toEqual([]);
  });

  for (const mutant of MUTANTS) {
    it(`${mutant.name} (${mutant.requirements.join(', ')}) is NOT CONFORMANT`, async () => {
      const report = await runConformance(mutant.adapter);
      expect(report.verdict).toBe('NOT CONFORMANT');
      // A divergence alone does not count: the failing check must be tagged with an intended
      // requirement, and be a finding, not the adapter breaking the protocol.
      const caught = report.failures.filter((failure) => mutant.requirements.includes(failure.requirement) && !failure.adapter);
      expect(caught.map((failure) => failure.check), `failing checks: ${report.failures.map((failure) => failure.check).join(', ')}`).not.toEqual([]);
    }, 90_000);
  }
});
