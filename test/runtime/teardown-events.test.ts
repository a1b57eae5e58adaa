import { describe, expect, it } from 'vitest';
import { createRuntime, isRuntimeError, type Model } from '../../src/runtime/index.js';
import { deferred, lines, rejection, settle, spyStore, testRuntime } from './_support.js';

/** A model whose calls wait until the test releases them (or the signal cuts them). */
function gatedModel() {
  const gates: ReturnType<typeof deferred<readonly { kind: 'assistant' }[]>>[] = [];
  const model: Model = () => {
    const gate = deferred<readonly { kind: 'assistant' }[]>();
    gates.push(gate);
    return gate.promise;
  };
  return { model, gates };
}

describe('teardown and quiescence', () => {
  it('AIK-QUIESCE-001: handle dispose, context dispose, owner unload and shutdown share one teardown and resolve after it', async () => {
    const { runtime, heard } = testRuntime();
    const owner = runtime.owner('o');
    const handle = await owner.create({ sessionId: 's1' });
    const cleanup = deferred();
    let cleanupDone = false;
    handle.agent.context.defer(async () => {
      await cleanup.promise;
      cleanupDone = true;
    });
    const settledBy: string[] = [];
    const all = [
      handle.dispose().then(() => settledBy.push(`handle:${cleanupDone}`)),
      handle.agent.context.dispose().then(() => settledBy.push(`context:${cleanupDone}`)),
      owner.unload().then(() => settledBy.push(`owner:${cleanupDone}`)),
      runtime.shutdown().then(() => settledBy.push(`shutdown:${cleanupDone}`)),
    ];
    await settle();
    expect(settledBy).toEqual([]);
    cleanup.resolve();
    await Promise.all(all);
    expect(settledBy.sort()).toEqual(['context:true', 'handle:true', 'owner:true', 'shutdown:true']);
    expect(lines(heard).filter((line) => line.includes('disposed'))).toEqual(['agent/disposed:s1', 'session/disposed:s1']);
  });

  it('AIK-QUIESCE-002: agent/disposed fires after the in-flight turn settled, before session/disposed, agent gone and session still live', async () => {
    const { model, gates } = gatedModel();
    const { runtime, heard } = testRuntime({ model });
    const handle = await runtime.create({ sessionId: 's1' });
    const turn = handle.prompt();
    await settle();
    expect(handle.agent.status).toBe('running');
    const observed: string[] = [];
    runtime.on('agent/disposed', ({ agent }) => observed.push(`agent=${String(runtime.getAgent(agent.id))} session=${runtime.getSession(agent.id) === agent.session} status=${agent.status}`));
    const disposing = handle.dispose();
    expect(isRuntimeError(await rejection(turn), 'aborted')).toBe(true);
    await disposing;
    expect(gates).toHaveLength(1);
    expect(observed).toEqual(['agent=undefined session=true status=idle']);
    const tail = lines(heard).slice(-2);
    expect(tail).toEqual(['agent/disposed:s1', 'session/disposed:s1']);
  });

  it('AIK-QUIESCE-003: once dispose resolves, the id can be resumed (and with no store, created) again', async () => {
    const { runtime } = testRuntime();
    const first = await runtime.create({ sessionId: 's1' });
    await first.dispose();
    expect((await runtime.resume({ resumeSessionId: 's1' })).id).toBe('s1');
    const volatile = createRuntime({ log: () => undefined });
    const a = await volatile.create({ sessionId: 'v' });
    await a.dispose();
    expect((await volatile.create({ sessionId: 'v' })).id).toBe('v');
  });

  it('AIK-QUIESCE-004: scope-last — detach, then scope: scoped listeners hear their own disposed edges; parent before children', async () => {
    const { runtime, heard } = testRuntime({ profiles: { teardown: 'scope-last' } });
    const parent = await runtime.create({ sessionId: 'p' });
    const child = await parent.agent.context.spawn();
    const scoped: string[] = [];
    parent.agent.context.on('agent/disposed', ({ agent }) => scoped.push(`agent/disposed:${agent.id}`));
    parent.agent.context.on('session/disposed', ({ session }) => scoped.push(`session/disposed:${session.id}`));
    const cleanups: string[] = [];
    parent.agent.context.defer(() => cleanups.push(`cleanup sees child live=${runtime.getAgent(child.id) !== undefined}`));
    await parent.dispose();
    expect(scoped).toEqual(['agent/disposed:p', 'session/disposed:p']);
    expect(cleanups).toEqual(['cleanup sees child live=false']);
    const disposedOrder = lines(heard).filter((line) => line.startsWith('agent/disposed'));
    expect(disposedOrder).toEqual(['agent/disposed:p', `agent/disposed:${child.id}`]);
  });

  it('AIK-QUIESCE-004: scope-first — scope (children first), then detach: scoped listeners do not hear the disposed edges', async () => {
    const { runtime, heard } = testRuntime({ profiles: { teardown: 'scope-first' } });
    const parent = await runtime.create({ sessionId: 'p' });
    const child = await parent.agent.context.spawn();
    const scoped: string[] = [];
    parent.agent.context.on('agent/disposed', ({ agent }) => scoped.push(agent.id));
    await parent.dispose();
    expect(scoped).toEqual([]);
    expect(lines(heard).filter((line) => line.startsWith('agent/disposed'))).toEqual([`agent/disposed:${child.id}`, 'agent/disposed:p']);
  });

  it('AIK-QUIESCE-004: new turns are refused inactive once teardown began; queued turns too', async () => {
    const { model, gates } = gatedModel();
    const { runtime } = testRuntime({ model });
    const handle = await runtime.create({ sessionId: 's1' });
    const first = handle.prompt();
    const queued = handle.prompt();
    await settle();
    const disposing = handle.dispose();
    expect(isRuntimeError(await rejection(handle.prompt()), 'inactive')).toBe(true);
    await rejection(first);
    expect(isRuntimeError(await rejection(queued), 'inactive')).toBe(true);
    await disposing;
    expect(gates).toHaveLength(1);
  });

  it('AIK-QUIESCE-005: shutdown disposes every agent, rejects pending creations after their rollback, refuses new ones, resolves last', async () => {
    const { runtime, heard } = testRuntime();
    const a = await runtime.create({ sessionId: 'a' });
    const b = await runtime.owner('o').create({ sessionId: 'b' });
    const pending = runtime.create({ sessionId: 'c', setup: () => new Promise(() => undefined) });
    await settle();
    const order: string[] = [];
    void pending.catch(() => order.push(`pending rejected, c live=${runtime.getSession('c') !== undefined}`));
    await runtime.shutdown().then(() => order.push('shutdown resolved'));
    expect(order).toEqual(['pending rejected, c live=false', 'shutdown resolved']);
    expect(isRuntimeError(await rejection(pending), 'inactive')).toBe(true);
    expect(a.stale && b.stale).toBe(true);
    expect(runtime.listAgents()).toEqual([]);
    expect(runtime.listSessions()).toEqual([]);
    expect(isRuntimeError(await rejection(runtime.create({ sessionId: 'd' })), 'inactive')).toBe(true);
    expect(isRuntimeError(await rejection(runtime.owner('late').create({ sessionId: 'd' })), 'inactive')).toBe(true);
    expect(lines(heard).filter((line) => line.includes('disposed')).sort()).toEqual(['agent/disposed:a', 'agent/disposed:b', 'session/disposed:a', 'session/disposed:b']);
  });
});

describe('events', () => {
  it('AIK-EVENT-001: per entry object, created and disposed pair up with the same object, never created after disposed', async () => {
    const { runtime, heard } = testRuntime();
    const first = await runtime.create({ sessionId: 's1' });
    await first.dispose();
    const second = await runtime.resume({ resumeSessionId: 's1' });
    await runtime.shutdown();
    const byObject = new Map<object, string[]>();
    for (const { type, payload } of heard) {
      const subject = 'session' in payload ? payload.session : 'agent' in payload ? payload.agent : payload.parent;
      if (!type.endsWith('created') && !type.endsWith('disposed')) continue;
      byObject.set(subject, [...(byObject.get(subject) ?? []), type]);
    }
    expect([...byObject.keys()]).toEqual([first.agent.session, first.agent, second.agent.session, second.agent]);
    for (const [subject, types] of byObject) {
      const kind = subject === first.agent || subject === second.agent ? 'agent' : 'session';
      expect(types).toEqual([`${kind}/created`, `${kind}/disposed`]);
    }
  });

  it('AIK-EVENT-002: no entry object is announced twice', async () => {
    const { runtime, heard } = testRuntime();
    const handle = await runtime.create({ sessionId: 's1' });
    await handle.dispose();
    await runtime.resume({ resumeSessionId: 's1' });
    const created = heard.filter(({ type }) => type === 'agent/created').map(({ payload }) => ('agent' in payload ? payload.agent : undefined));
    expect(created).toHaveLength(2);
    expect(new Set(created).size).toBe(2);
  });

  it('AIK-EVENT-003: failures of non-vetoing listeners and returned rejections are contained', async () => {
    const { runtime, logged } = testRuntime();
    runtime.on('session/created', () => Promise.reject(new Error('async veto attempt')));
    runtime.on('agent/created', async () => {
      throw new Error('async throw');
    });
    runtime.on('session/event', () => {
      throw new Error('event listener');
    });
    runtime.on('agent/disposed', () => {
      throw new Error('disposed listener');
    });
    const handle = await runtime.create({ sessionId: 's1' });
    await handle.prompt();
    await handle.dispose();
    await settle();
    expect(handle.stale).toBe(true);
    expect(logged.map(({ error }) => (error as Error).message).sort()).toEqual(['async throw', 'async veto attempt', 'disposed listener', 'event listener', 'event listener', 'event listener']);
  });

  it('AIK-EVENT-004: a scoped listener hears only its own objects, also when the id is reused', async () => {
    const { runtime } = testRuntime();
    const old = await runtime.create({ sessionId: 's1' });
    const other = await runtime.create({ sessionId: 's2' });
    const heardByOld: string[] = [];
    for (const type of ['session/event', 'agent/disposed', 'session/disposed', 'agent/created', 'session/created'] as const) {
      old.agent.context.on(type, (payload) => heardByOld.push(`${type}:${'session' in payload ? payload.session.id : payload.agent.id}`));
    }
    await other.prompt();
    await old.prompt();
    expect(heardByOld).toEqual(['session/event:s1', 'session/event:s1', 'session/event:s1']);
    await old.dispose();
    const newer = await runtime.resume({ resumeSessionId: 's1' });
    await newer.prompt();
    expect(heardByOld).toEqual(['session/event:s1', 'session/event:s1', 'session/event:s1', 'agent/disposed:s1', 'session/disposed:s1']);
  });

  it('AIK-EVENT-005: session/event fires once per appended event, after the append, in seq order, never for seeded events', async () => {
    const { runtime, heard } = testRuntime({ model: async () => [{ kind: 'tool', data: { name: 'ls' } }, { kind: 'assistant' }] });
    const seed = [
      { seq: 0, kind: 'user' },
      { seq: 1, kind: 'turn-end' },
    ] as const;
    const handle = await runtime.create({ sessionId: 's1', seed });
    const appendedBeforeEvent: boolean[] = [];
    runtime.on('session/event', ({ session, event }) => appendedBeforeEvent.push(session.events.at(-1) === event));
    await handle.prompt();
    const events = heard.filter(({ type }) => type === 'session/event').map(({ payload }) => ('event' in payload ? payload.event : undefined));
    expect(events.map((event) => event?.seq)).toEqual([2, 3, 4, 5]);
    expect(events.map((event) => event?.kind)).toEqual(['user', 'tool', 'assistant', 'turn-end']);
    expect(events[1]?.data).toEqual({ name: 'ls' });
    expect(appendedBeforeEvent).toEqual([true, true, true, true]);
  });
});

describe('turns', () => {
  it('runs one turn at a time: a prompt during a turn waits', async () => {
    const { model, gates } = gatedModel();
    const { runtime } = testRuntime({ model });
    const handle = await runtime.create({ sessionId: 's1' });
    const first = handle.prompt();
    const second = handle.prompt();
    await settle();
    expect(gates).toHaveLength(1);
    gates[0]?.resolve([{ kind: 'assistant' }]);
    await first;
    await settle();
    expect(gates).toHaveLength(2);
    gates[1]?.resolve([]);
    await second;
    expect(handle.agent.session.events.map((event) => event.kind)).toEqual(['user', 'assistant', 'turn-end', 'user', 'turn-end']);
    expect(handle.agent.status).toBe('idle');
  });

  it('a failing or garbage-returning model fails the turn without a turn-end', async () => {
    const failure = new Error('model down');
    const replies: unknown[] = [Promise.reject(failure), Promise.resolve('nonsense'), Promise.resolve([{ kind: 'turn-end' }])];
    const { runtime } = testRuntime({ model: () => replies.shift() as never });
    const handle = await runtime.create({ sessionId: 's1' });
    expect(await rejection(handle.prompt())).toBe(failure);
    expect(isRuntimeError(await rejection(handle.prompt()), 'invalid')).toBe(true);
    expect(isRuntimeError(await rejection(handle.prompt()), 'invalid')).toBe(true);
    expect(handle.agent.session.events.map((event) => event.kind)).toEqual(['user', 'user', 'user']);
  });
});

describe('durability', () => {
  it('AIK-DURABLE-001: after flush resolves, a restart and resume yields the header and the flushed history', async () => {
    const { store } = spyStore();
    const { runtime } = testRuntime({ store });
    const handle = await runtime.create({ sessionId: 's1', meta: { cwd: '/w' } });
    await handle.prompt();
    await handle.flush();
    const flushed = handle.agent.session.events;
    const next = await runtime.restart();
    const resumed = await next.resume({ resumeSessionId: 's1' });
    expect(resumed.agent.session.header).toEqual(handle.agent.session.header);
    expect(resumed.agent.session.events.slice(0, flushed.length)).toEqual(flushed);
  });

  it('AIK-DURABLE-002: once dispose resolves the writes settled: resumable iff persisted, never both resumable and creatable', async () => {
    const slow = deferred();
    const { store, base } = spyStore({ append: async (_id, next) => (await slow.promise, next()) });
    const { runtime } = testRuntime({ store });
    const handle = await runtime.create({ sessionId: 's1' });
    await handle.prompt();
    let disposed = false;
    const disposing = handle.dispose().then(() => (disposed = true));
    await settle();
    expect(disposed).toBe(false);
    slow.resolve();
    await disposing;
    expect((await base.load('s1'))?.events).toHaveLength(3);
    expect(isRuntimeError(await rejection(runtime.create({ sessionId: 's1' })), 'conflict')).toBe(true);
    expect((await runtime.resume({ resumeSessionId: 's1' })).id).toBe('s1');
  });

  it('flush rejects with a failed write’s error; a failure after the last flush is logged at dispose', async () => {
    const boom = new Error('append failed');
    let failAppends = true;
    const { store } = spyStore({ append: (_id, next) => (failAppends ? Promise.reject(boom) : next()) });
    const { runtime, logged } = testRuntime({ store });
    const handle = await runtime.create({ sessionId: 's1' });
    await handle.prompt();
    expect(await rejection(handle.flush())).toBe(boom);
    failAppends = false;
    await handle.prompt();
    await handle.flush();
    failAppends = true;
    await handle.prompt();
    await handle.dispose();
    expect(logged.filter(({ error }) => error === boom)).toHaveLength(3);
  });

  it('a failed flush of the store itself rejects flush; a put failure surfaces at the next flush, never as a rollback', async () => {
    const putFailure = new Error('put failed');
    const flushFailure = new Error('flush failed');
    const { store } = spyStore({ put: () => Promise.reject(putFailure), flush: () => Promise.reject(flushFailure) });
    const { runtime } = testRuntime({ store });
    const handle = await runtime.create({ sessionId: 's1' });
    expect(runtime.getAgent('s1')).toBe(handle.agent);
    expect(await rejection(handle.flush())).toBe(putFailure);
    expect(await rejection(handle.flush())).toBe(flushFailure);
  });
});
