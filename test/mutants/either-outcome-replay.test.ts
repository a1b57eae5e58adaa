import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { counterexampleScenario } from '../../src/cli/counterexample-scenario.js';
import type { Scenario } from '../../src/contract/scenario.js';
import { replayScenario } from '../../scenarios/replay/replay-scenario.js';
import { materializingAtFirstAppend, persistingLazily } from './_support/benign.js';
import agentDisposedDuringTurn from './agent-disposed-during-turn.js';

/**
 * A counterexample whose create goes over an id that was created and disposed without appending an
 * event: the contract (§2 "Durable store", AIK-DURABLE-001) lets that id be persisted or not, so the
 * create may be `ok` or refused `conflict`, and the kit's check goes back through a resume only
 * when it was refused. The scenario must say "either" there: it replays PASS on the lazily
 * persisting variants, and still FAILs on the mutant it came from, at the failure's clause.
 */
describe('a counterexample over a maybe-persisted id', () => {
  it('writes the create as either ok or conflict, the resume as the way back when refused, and replays PASS on lazy variants and FAIL on the mutant', async () => {
    const report = await runConformance(agentDisposedDuringTurn.adapter, { requirements: ['AIK-DETACH-001'] });
    const failure = report.failures.find((entry) => entry.check === 'AIK-DETACH-001/idempotent-and-stale-safe');
    expect(failure, report.failures.map((entry) => entry.check).join(', ')).toBeDefined();
    if (failure === undefined) return;
    const scenario: Scenario = await counterexampleScenario(report, failure);
    const either = scenario.steps.findIndex((step) => step.op === 'create' && typeof step.expect === 'object' && 'oneOf' in step.expect);
    expect(either, JSON.stringify(scenario.steps.map((step) => [step.op, step.expect]))).toBeGreaterThan(0);
    expect(scenario.steps[either]?.expect).toEqual({ oneOf: [{ reject: 'conflict' }, 'ok'] });
    const wayBack = scenario.steps[either + 1];
    expect(wayBack?.op).toBe('resume');
    expect(wayBack?.when).toEqual({ call: scenario.steps[either]?.name, expect: { reject: 'conflict' } });
    for (const lazy of [persistingLazily, materializingAtFirstAppend]) {
      const replayed = await replayScenario(scenario, lazy(referenceAdapter()));
      expect(replayed.status === 'FAIL' ? `${replayed.failure.line}: expected ${replayed.failure.expected}, observed ${replayed.failure.observed}` : replayed.status).toBe('PASS');
    }
    expect((await replayScenario(scenario, referenceAdapter())).status).toBe('PASS');
    const onMutant = await replayScenario(scenario, agentDisposedDuringTurn.adapter);
    expect(onMutant.status).toBe('FAIL');
    if (onMutant.status !== 'FAIL') return;
    // It fails after the either step (the mutant's defect is in the dispose that follows), at the failure's clause.
    expect(onMutant.failure.step).toBeGreaterThan(either);
    expect(onMutant.failure.clauses).toEqual(failure.clauses);
  }, 120_000);
});
