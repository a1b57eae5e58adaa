import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { materializingAtFirstAppend } from './_support/benign.js';
import { roundTrip } from './_support/round-trip.js';
import agentDisposedDuringTurn from './agent-disposed-during-turn.js';
import bridgeFollowsASameIdLoser from './bridge-follows-a-same-id-loser.js';
import seededEventsFireSessionEvent from './seeded-events-fire-session-event.js';

/**
 * The mutants whose counterexamples had no scenario form (issue 33): an agent/disposed heard while
 * the turn ran (`afterTurns`), a bridge that stops serving the winner once a same-id creation lost
 * (`bridgeOpen` as a step, `bridge`), session/event fired for seeded history (`sessionEvents`).
 * Each of their counterexamples must FAIL on the mutant at the failure's requirement and clause,
 * and PASS on the reference runtime and on a lazily persisting one.
 */
describe('counterexamples of the mutants that had no scenario form', () => {
  for (const mutant of [agentDisposedDuringTurn, bridgeFollowsASameIdLoser, seededEventsFireSessionEvent]) {
    it(`${mutant.name}: every counterexample replays FAIL on it, at its clause, and PASS on conforming systems`, async () => {
      const report = await runConformance(mutant.adapter, { requirements: mutant.requirements });
      expect(report.failures).not.toEqual([]);
      const trip = await roundTrip(report, mutant.adapter, [
        { name: 'the reference runtime', factory: referenceAdapter() },
        { name: 'materializing at first append', factory: materializingAtFirstAppend(referenceAdapter()) },
      ]);
      expect(trip.misses).toEqual([]);
      expect(trip.reproduced).toBe(trip.written);
    }, 120_000);
  }
});
