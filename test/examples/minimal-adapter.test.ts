import { describe, expect, it } from 'vitest';
import minimalAdapter from '../../examples/minimal/adapter.js';
import skeletonAdapter from '../../examples/skeleton/adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';

describe('the init skeleton, as written', () => {
  it('reaches a verdict with every requirement it cannot test naming the operation it needs', async () => {
    const report = await runConformance(skeletonAdapter, { runs: 10, timeoutMs: 200 });
    expect(report.verdict).toBe('NOT CONFORMANT');
    expect(report.summary.PASS).toBe(0);
    expect(report.requirements.find((result) => result.id === 'AIK-CREATE-001')).toMatchObject({ status: 'NOT-TESTED', note: 'needs create; the adapter reports it unsupported' });
    expect(report.requirements.find((result) => result.id === 'AIK-CONFIG-003')).toMatchObject({ status: 'NOT-TESTED', note: 'needs config; the adapter reports it unsupported' });
    expect(report.requirements.filter((result) => result.tier === 'CAP').every((result) => result.status === 'NOT-APPLICABLE')).toBe(true);
  });
});

describe('the minimal example (bare-code failures, no owners, signal, scoped listeners or configuration)', () => {
  it('passes what the host does, and names what it lacks instead of failing on it', async () => {
    const report = await runConformance(minimalAdapter, { runs: 20, timeoutMs: 200 });
    const status = (id: string) => report.requirements.find((result) => result.id === id);
    expect(report.verdict).toBe('NOT CONFORMANT');
    // Bare string codes are classified: a live id conflicts, an unknown one is not found.
    expect(status('AIK-CONFLICT-001')?.status).toBe('PASS');
    expect(status('AIK-RESUME-002')?.status).toBe('PASS');
    expect(status('AIK-TXN-005')).toMatchObject({ status: 'NOT-TESTED', note: 'needs abort signal; the adapter reports it unsupported' });
    expect(status('AIK-EVENT-004')).toMatchObject({ status: 'NOT-TESTED', note: 'needs scoped listeners; the adapter reports it unsupported' });
    // A listener's veto is a genuine gap of the host: a finding, not an adapter failure.
    expect(report.failures.find((failure) => failure.check === 'AIK-TXN-004/listener-veto')).toMatchObject({ adapter: false });
  });
});
