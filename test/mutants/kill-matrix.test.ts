import { describe, expect, it } from 'vitest';
import { clause } from '../../src/contract/clauses.js';
import { killMatrixRuns } from './_support/kill-matrix-runs.js';
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

  // The mutants' runs: the first half here, the second in kill-matrix-rest.test.ts, so vitest runs the halves side by side.
  killMatrixRuns(MUTANTS.slice(0, Math.ceil(MUTANTS.length / 2)));
});
