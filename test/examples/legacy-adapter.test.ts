import { describe, expect, it } from 'vitest';
import legacyAdapter from '../../examples/legacy/adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { createKitEnv } from '../../properties/env/kit-env.js';

describe('legacy two-id example adapter', () => {
  it('breaks AIK-ID-001 as translated: the agent is filed under a minted agent id, not the session id', async () => {
    const system = await legacyAdapter(createKitEnv().env, {});
    const outcome = await system.create({ sessionId: 's1' });
    expect(outcome.ok).toBe(true);
    const [entry] = system.agents();
    expect(entry?.session.id).toBe('s1');
    expect(entry?.id).not.toBe('s1');
    expect(system.getAgent('s1')).toBeUndefined();
  });

  it('breaks AIK-CONFIG-001 as translated: a configured agent is keyed by its label', async () => {
    const system = await legacyAdapter(createKitEnv().env, { config: { agents: [{ id: 'main' }] } });
    const config = system.configResults();
    expect(config).toMatchObject({ ok: true, entries: [{ label: 'main', ok: true, id: 'main' }] });
    expect(system.getAgent('main')).toBeDefined();
  });
});

describe('legacy two-id example under the conformance run', () => {
  it('is NOT CONFORMANT, failing AIK-ID-001 with a finding (not an adapter failure)', async () => {
    const report = await runConformance(legacyAdapter, { timeoutMs: 200 });
    expect(report.verdict).toBe('NOT CONFORMANT');
    const identity = report.failures.filter((failure) => failure.requirement === 'AIK-ID-001' && !failure.adapter);
    expect(identity.map((failure) => failure.check)).toContain('AIK-ID-001/one-key-everywhere');
    expect(report.requirements.find((result) => result.id === 'AIK-ID-001')?.status).toBe('FAIL');
  });
});
