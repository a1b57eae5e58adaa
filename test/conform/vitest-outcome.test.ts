/**
 * What each test of conformanceSuite does with the run's report: pass, skip with a note, or fail
 * with the message a user reads (the suites themselves run in test/conform/vitest-*.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../properties/report/conformance-report.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { outsideOutcome, requirementOutcome, staleOutcome } from '../../src/vitest/requirement-outcome.js';
import { MUTANTS } from '../mutants/mutants.js';
import { notFoundAsInvalid } from './_support/with-overrides.js';

const mintsOwnId = MUTANTS.find((mutant) => mutant.name === 'create-mints-own-id');

describe('requirementOutcome', () => {
  it('passes a passing requirement, skips STATIC with its note, fails what the run did not report', async () => {
    const report = await runConformance(referenceAdapter(), { runs: 0, requirements: ['AIK-ID'] });
    expect(requirementOutcome(report, 'AIK-ID-001')).toEqual({ pass: true });
    expect(requirementOutcome(report, 'AIK-ID-004')).toEqual({ skip: 'STATIC: decided on source code by lint / check, not by conform' });
    expect(requirementOutcome(report, 'AIK-TXN-001')).toEqual({ fail: 'AIK-TXN-001: the conformance run did not report it' });
    expect(staleOutcome(report)).toEqual({ pass: true });
    expect(outsideOutcome(report)).toEqual({ pass: true });
  });

  it('fails a failing requirement with each failing check and its counterexample (a generated one with its path)', async () => {
    if (mintsOwnId === undefined) throw new Error('the create-mints-own-id mutant is gone');
    const report = await runConformance(mintsOwnId.adapter, { seed: 5, runs: 100, requirements: ['AIK-CREATE-001', 'AIK-CREATE-002'] });
    const directed = requirementOutcome(report, 'AIK-CREATE-001');
    expect(directed).toEqual({ fail: expect.stringMatching(/^AIK-CREATE-001 FAIL\nAIK-CREATE-001\/publishes-exactly-the-given-id: [\s\S]+\n {2}counterexample \(seed 5\):\n {4}open\(\) ✓\n/) });
    const generated = report.failures.find((failure) => failure.counterexample.path !== undefined);
    if (generated === undefined) throw new Error('no generated failure at this seed');
    expect(requirementOutcome(report, generated.requirement)).toEqual({ fail: expect.stringContaining(`${generated.check}: ${generated.message.split('\n')[0]}`) });
    expect(requirementOutcome(report, generated.requirement)).toEqual({ fail: expect.stringContaining(`  counterexample (seed ${generated.counterexample.seed}, path ${generated.counterexample.path}):\n`) });
  });

  it('skips an expected failure; fails a stale one in the stale test', async () => {
    const report = await runConformance(notFoundAsInvalid, { runs: 0, requirements: ['AIK-RESUME-002', 'AIK-RESUME-003'], expectedFailures: ['AIK-RESUME-002', 'AIK-RESUME-003'] });
    expect(requirementOutcome(report, 'AIK-RESUME-002')).toEqual({ skip: 'expected failure (listed in expectedFailures)' });
    expect(staleOutcome(report)).toEqual({ fail: 'listed as expected failures but passing now: AIK-RESUME-003' });
  });

  it('fails NOT-TESTED with the reason, and in a part skips what another part decides', async () => {
    const unusable = await runConformance(() => Promise.reject(new Error('no system today')), { runs: 0, requirements: ['AIK-ID-001'] });
    expect(requirementOutcome(unusable, 'AIK-ID-001')).toEqual({ fail: 'AIK-ID-001 NOT-TESTED: adapter: the factory threw no system today' });
    const part = await runConformance(referenceAdapter(), { runs: 0, requirements: ['AIK-ID'], shard: { index: 0, count: 2 } });
    expect(requirementOutcome(part, 'AIK-ID-001', { index: 0, count: 2 })).toEqual({ pass: true });
    expect(requirementOutcome(part, 'AIK-ID-002', { index: 0, count: 2 })).toEqual({ skip: 'in another part (part 2 of 2 decides it)' });
    expect(staleOutcome(part, { index: 0, count: 2 })).toEqual({ pass: true });
  });

  it('fails the requirement of the check an error escaped in (with the step), and the outside test for the rest', async () => {
    const clean = await runConformance(referenceAdapter(), { runs: 0, requirements: ['AIK-ID'] });
    const report: ConformanceReport = {
      ...clean,
      strays: [
        { origin: 'unhandled rejection', message: 'Error: late', check: 'AIK-ID-001/one-key-everywhere', step: 'create(one, cwd=/work)' },
        { origin: 'uncaught exception', message: 'Error: at load' },
      ],
    };
    expect(requirementOutcome(report, 'AIK-ID-001')).toEqual({
      fail: 'AIK-ID-001: errors escaped adapter code during its checks\nunhandled rejection from adapter code during AIK-ID-001/one-key-everywhere (the last step started: create(one, cwd=/work)): Error: late',
    });
    expect(requirementOutcome(report, 'AIK-ID-002')).toEqual({ pass: true });
    expect(outsideOutcome(report)).toEqual({ fail: 'uncaught exception from adapter code outside any check: Error: at load' });
    const unusable = await runConformance(() => Promise.reject(new Error('no system today')), { runs: 0, requirements: ['AIK-ID-001'] });
    expect(requirementOutcome({ ...unusable, strays: [{ origin: 'uncaught exception', message: 'Error: x', check: 'AIK-ID-001/one-key-everywhere' }] }, 'AIK-ID-001')).toEqual({
      fail: 'AIK-ID-001 NOT-TESTED: adapter: the factory threw no system today\nuncaught exception from adapter code during AIK-ID-001/one-key-everywhere: Error: x',
    });
  });
});
