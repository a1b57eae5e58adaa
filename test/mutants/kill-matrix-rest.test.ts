import { describe } from 'vitest';
import { killMatrixRuns } from './_support/kill-matrix-runs.js';
import { MUTANTS } from './mutants.js';

describe('kill matrix, second half: every mutant is caught by a check tagged with its intended requirement', () => {
  killMatrixRuns(MUTANTS.slice(Math.ceil(MUTANTS.length / 2)));
});
