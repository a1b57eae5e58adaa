import { describe, expect, it } from 'vitest';
import { REQUIREMENTS } from '../../src/contract/requirements.js';
import { withoutTimings, type ConformanceReport } from '../../properties/report/conformance-report.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';

const PROFILES = [
  { teardown: 'scope-last', persistedCreate: 'reject-at-create' },
  { teardown: 'scope-last', persistedCreate: 'reject-at-flush' },
  { teardown: 'scope-first', persistedCreate: 'reject-at-create' },
  { teardown: 'scope-first', persistedCreate: 'reject-at-flush' },
] as const;

/** The report without its one timing field. */
function untimed(report: ConformanceReport): string {
  return JSON.stringify(withoutTimings(report));
}

describe('the reference runtime through its adapter', () => {
  for (const profiles of PROFILES) {
    it(`is CONFORMANT under ${profiles.teardown} / ${profiles.persistedCreate}`, async () => {
      const report = await runConformance(referenceAdapter({ profiles }), { runs: 25 });
      expect(report.failures).toEqual([]);
      expect(report.verdict).toBe('CONFORMANT');
      expect(report.adapter).toMatchObject({ profiles });
      for (const result of report.requirements) {
        if (result.status === 'STATIC' || result.status === 'NOT-APPLICABLE') continue;
        expect(result.status, result.id).toBe('PASS');
        // Every decided requirement has a directed check that ran, whatever the seed.
        expect(result.checks.some((check) => check.kind === 'directed' && check.runs > 0), result.id).toBe(true);
      }
      const profile = report.requirements.find((result) => result.id === 'AIK-QUIESCE-004');
      expect(profile?.note).toBe(`checked variant ${profiles.teardown}`);
    });
  }

  it('gives a byte-identical JSON report for the same seed (timings aside)', async () => {
    const first = await runConformance(referenceAdapter(), { seed: 4242, runs: 40 });
    const second = await runConformance(referenceAdapter(), { seed: 4242, runs: 40 });
    expect(untimed(second)).toBe(untimed(first));
    expect(first.seed).toBe(4242);
  });

  it('lists every requirement of the registry, STATIC ones as such', async () => {
    const report = await runConformance(referenceAdapter(), { runs: 1 });
    expect(report.requirements.map((result) => result.id)).toEqual(REQUIREMENTS.map((requirement) => requirement.id));
    expect(report.requirements.find((result) => result.id === 'AIK-ID-004')?.status).toBe('STATIC');
  });
});
