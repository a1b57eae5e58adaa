import { withoutTimings } from '../../properties/report/conformance-report.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AdapterFactory, Capabilities, System } from '../../src/contract/adapter.js';
import { modelCommands } from '../../properties/model/commands.js';
import { Limits } from '../../properties/runner/limits.js';
import { runGenerated } from '../../properties/model/run-generated.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';

const DECLARED = {
  capabilities: { subagents: true, remote: true, bridge: true, rpc: true, consumers: true, contextDispose: true, idSource: true, clock: true, configHandles: true } satisfies Capabilities,
  profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' },
} as const;

/** Enough generated runs (of at most one remote run each) to reach spawnRemote on a published parent. */
const GENERATED = { seed: 202611, runs: 40, limits: new Limits(1000), inScope: () => true } as const;

/** The reference adapter, except that a remote run reports the ACP child's wire-local session id as its id. */
const wireIdAsRunId: AdapterFactory = async (env, options) => {
  const inner = await referenceAdapter()(env, options);
  const args = env.remote?.args ?? [];
  const wireId = args[args.indexOf('--wire-id') + 1] ?? '';
  const spawnRemote: System['spawnRemote'] = async (parent, input) => {
    const run = await inner.spawnRemote(parent, input);
    return run.ok ? { ...run, id: wireId } : run;
  };
  return new Proxy(inner, {
    get(target, key) {
      if (key === 'spawnRemote') return spawnRemote;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
};

/** The reference adapter whose every operation of `ops` fails: a throw, a hang or garbage in turn. */
const failingOperations = (ops: readonly string[]): AdapterFactory => async (env, options) => {
  const inner = await referenceAdapter()(env, options);
  let calls = 0;
  const failing = (): Promise<never> => {
    calls += 1;
    if (calls % 3 === 0) return new Promise(() => undefined);
    if (calls % 3 === 1) return Promise.reject(new Error('adapter broke'));
    return Promise.resolve('garbage' as never);
  };
  return new Proxy(inner, {
    get(target, key) {
      if (typeof key === 'string' && ops.includes(key)) return failing;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
};

describe('generated runs', () => {
  it("leave no promise unobserved when the implementation's operations throw, hang or answer garbage", async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      const { failures } = await runGenerated(failingOperations(['spawnRemote', 'dispose', 'flush', 'resume']), DECLARED, { ...GENERATED, runs: 30, limits: new Limits(50) });
      expect(failures.length).toBeGreaterThan(0);
      // Let any late rejection surface before looking.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off('unhandledRejection', note);
    }
    expect(unhandled).toEqual([]);
  }, 120_000);

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

  it('only offer spawnRemote when remote is declared', () => {
    const lines = (capabilities: Capabilities) => fc.sample(fc.commands(modelCommands({ ...DECLARED, capabilities }), { maxCommands: 20 }), { seed: 1, numRuns: 30 }).flatMap((commands) => [...commands].map(String));
    expect(lines({ ...DECLARED.capabilities, remote: false }).some((line) => line.startsWith('spawnRemote('))).toBe(false);
    expect(lines(DECLARED.capabilities).some((line) => line.startsWith('spawnRemote('))).toBe(true);
  });

  it('run spawnRemote against the reference runtime and check its run under AIK-REMOTE-001 and AIK-RPC-001, with no failure', async () => {
    const { tallies, failures } = await runGenerated(referenceAdapter(), DECLARED, GENERATED);
    expect(failures).toEqual([]);
    const runs = (id: string) => tallies.find((tally) => tally.id === id)?.runs ?? 0;
    // Counted only once a spawnRemote succeeded on both systems.
    expect(runs('AIK-REMOTE-001/generated-parent-minted')).toBeGreaterThan(0);
    expect(runs('AIK-REMOTE-001/generated-not-registered')).toBeGreaterThan(0);
    expect(runs('AIK-RPC-001/generated-remote-run-id')).toBeGreaterThan(0);
    expect(runs('AIK-RPC-001/generated-remote-events')).toBeGreaterThan(0);
  });

  it('catch an adapter that reports the wire-local session id as the remote run id (AIK-REMOTE-001), through spawnRemote', async () => {
    const { failures } = await runGenerated(wireIdAsRunId, DECLARED, GENERATED);
    expect(failures).toHaveLength(1);
    const [failure] = failures;
    expect(failure?.requirement).toBe('AIK-REMOTE-001');
    expect(failure?.check).toMatch(/^AIK-REMOTE-001\/generated-/);
    expect(failure?.counterexample?.commands.some((line) => line.startsWith('spawnRemote('))).toBe(true);
  });

  it('same seed, same report, for any seed (a property of the runner itself)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), async (seed) => {
        const options = { seed, runs: 8, requirements: ['AIK-CONFLICT', 'AIK-EVENT', 'AIK-TXN-003'] };
        const [first, second] = [await runConformance(referenceAdapter(), options), await runConformance(referenceAdapter(), options)];
        expect(JSON.stringify(withoutTimings(second))).toBe(JSON.stringify(withoutTimings(first)));
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
