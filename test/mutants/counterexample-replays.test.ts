import { describe, expect, it } from 'vitest';
import { counterexampleScenario } from '../../src/cli/counterexample-scenario.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { replayScenario } from '../../scenarios/replay/replay-scenario.js';
import { MUTANTS } from './mutants.js';

/**
 * A handful of mutants whose counterexamples used not to reproduce (each at one seed, scoped to
 * the requirements it breaks, to stay cheap): every counterexample `conform --out` would write
 * must FAIL on the mutant and PASS on the reference runtime. The full matrix over all mutants
 * and several seeds is `tsx test/mutants/counterexample-replays.ts` (BENCHMARKS.md).
 */
const CASES: readonly { readonly mutant: string; readonly requirements: readonly string[]; readonly seed: number; readonly runs?: number }[] = [
  // The run's id and the wire id are both minted ids: written as handle names, with the wire id hidden.
  { mutant: 'remote-run-id-is-wire-id', requirements: ['AIK-REMOTE-001'], seed: 1 },
  // The left-over session entry shows in the live sessions after the rolled-back creation.
  { mutant: 'rollback-leaves-session-entry', requirements: ['AIK-TXN-007'], seed: 2 },
  // The run id differs from the child's agent id: the live agents differ from the handle's id.
  { mutant: 'child-mints-two-ids', requirements: ['AIK-SUB-001', 'AIK-QUIESCE-004'], seed: 3 },
  // Teardown requests that resolve early: the order of settlements.
  { mutant: 'dispose-not-memoized', requirements: ['AIK-QUIESCE-001'], seed: 4 },
  { mutant: 'shutdown-resolves-early', requirements: ['AIK-QUIESCE-005'], seed: 5 },
  // Directed failures whose scenarios replayed PASS (issue 33), their directed checks alone (runs 0):
  // a rolled-back creation's store writes (noCalls put/append),
  { mutant: 'seeded-veto-keeps-seed-record', requirements: ['AIK-TXN-004', 'AIK-DURABLE-003'], seed: 1, runs: 0 },
  { mutant: 'vetoed-resume-appends-bookkeeping', requirements: ['AIK-TXN-004'], seed: 1, runs: 0 },
  // a create of a live id reading the store (noCalls load),
  { mutant: 'live-create-reads-store', requirements: ['AIK-CREATE-002'], seed: 1, runs: 0 },
  // appended events lost by a teardown (stored, resumed log lengths),
  { mutant: 'shutdown-drops-buffered-appends', requirements: ['AIK-QUIESCE-005', 'AIK-DURABLE-002'], seed: 1, runs: 0 },
  // a listener a listen plan installs from inside a dispatch.
  { mutant: 'listener-added-in-dispatch-hears-it', requirements: ['AIK-TXN-004'], seed: 1, runs: 0 },
  // Held writes (fault effect hold, settle, until) replay too — creation-awaits-first-write (AIK-DURABLE-001),
  // dispose-abandons-slow-writes (AIK-DURABLE-002), resume-mints-new-id (AIK-TXN-001) — but each waits out
  // hang limits (20–60 s here): they are in `npm run sweep -- --replays` and the rotating slice, not in this list.
];

describe('every counterexample replays to the same failure', () => {
  for (const { mutant: name, requirements, seed, runs = 40 } of CASES) {
    it(`${name} (${requirements.join(', ')}, seed ${seed}): FAIL on the mutant, PASS on the reference runtime`, async () => {
      const mutant = MUTANTS.find((candidate) => candidate.name === name);
      if (mutant === undefined) throw new Error(`no mutant ${name}`);
      const report = await runConformance(mutant.adapter, { seed, requirements, runs });
      expect(report.failures.map((failure) => failure.check)).not.toEqual([]);
      for (const failure of report.failures) {
        const scenario = await counterexampleScenario(report, failure);
        const onMutant = await replayScenario(scenario, mutant.adapter);
        expect(onMutant.status === 'FAIL' ? onMutant.failure.requirements : `${onMutant.status} for ${failure.check}`).toEqual([failure.requirement]);
        const onReference = await replayScenario(scenario, referenceAdapter());
        expect(onReference.status === 'FAIL' ? `${failure.check}: ${onReference.failure.line}: ${onReference.failure.observed}` : onReference.status).toBe('PASS');
      }
    }, 90_000);
  }
});
