import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { MUTANTS } from './mutants.js';
import { roundTrip } from './_support/round-trip.js';

/**
 * The round trip `conform --out` then `replay` over the kill matrix, a rotating slice of it: each
 * day two mutants, derived from the date and printed, so the whole matrix comes round every
 * ⌈mutants / 2⌉ days (the whole of it at once would add minutes to `npm test`; it is
 * `npm run sweep -- --replays`). Every failure of the mutant's default run becomes a
 * counterexample scenario, which must FAIL when replayed on the mutant at the failure's
 * requirement and clause, and PASS on the reference runtime.
 */
const SLICE = 2;
const day = Math.floor(Date.now() / 86_400_000);
const slice = Array.from({ length: SLICE }, (_, index) => MUTANTS[(day * SLICE + index) % MUTANTS.length]).flatMap((mutant) => (mutant === undefined ? [] : [mutant]));
const names = slice.map((mutant) => mutant.name).join(',');

describe(`counterexample round trip, today's slice (rerun the whole matrix: npm run sweep -- --replays --seeds 1 --from 202611; today's: --mutants ${names})`, () => {
  for (const mutant of slice) {
    it(`${mutant.name}: every counterexample FAILs on the mutant at its failure's requirement and clause, and PASSes on the reference runtime`, async () => {
      const report = await runConformance(mutant.adapter);
      expect(report.failures).not.toEqual([]);
      const trip = await roundTrip(report, mutant.adapter, [{ name: 'the reference runtime', factory: referenceAdapter() }]);
      expect(trip.misses).toEqual([]);
      expect(trip.reproduced).toBe(trip.written);
    }, 600_000);
  }
});
