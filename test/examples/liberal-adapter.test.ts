import { describe, expect, it } from 'vitest';
import type { ConfigEntryOutcome, Outcome, System } from '../../src/contract/adapter.js';
import liberalAdapter from '../../examples/liberal/adapter.js';
import { createKitEnv } from '../../properties/env/kit-env.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { loadScenarios } from '../../scenarios/load/load-scenarios.js';
import { formatResult } from '../../scenarios/replay/format-result.js';
import { replayScenario } from '../../scenarios/replay/replay-scenario.js';

async function boot(config?: { agents: { id: string; sessionId?: string; cwd?: string }[] }) {
  const kit = createKitEnv();
  return { system: await liberalAdapter(kit.env, config === undefined ? {} : { config }), kit };
}

function handleOf(outcome: Outcome<{ readonly handle: string }>): string {
  if (!outcome.ok) throw new Error(`creation failed: ${String(outcome.error)}`);
  return outcome.handle;
}

function kindsOf(system: System, id: string): string[] {
  const session = system.sessions().find((entry) => entry.id === id);
  return session === undefined ? [] : system.history(session.token).map((event) => event.kind);
}

function entriesOf(system: System): readonly ConfigEntryOutcome[] {
  const outcome = system.configResults();
  if (!outcome.ok) throw new Error(`configuration refused: ${String(outcome.error)}`);
  return outcome.entries;
}

describe('liberal example: each freedom it takes is visible through its adapter', () => {
  it('declares the other profile variants and configHandles absent', async () => {
    const { system } = await boot();
    expect(system.profiles).toEqual({ teardown: 'scope-first', persistedCreate: 'reject-at-flush' });
    expect(system.capabilities).toMatchObject({ subagents: true, rpc: true, idSource: true, configHandles: false, contextDispose: false });
  });

  it('writes lazily: nothing for a session that never appended, the record with its first turn', async () => {
    const { system, kit } = await boot();
    const quiet = handleOf(await system.create({ sessionId: 'quiet' }));
    const busy = handleOf(await system.create({ sessionId: 'busy', meta: { cwd: '/w' } }));
    expect(await kit.store?.peek('busy')).toBeUndefined();
    expect(await system.prompt(busy)).toEqual({ ok: true });
    expect(await system.dispose(quiet)).toEqual({ ok: true });
    expect(await system.dispose(busy)).toEqual({ ok: true });
    expect(await kit.store?.peek('quiet')).toBeUndefined();
    expect((await kit.store?.peek('busy'))?.events.map((event) => event.kind)).toEqual(['user', 'assistant', 'turn-end']);
    expect((await system.create({ sessionId: 'quiet' })).ok).toBe(true);
  });

  it('appends bookkeeping on seed and on resume, without session/event for it; history stays a prefix', async () => {
    const { system, kit } = await boot();
    system.listen({ name: 'appends', event: 'session/event', action: 'record' });
    const seed = kit.env.seed(1);
    const handle = handleOf(await system.create({ sessionId: 'log', seed }));
    expect(kindsOf(system, 'log')).toEqual(['user', 'assistant', 'turn-end', 'seed-end']);
    expect(await system.prompt(handle)).toEqual({ ok: true });
    const heard = system.events().filter((event) => event.listener === 'appends').map((event) => event.event?.seq);
    expect(heard).toEqual([4, 5, 6]);
    const before = kindsOf(system, 'log');
    expect((await system.restart({})).ok).toBe(true);
    handleOf(await system.resume({ resumeSessionId: 'log' }));
    expect(kindsOf(system, 'log')).toEqual([...before, 'resumed']);
  });

  it('lists its registries in a different order on consecutive calls (the same set)', async () => {
    const { system } = await boot();
    for (const id of ['a', 'b', 'c']) handleOf(await system.create({ sessionId: id }));
    const first = system.agents().map((entry) => entry.id);
    const second = system.agents().map((entry) => entry.id);
    expect(first).not.toEqual(second);
    expect([...first].sort()).toEqual([...second].sort());
    expect(system.sessions().map((entry) => entry.id)).not.toEqual(system.sessions().map((entry) => entry.id));
  });

  it('mints run ids of its own, unique across a restart; the child id is the id source output', async () => {
    const { system, kit } = await boot();
    const parent = handleOf(await system.create({ sessionId: 'p' }));
    const first = await system.spawn(parent, { mode: 'spawn' });
    if (!first.ok) throw new Error(String(first.error));
    expect(first.id).toBe(kit.minted.at(-1));
    expect(kit.minted).not.toContain(first.runId);
    expect(await system.prompt(parent)).toEqual({ ok: true });
    expect((await system.restart({})).ok).toBe(true);
    const again = handleOf(await system.resume({ resumeSessionId: 'p' }));
    const second = await system.spawn(again, { mode: 'fork' });
    if (!second.ok) throw new Error(String(second.error));
    expect(second.runId).not.toBe(first.runId);
    expect(second.runId).not.toBe(second.id);
  });

  it('starts fresh configured agents under the id source output as is, and gives them no handle', async () => {
    const { system, kit } = await boot({ agents: [{ id: 'main' }, { id: 'main', sessionId: 'exact' }] });
    const entries = entriesOf(system);
    expect(entries.map((entry) => entry.ok)).toEqual([true, true]);
    expect(entries[0]).toEqual({ label: 'main', ok: true, id: kit.minted[0] });
    expect(entries[1]).toEqual({ label: 'main', ok: true, id: 'exact' });
    expect(system.getAgent(kit.minted[0]!)).toBeDefined();
  });

  it('AIK-TXN-007: a shutdown requested during a child’s publication rejects that child (inactive) after its rollback', async () => {
    const { system } = await boot();
    const parent = handleOf(await system.create({ sessionId: 'p' }));
    system.listen({ name: 'stop', event: 'session/created', action: 'shutdown' });
    const child = await system.spawn(parent, { mode: 'spawn' });
    expect(child.ok).toBe(false);
    if (!child.ok) expect(system.classifyError(child.error, { op: 'spawn' })).toBe('inactive');
    const edges = system.events().filter((event) => event.listener === 'recorder' && event.id !== 'p').map((event) => event.type);
    expect(edges).toEqual(['session/created', 'session/disposed']);
  });

  it('a creation stopped while waiting for its turn at the slow store makes no store call afterwards', async () => {
    const { system, kit } = await boot();
    const pending = system.create({ sessionId: 'late' });
    expect(await system.shutdown()).toEqual({ ok: true });
    const outcome = await pending;
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(system.classifyError(outcome.error, { op: 'create' })).toBe('inactive');
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(kit.store?.calls.filter((call) => call.id === 'late')).toEqual([]);
  });

  it('stores header fields last-to-first and classifies its own error classes', async () => {
    const { system } = await boot();
    handleOf(await system.create({ sessionId: 'h', meta: { cwd: '/w', delegationDepth: 0 } }));
    expect(Object.keys(system.sessions()[0]!.header)).toEqual(['delegationDepth', 'cwd', 'createdAt', 'id']);
    const conflict = await system.create({ sessionId: 'h' });
    const missing = await system.resume({ resumeSessionId: 'never' });
    const invalid = await system.create({ sessionId: '' });
    for (const [outcome, code] of [[conflict, 'conflict'], [missing, 'not-found'], [invalid, 'invalid']] as const) {
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(system.classifyError(outcome.error, { op: 'create' })).toBe(code);
    }
  });
});

describe('liberal example: a conforming implementation the kit must accept (red while the kit takes the reference’s choices for rules)', () => {
  it('is CONFORMANT under the default run', async () => {
    const report = await runConformance(liberalAdapter);
    expect(report.failures.map((failure) => `${failure.check}: ${failure.message}`)).toEqual([]);
    expect(report.summary['NOT-TESTED']).toBe(0);
    expect(report.verdict).toBe('CONFORMANT');
  });

  it('passes every scenario of the corpus that applies to it', async () => {
    const problems: string[] = [];
    let ran = 0;
    for (const { file, scenario } of loadScenarios(['scenarios'])) {
      const result = await replayScenario(scenario, liberalAdapter);
      if (result.status === 'SKIP') continue;
      ran += 1;
      if (result.status === 'FAIL') problems.push(formatResult(file, scenario, result));
    }
    expect(problems).toEqual([]);
    expect(ran).toBeGreaterThan(0);
  });
});
