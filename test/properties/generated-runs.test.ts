import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Capabilities } from '../../src/contract/adapter.js';
import { modelCommands } from '../../properties/model/commands.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';

const DECLARED = {
  capabilities: { subagents: true, remote: true, bridge: true, rpc: true, consumers: true, contextDispose: true, idSource: true, clock: true } satisfies Capabilities,
  profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' },
} as const;

describe('generated runs', () => {
  it('generate the same commands for the same seed (a change in generation shows in review)', () => {
    const sample = fc.sample(fc.commands(modelCommands(DECLARED), { maxCommands: 6 }), { seed: 202611, numRuns: 4 });
    expect(sample.map((commands) => [...commands].map(String))).toMatchSnapshot();
  });

  it('only offer spawn and fork when subagents are declared', () => {
    const without = { ...DECLARED, capabilities: { ...DECLARED.capabilities, subagents: false } };
    const lines = fc.sample(fc.commands(modelCommands(without), { maxCommands: 20 }), { seed: 1, numRuns: 30 }).flatMap((commands) => [...commands].map(String));
    expect(lines.some((line) => /^(spawn|fork)\(/.test(line))).toBe(false);
    const withSub = fc.sample(fc.commands(modelCommands(DECLARED), { maxCommands: 20 }), { seed: 1, numRuns: 30 }).flatMap((commands) => [...commands].map(String));
    expect(withSub.some((line) => /^(spawn|fork)\(/.test(line))).toBe(true);
  });

  it('same seed, same report, for any seed (a property of the runner itself)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), async (seed) => {
        const options = { seed, runs: 8, requirements: ['AIK-CONFLICT', 'AIK-EVENT', 'AIK-TXN-003'] };
        const [first, second] = [await runConformance(referenceAdapter(), options), await runConformance(referenceAdapter(), options)];
        expect(JSON.stringify({ ...second, durationMs: 0 })).toBe(JSON.stringify({ ...first, durationMs: 0 }));
        expect(first.verdict).toBe('CONFORMANT');
      }),
      { numRuns: 3, seed: 11 },
    );
  });

  it('every generated check counts its runs under a requirement id that exists', async () => {
    const report = await runConformance(referenceAdapter(), { runs: 20 });
    const generated = report.requirements.flatMap((result) => result.checks.filter((check) => check.kind === 'generated').map((check) => ({ requirement: result.id, check })));
    expect(generated.length).toBeGreaterThan(10);
    for (const { requirement, check } of generated) {
      expect(check.id.startsWith(`${requirement}/generated-`)).toBe(true);
      expect(check.runs).toBeGreaterThan(0);
    }
  });
});
