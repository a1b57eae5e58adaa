import { describe, expect, it } from 'vitest';
import { createMemoryStore, createRuntime, isRuntimeError, type ConfigEntryResult } from '../../src/runtime/index.js';
import { counterIds, deferred, lines, rejection, settle, spyStore, testRuntime } from './_support.js';

function summary(results: readonly ConfigEntryResult[]): string[] {
  return results.map((result) => (result.ok ? `${result.label} → ${result.id}` : `${result.label} ✗ ${String((result.error as { code?: string }).code ?? result.error)}`));
}

describe('config-driven start', () => {
  it('AIK-CONFIG-001: a fresh start publishes a minted id that is not the label, not live, not persisted, new on every start', async () => {
    const store = createMemoryStore();
    const ids = counterIds();
    const config = { agents: [{ id: 'coder' }, { id: 'coder' }] };
    const first = createRuntime({ store, ids, config, log: () => undefined });
    const results = await first.start();
    expect(summary(results)).toEqual(['coder → coder-session-m1', 'coder → coder-session-m2']);
    expect(first.getAgent('coder')).toBeUndefined();
    expect(await store.load('coder')).toBeUndefined();
    const second = await first.restart();
    const again = await second.start();
    expect(summary(again)).toEqual(['coder → coder-session-m3', 'coder → coder-session-m4']);
    expect(second.start()).toBe(second.start());
  });

  it('AIK-CONFIG-002: an invalid configuration is refused as a whole before any entry starts', () => {
    const bad: unknown[] = [
      { agents: [{ id: '' }] },
      { agents: [{ id: 'a' }, { id: 'b', cwd: 'relative' }] },
      { agents: [{ id: 'a', sessionId: 'x', resumeSessionId: 'y' }] },
      { agents: [{ id: 'a', sessionId: '' }] },
      { agents: [{ id: 'a', sessionId: 'x' }, { id: 'b', resumeSessionId: 'x' }] },
      { agents: [{ id: 'a', agentId: 'x' }] },
      { agents: [null] },
      { agents: 'all' },
      null,
    ];
    for (const config of bad) {
      const ids = counterIds();
      let threw: unknown;
      try {
        createRuntime({ config: config as never, ids });
      } catch (error) {
        threw = error;
      }
      expect(isRuntimeError(threw, 'invalid'), JSON.stringify(config)).toBe(true);
      expect(ids()).toBe('m1');
    }
    expect(() => createRuntime({ config: { agents: [{ id: 'a', sessionId: 'x' }, { id: 'b', resumeSessionId: 'x' }] } })).toThrow(/config\.agents\[1\]\.resumeSessionId "x" is already used by config\.agents\[0\]/);
  });

  it('AIK-CONFIG-003: an exact sessionId is resume-or-create under that id across a durable restart', async () => {
    const store = createMemoryStore();
    const config = { agents: [{ id: 'ui', sessionId: 'exact', cwd: '/first' }] };
    const first = createRuntime({ store, config, log: () => undefined });
    const [created] = await first.start();
    if (!created?.ok) throw new Error('expected the first start to create');
    await created.handle.prompt();
    const history = created.handle.agent.session.events;
    const second = await first.restart({ config: { agents: [{ id: 'ui', sessionId: 'exact', cwd: '/ignored' }] } });
    const [resumed] = await second.start();
    if (!resumed?.ok) throw new Error('expected the restart to resume');
    expect(resumed.id).toBe('exact');
    expect(resumed.handle.agent.session.events).toEqual(history);
    expect(resumed.handle.agent.session.header.cwd).toBe('/first');
    // Without a store nothing is persisted: the exact id is created.
    const volatile = createRuntime({ config, log: () => undefined });
    expect(summary(await volatile.start())).toEqual(['ui → exact']);
  });

  it('AIK-CONFIG-004: per-entry failures are contained and returned in order; other entries are unaffected', async () => {
    const storeFailure = new Error('store down');
    const { store, base } = spyStore({ load: (id, next) => (id === 'broken' ? Promise.reject(storeFailure) : next()) });
    await base.put({ header: { id: 'kept', createdAt: 5, cwd: '/stored' }, events: [] });
    const runtime = createRuntime({
      store,
      ids: counterIds(),
      log: () => undefined,
      config: { agents: [{ id: 'a', resumeSessionId: 'missing' }, { id: 'b', sessionId: 'broken' }, { id: 'c', resumeSessionId: 'kept', cwd: '/ignored' }, { id: 'd' }] },
    });
    const results = await runtime.start();
    expect(summary(results)).toEqual(['a ✗ not-found', 'b ✗ Error: store down', 'c → kept', 'd → d-session-m1']);
    expect(runtime.getSession('missing')).toBeUndefined();
    expect(runtime.getSession('broken')).toBeUndefined();
    expect(runtime.getSession('kept')?.header.cwd).toBe('/stored');
    // A live exact id is the entry's conflict, not a create.
    const next = createRuntime({ store, log: () => undefined, config: { agents: [{ id: 'x', sessionId: 'kept' }] } });
    await next.create({ sessionId: 'kept2' });
    const live = await next.resume({ resumeSessionId: 'kept' });
    expect(summary(await next.start())).toEqual(['x ✗ conflict']);
    expect(next.getAgent('kept')).toBe(live.agent);
  });
});

describe('in-process subagents', () => {
  it('runs a spawn\'s setup on the child\'s context while it is private, and honours its signal', async () => {
    const { runtime } = testRuntime({ ids: counterIds('kid-') });
    const parent = await runtime.create({ sessionId: 'p' });
    let seenLive: unknown = 'not run';
    const run = await parent.agent.context.spawn({ setup: async () => void (seenLive = runtime.getAgent('kid-1')) });
    expect(seenLive).toBeUndefined();
    expect(runtime.getAgent(run.id)).toBe(run.handle.agent);
    const reason = new Error('caller gave up');
    await expect(parent.agent.context.spawn({ signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });

  it('AIK-SUB-001: run id = child agent id = child session id, exactly one id minted (the source’s next output)', async () => {
    let minted = 0;
    const { runtime, heard } = testRuntime({ ids: () => `child-${(minted += 1)}` });
    const parent = await runtime.create({ sessionId: 'p' });
    const run = await parent.agent.context.spawn();
    expect(minted).toBe(1);
    expect(run.id).toBe('child-1');
    expect(run.handle.id).toBe('child-1');
    expect(runtime.getAgent('child-1')).toBe(run.handle.agent);
    expect(runtime.getSession('child-1')).toBe(run.handle.agent.session);
    expect(run.runId).not.toBe(run.id);
    const start = heard.find(({ type }) => type === 'subagent/start');
    expect(start?.payload).toEqual({ parent: parent.agent, runId: run.runId, provider: 'in-process', id: 'child-1', local: true });
  });

  it('AIK-SUB-002: lineage — parentSession, inherited cwd, fork prefix and seedLength, depth + 1, monotone across resume, maxDepth before minting', async () => {
    let minted = 0;
    const { runtime } = testRuntime({ maxDepth: 2, ids: () => `c${(minted += 1)}` });
    const parent = await runtime.create({ sessionId: 'p', meta: { cwd: '/work' } });
    await parent.prompt();
    const forked = await parent.agent.context.fork();
    expect(forked.handle.agent.session.header).toEqual({ id: 'c1', createdAt: 1_700_000_000_000, cwd: '/work', parentSession: 'p', delegationDepth: 1, seedLength: 3 });
    expect(forked.handle.agent.session.events.map((event) => event.kind)).toEqual(['user', 'assistant', 'turn-end']);
    const spawned = await parent.agent.context.spawn();
    expect('seedLength' in spawned.handle.agent.session.header).toBe(false);
    // A fork of a parent with no completed turn seeds an empty prefix: seedLength 0.
    const fresh = await runtime.create({ sessionId: 'fresh' });
    const emptyFork = await fresh.agent.context.fork();
    expect(emptyFork.handle.agent.session.header.seedLength).toBe(0);
    expect(emptyFork.handle.agent.session.header.delegationDepth).toBe(1);
    expect('cwd' in emptyFork.handle.agent.session.header).toBe(false);
    // Depth 2 is allowed; depth 3 exceeds maxDepth 2 and is refused before minting.
    const grandchild = await forked.handle.agent.context.spawn();
    expect(grandchild.handle.agent.session.header.delegationDepth).toBe(2);
    const before = minted;
    expect(isRuntimeError(await rejection(grandchild.handle.agent.context.spawn()), 'invalid')).toBe(true);
    expect(minted).toBe(before);
    // A resumed agent keeps its stored depth: its children go one deeper.
    await grandchild.handle.dispose();
    const resumed = await runtime.resume({ resumeSessionId: grandchild.id });
    expect(resumed.agent.session.header.delegationDepth).toBe(2);
    expect(isRuntimeError(await rejection(resumed.agent.context.fork()), 'invalid')).toBe(true);
  });

  it('AIK-SUB-003: a rejected child creation leaves nothing and no run events; only a published, non-disposing parent spawns', async () => {
    const { runtime, heard } = testRuntime();
    const parent = await runtime.create({ sessionId: 'p' });
    const failure = new Error('child setup failed');
    expect(await rejection(parent.agent.context.spawn({ setup: () => Promise.reject(failure) }))).toBe(failure);
    expect(runtime.listAgents().map((agent) => agent.id)).toEqual(['p']);
    expect(lines(heard).filter((line) => line.startsWith('subagent/'))).toEqual([]);
    let spawnInSetup: unknown;
    await runtime.create({
      sessionId: 'q',
      setup: async (context) => {
        spawnInSetup = await rejection(context.spawn());
      },
    });
    expect(isRuntimeError(spawnInSetup, 'inactive')).toBe(true);
    let spawnWhileDisposing: Promise<unknown> | undefined;
    parent.agent.context.defer(() => {
      spawnWhileDisposing = rejection(parent.agent.context.fork());
    });
    await parent.dispose();
    expect(isRuntimeError(await spawnWhileDisposing, 'inactive')).toBe(true);
    expect(isRuntimeError(await rejection(parent.agent.context.spawn()), 'inactive')).toBe(true);
  });

  it('§3 unspecified: a parent\'s scope hears its children\'s subagent/end during its own teardown by default, and not with scopeHearsChildEnds: false (global listeners always do)', async () => {
    const heardBy = async (scopeHearsChildEnds: boolean | undefined, teardown: 'scope-last' | 'scope-first') => {
      const { runtime } = testRuntime({ ...(scopeHearsChildEnds === undefined ? {} : { scopeHearsChildEnds }), profiles: { teardown } });
      const parent = await runtime.owner('o').create({ sessionId: 'p' });
      const scoped: string[] = [];
      const global: string[] = [];
      parent.agent.context.on('subagent/end', (run) => void scoped.push(run.id));
      runtime.on('subagent/end', (run) => void global.push(run.id));
      const child = await parent.agent.context.spawn();
      await parent.dispose();
      return { scoped, global, child: child.id };
    };
    for (const teardown of ['scope-last', 'scope-first'] as const) {
      const hearing = await heardBy(undefined, teardown);
      expect(hearing, teardown).toEqual({ scoped: [hearing.child], global: [hearing.child], child: hearing.child });
      const deaf = await heardBy(false, teardown);
      expect(deaf, teardown).toEqual({ scoped: [], global: [deaf.child], child: deaf.child });
    }
  });

  it('AIK-SUB-004: a child is owned by its parent, not the root; disposing the parent disposes it; the end event carries the outcome', async () => {
    const gates: ReturnType<typeof deferred<readonly []>>[] = [];
    const { runtime, heard } = testRuntime({
      model: () => {
        const gate = deferred<readonly []>();
        gates.push(gate);
        return gate.promise;
      },
    });
    const owner = runtime.owner('o');
    const parent = await owner.create({ sessionId: 'p' });
    const busy = await parent.agent.context.spawn();
    const idle = await parent.agent.context.spawn();
    const failing = await parent.agent.context.spawn();
    const turn = busy.handle.prompt();
    const failed = failing.handle.prompt();
    await settle();
    gates[1]?.reject(new Error('model failed'));
    await rejection(failed);
    await owner.unload();
    await rejection(turn);
    expect(runtime.listAgents()).toEqual([]);
    const ends = heard.filter(({ type }) => type === 'subagent/end').map(({ payload }) => payload);
    expect(ends).toEqual(
      expect.arrayContaining([
        { parent: parent.agent, runId: busy.runId, provider: 'in-process', id: busy.id, local: true, outcome: 'cancelled' },
        { parent: parent.agent, runId: idle.runId, provider: 'in-process', id: idle.id, local: true, outcome: 'completed' },
        { parent: parent.agent, runId: failing.runId, provider: 'in-process', id: failing.id, local: true, outcome: 'failed' },
      ]),
    );
    expect(ends).toHaveLength(3);
    // Shutting down the root alone does not reach a child through the root: it goes through its parent.
    const { runtime: other } = testRuntime();
    const p2 = await other.create({ sessionId: 'p2' });
    const c2 = await p2.agent.context.spawn();
    await p2.dispose();
    expect(c2.handle.stale).toBe(true);
  });
});
