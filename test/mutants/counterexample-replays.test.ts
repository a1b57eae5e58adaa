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
const CASES: readonly { readonly mutant: string; readonly requirements: readonly string[]; readonly seed: number }[] = [
  // The run's id and the wire id are both minted ids: written as handle names, with the wire id hidden.
  { mutant: 'remote-run-id-is-wire-id', requirements: ['AIK-REMOTE-001'], seed: 1 },
  // The left-over session entry shows in the live sessions after the rolled-back creation.
  { mutant: 'rollback-leaves-session-entry', requirements: ['AIK-TXN-007'], seed: 2 },
  // The run id differs from the child's agent id: the live agents differ from the handle's id.
  { mutant: 'child-mints-two-ids', requirements: ['AIK-SUB-001', 'AIK-QUIESCE-004'], seed: 3 },
  // Teardown requests that resolve early: the order of settlements.
  { mutant: 'dispose-not-memoized', requirements: ['AIK-QUIESCE-001'], seed: 4 },
  { mutant: 'shutdown-resolves-early', requirements: ['AIK-QUIESCE-005'], seed: 5 },
];

describe('every counterexample replays to the same failure', () => {
  for (const { mutant: name, requirements, seed } of CASES) {
    it(`${name} (${requirements.join(', ')}, seed ${seed}): FAIL on the mutant, PASS on the reference runtime`, async () => {
      const mutant = MUTANTS.find((candidate) => candidate.name === name);
      if (mutant === undefined) throw new Error(`no mutant ${name}`);
      const report = await runConformance(mutant.adapter, { seed, requirements, runs: 40 });
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
