import { describe, expect, it } from 'vitest';
import { createRuntime, isRuntimeError } from '../../src/runtime/index.js';
import { lines, rejection, spyStore, testRuntime } from './_support.js';

describe('identity', () => {
  it('AIK-ID-001: registry key = agent id = session id = header id, and the session store holds the same session', async () => {
    const { runtime } = testRuntime();
    const handle = await runtime.create({ sessionId: 's1' });
    const agent = runtime.getAgent('s1');
    expect(agent).toBe(handle.agent);
    expect(agent?.id).toBe('s1');
    expect(agent?.session.id).toBe('s1');
    expect(agent?.session.header.id).toBe('s1');
    expect(runtime.getSession('s1')).toBe(agent?.session);
    expect(runtime.listAgents()).toEqual([agent]);
    expect(runtime.listSessions()).toEqual([agent?.session]);
  });

  it('AIK-ID-002: session.id derives from the header; a stored header with another id is refused invalid on resume', async () => {
    const { store, base } = spyStore();
    await base.put({ header: { id: 'other', createdAt: 1 }, events: [] });
    // File the record under a different key than its header says.
    const record = await base.load('other');
    const drifted = { ...store, load: async (id: string) => (id === 's1' ? record : store.load(id)) };
    const { runtime } = testRuntime({ store: drifted });
    const error = await rejection(runtime.resume({ resumeSessionId: 's1' }));
    expect(isRuntimeError(error, 'invalid')).toBe(true);
    expect(String(error)).toContain('differs from the session id');
    expect(runtime.getAgent('s1')).toBeUndefined();
    expect(runtime.getSession('s1')).toBeUndefined();
  });

  it('AIK-ID-003: ids sharing prefixes, looking minted, or in any Unicode behave alike', async () => {
    const { runtime } = testRuntime();
    const ids = ['a', 'a-session-m1', 'a-session-m1-x', 'é🚀 空白 \u0000x', 'm1'];
    const handles = await Promise.all(ids.map((sessionId) => runtime.create({ sessionId })));
    expect(handles.map((handle) => handle.id)).toEqual(ids);
    for (const id of ids) expect(runtime.getAgent(id)?.id).toBe(id);
    await handles[0]?.dispose();
    expect(runtime.getAgent('a')).toBeUndefined();
    for (const id of ids.slice(1)) expect(runtime.getAgent(id)?.id).toBe(id);
    // A lone surrogate is not well-formed UTF-16: refused at admission.
    expect(isRuntimeError(await rejection(runtime.create({ sessionId: 'x\ud800' })), 'invalid')).toBe(true);
  });
});

describe('create', () => {
  it('AIK-CREATE-001: create publishes exactly the given id and mints nothing', async () => {
    let minted = 0;
    const { runtime } = testRuntime({
      ids: () => {
        minted += 1;
        return `m${minted}`;
      },
    });
    const handle = await runtime.create({ sessionId: 'exact' });
    expect(handle.id).toBe('exact');
    expect(minted).toBe(0);
    expect(runtime.listAgents().map((agent) => agent.id)).toEqual(['exact']);
  });

  it('AIK-CREATE-002: create on a live id rejects conflict before setup, leaving the live pair, its log and the events untouched', async () => {
    const { runtime, heard } = testRuntime();
    const live = await runtime.create({ sessionId: 's1' });
    await live.prompt();
    const before = { log: live.agent.session.events, sessions: runtime.listSessions().length, events: heard.length };
    let setupRan = false;
    const error = await rejection(
      runtime.create({
        sessionId: 's1',
        setup: () => {
          setupRan = true;
        },
      }),
    );
    expect(isRuntimeError(error, 'conflict')).toBe(true);
    expect(setupRan).toBe(false);
    expect(runtime.getAgent('s1')).toBe(live.agent);
    expect(live.agent.session.events).toEqual(before.log);
    expect(runtime.listSessions()).toHaveLength(before.sessions);
    expect(heard).toHaveLength(before.events);
  });

  it('AIK-CREATE-003: invalid input rejects invalid and leaves nothing', async () => {
    const { store, calls } = spyStore();
    const { runtime, heard } = testRuntime({ store });
    const bad: unknown[] = [
      { sessionId: '' },
      { sessionId: 's1', meta: { cwd: 'relative/path' } },
      { sessionId: 's1', seed: 'not an array' },
      { sessionId: 's1', seed: [{ seq: 1, kind: 'user' }] },
      { sessionId: 's1', seed: [{ seq: 0, kind: 'user' }, { seq: 0, kind: 'user' }] },
      { sessionId: 's1', seed: [{ seq: 0, kind: 'shout' }] },
      { sessionId: 's1', seed: [null] },
      { sessionId: 's1', meta: { delegationDepth: -1 } },
      { sessionId: 's1', meta: { parentSession: '' } },
      { sessionId: 's1', meta: { seedLength: 3 } },
      { sessionId: 's1', meta: 'cwd' },
      { sessionId: 's1', agentId: 'a1' },
      { sessionId: 42 },
      { sessionId: 's1', setup: 'not a function' },
      { sessionId: 's1', signal: {} },
      null,
    ];
    for (const request of bad) {
      const error = await rejection(runtime.create(request as never));
      expect(isRuntimeError(error, 'invalid'), JSON.stringify(request)).toBe(true);
    }
    expect(String(await rejection(runtime.create({ sessionId: 's1', agentId: 'a1' } as never)))).toContain('"agentId"');
    expect(runtime.listAgents()).toEqual([]);
    expect(runtime.listSessions()).toEqual([]);
    expect(heard).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('records the header from meta and the seed, with seedLength derived and delegationDepth absent vs 0 kept', async () => {
    const { runtime } = testRuntime();
    const seed = [
      { seq: 0, kind: 'user' },
      { seq: 1, kind: 'turn-end' },
    ] as const;
    const a = await runtime.create({ sessionId: 'a', meta: { cwd: '/w', parentSession: 'p', delegationDepth: 0 }, seed });
    const b = await runtime.create({ sessionId: 'b' });
    expect(a.agent.session.header).toEqual({ id: 'a', createdAt: 1_700_000_000_000, cwd: '/w', parentSession: 'p', delegationDepth: 0, seedLength: 2 });
    expect(b.agent.session.header).toEqual({ id: 'b', createdAt: 1_700_000_000_000 });
    expect('delegationDepth' in b.agent.session.header).toBe(false);
    expect(Object.isFrozen(a.agent.session.header)).toBe(true);
    expect(a.agent.session.events.map((event) => event.kind)).toEqual(['user', 'turn-end']);
  });
});

describe('resume', () => {
  it('AIK-RESUME-001: resume publishes exactly resumeSessionId', async () => {
    const { runtime } = testRuntime();
    const first = await runtime.create({ sessionId: 'r1' });
    await first.dispose();
    const handle = await runtime.resume({ resumeSessionId: 'r1' });
    expect(handle.id).toBe('r1');
    expect(runtime.getAgent('r1')).toBe(handle.agent);
    expect(runtime.getSession('r1')).toBe(handle.agent.session);
  });

  it('AIK-RESUME-002: resume of an unpersisted id rejects not-found and registers nothing; an empty id is invalid', async () => {
    const { runtime, heard } = testRuntime();
    expect(isRuntimeError(await rejection(runtime.resume({ resumeSessionId: 'ghost' })), 'not-found')).toBe(true);
    expect(isRuntimeError(await rejection(runtime.resume({ resumeSessionId: '' })), 'invalid')).toBe(true);
    expect(isRuntimeError(await rejection(runtime.resume({ resumeSessionId: 'x', seed: [] } as never)), 'invalid')).toBe(true);
    expect(runtime.listAgents()).toEqual([]);
    expect(heard).toEqual([]);
  });

  it('AIK-RESUME-003: resume of a live id rejects conflict before any load and leaves the log and record alone', async () => {
    const { store, calls, base } = spyStore();
    const { runtime } = testRuntime({ store });
    const live = await runtime.create({ sessionId: 's1' });
    await live.prompt();
    await live.flush();
    const stored = await base.load('s1');
    const loadsBefore = calls.filter((call) => call.op === 'load').length;
    const error = await rejection(runtime.resume({ resumeSessionId: 's1' }));
    expect(isRuntimeError(error, 'conflict')).toBe(true);
    expect(calls.filter((call) => call.op === 'load')).toHaveLength(loadsBefore);
    expect(runtime.getAgent('s1')).toBe(live.agent);
    expect(await base.load('s1')).toEqual(stored);
  });

  it('AIK-RESUME-004: resume keeps the header exactly and the whole history', async () => {
    const { runtime } = testRuntime();
    const withDepth = await runtime.create({ sessionId: 'd0', meta: { delegationDepth: 0 } });
    const bare = await runtime.create({ sessionId: 'bare', seed: [] });
    const full = await runtime.create({ sessionId: 'full', meta: { cwd: '/w', parentSession: 'p', delegationDepth: 2 }, seed: [{ seq: 0, kind: 'user' }, { seq: 1, kind: 'turn-end' }] });
    await full.prompt();
    const expected = [withDepth, bare, full].map((handle) => ({ header: handle.agent.session.header, events: handle.agent.session.events }));
    await Promise.all([withDepth, bare, full].map((handle) => handle.dispose()));
    const next = await runtime.restart();
    const resumed = await Promise.all(['d0', 'bare', 'full'].map((resumeSessionId) => next.resume({ resumeSessionId })));
    expect(resumed.map((handle) => ({ header: handle.agent.session.header, events: handle.agent.session.events }))).toEqual(expected);
    expect(resumed[0]?.agent.session.header.delegationDepth).toBe(0);
    expect('delegationDepth' in (resumed[1]?.agent.session.header ?? {})).toBe(false);
    expect('cwd' in (resumed[1]?.agent.session.header ?? {})).toBe(false);
    expect(resumed[1]?.agent.session.header.seedLength).toBe(0);
  });

  it('AIK-RESUME-005: resume without a durable store rejects invalid at admission, also for a live id', async () => {
    const runtime = createRuntime({ log: () => undefined });
    const live = await runtime.create({ sessionId: 's1' });
    expect(isRuntimeError(await rejection(runtime.resume({ resumeSessionId: 's1' })), 'invalid')).toBe(true);
    expect(isRuntimeError(await rejection(runtime.resume({ resumeSessionId: 'ghost' })), 'invalid')).toBe(true);
    expect(runtime.getAgent('s1')).toBe(live.agent);
  });

  it('a stored record with a malformed log or header is refused invalid', async () => {
    const { store, base } = spyStore();
    await base.put({ header: { id: 'bad-log', createdAt: 1 }, events: [{ seq: 3, kind: 'user' }] });
    await base.put({ header: { id: 'bad-cwd', createdAt: 1, cwd: 'rel' }, events: [] });
    await base.put({ header: { id: 'extra', createdAt: 1, agentId: 'x' } as never, events: [] });
    await base.put({ header: { id: 'no-time', createdAt: -1 }, events: [] });
    await base.put({ header: { id: 'bad-depth', createdAt: 1, delegationDepth: 1.5 }, events: [] });
    const { runtime, heard } = testRuntime({ store });
    for (const id of ['bad-log', 'bad-cwd', 'extra', 'no-time', 'bad-depth']) {
      expect(isRuntimeError(await rejection(runtime.resume({ resumeSessionId: id })), 'invalid'), id).toBe(true);
    }
    expect(lines(heard)).toEqual([]);
  });
});
