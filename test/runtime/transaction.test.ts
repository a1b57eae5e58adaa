import { describe, expect, it } from 'vitest';
import { isRuntimeError, type Runtime } from '../../src/runtime/index.js';
import { deferred, lines, rejection, settle, spyStore, testRuntime } from './_support.js';

/** Every way to create a pair for `id`, for checks that must hold alike for create and resume. */
async function persisted(runtime: Runtime, id: string): Promise<void> {
  const handle = await runtime.create({ sessionId: id });
  await handle.prompt();
  await handle.dispose();
}

describe('nothing partial (AIK-TXN-001) and order (AIK-TXN-002)', () => {
  it('AIK-TXN-001: during load and setup neither registry holds the creation and no created event fired', async () => {
    const loading = deferred();
    const { store } = spyStore({ load: async (_id, next) => (await loading.promise, next()) });
    const { runtime, heard } = testRuntime({ store });
    const setupGate = deferred();
    const seen: string[] = [];
    const creating = runtime.create({
      sessionId: 's1',
      setup: async (context) => {
        seen.push(`setup: agent=${String(runtime.getAgent('s1'))} session=${String(runtime.getSession('s1'))} events=${heard.length}`);
        context.defer(() => undefined);
        await setupGate.promise;
      },
    });
    await settle();
    expect(runtime.getAgent('s1')).toBeUndefined();
    expect(runtime.getSession('s1')).toBeUndefined();
    loading.resolve();
    await settle();
    setupGate.resolve();
    const handle = await creating;
    expect(seen).toEqual(['setup: agent=undefined session=undefined events=0']);
    expect(runtime.getAgent('s1')).toBe(handle.agent);
  });

  it('AIK-TXN-002: session/created < agent/created < agent/session-start < handle returned', async () => {
    const { runtime, heard } = testRuntime();
    const creating = runtime.create({ sessionId: 's1' });
    const handle = await creating;
    expect(lines(heard)).toEqual(['session/created:s1', 'agent/created:s1', 'agent/session-start:s1']);
    expect(heard[0]?.payload).toEqual({ session: handle.agent.session });
    expect(heard[1]?.payload).toEqual({ agent: handle.agent });
    expect(heard[2]?.payload).toEqual({ agent: handle.agent, source: 'startup' });
    await handle.dispose();
    const resumed = await runtime.resume({ resumeSessionId: 's1' });
    expect(heard.at(-1)?.payload).toEqual({ agent: resumed.agent, source: 'resume' });
  });
});

describe('rollback (AIK-TXN-003, AIK-DURABLE-003)', () => {
  const faults = {
    'setup rejects': { setup: () => Promise.reject(new Error('setup failed')) },
    'setup throws synchronously': {
      setup: () => {
        throw new Error('setup threw');
      },
    },
  } as const;

  for (const [name, plan] of Object.entries(faults)) {
    for (const source of ['create', 'resume'] as const) {
      it(`AIK-TXN-003: ${source} when ${name}: rolls back totally, the id is free when the creation settles`, async () => {
        const { store, calls, base } = spyStore();
        const { runtime, heard } = testRuntime({ store });
        if (source === 'resume') await persisted(runtime, 's1');
        const before = { heard: heard.length, record: await base.load('s1'), writes: calls.filter((c) => c.op !== 'load' && c.op !== 'flush').length };
        let cleaned = 0;
        const error = await rejection(
          source === 'create'
            ? runtime.create({ sessionId: 's1', setup: (context) => (context.defer(() => (cleaned += 1)), plan.setup()) })
            : runtime.resume({ resumeSessionId: 's1', setup: (context) => (context.defer(() => (cleaned += 1)), plan.setup()) }),
        );
        expect(error).toBeInstanceOf(Error);
        expect(cleaned).toBe(1);
        expect(runtime.getAgent('s1')).toBeUndefined();
        expect(runtime.getSession('s1')).toBeUndefined();
        expect(heard).toHaveLength(before.heard);
        // AIK-DURABLE-003: a rolled-back creation never writes.
        expect(calls.filter((c) => c.op !== 'load' && c.op !== 'flush')).toHaveLength(before.writes);
        expect(await base.load('s1')).toEqual(before.record);
        const again = source === 'create' ? await runtime.create({ sessionId: 's1' }) : await runtime.resume({ resumeSessionId: 's1' });
        expect(again.id).toBe('s1');
      });
    }
  }

  it('AIK-TXN-003: a failing store load rolls back create and resume alike with the store error', async () => {
    const boom = new Error('disk on fire');
    const { store } = spyStore({ load: () => Promise.reject(boom) });
    const { runtime, heard } = testRuntime({ store });
    expect(await rejection(runtime.create({ sessionId: 's1' }))).toBe(boom);
    expect(await rejection(runtime.resume({ resumeSessionId: 's1' }))).toBe(boom);
    expect(runtime.listSessions()).toEqual([]);
    expect(heard).toEqual([]);
  });

  it('AIK-TXN-003: a hanging load is settled by an abort without awaiting the store', async () => {
    const { store } = spyStore({ load: () => new Promise(() => undefined) });
    const { runtime } = testRuntime({ store });
    const controller = new AbortController();
    const creating = runtime.create({ sessionId: 's1', signal: controller.signal });
    await settle();
    const reason = new Error('stop');
    controller.abort(reason);
    expect(await rejection(creating)).toBe(reason);
    expect(runtime.getSession('s1')).toBeUndefined();
  });

  it('AIK-TXN-003: a setup that never settles is settled by unload; a late scope operation fails inactive', async () => {
    const { runtime, heard } = testRuntime();
    const owner = runtime.owner('ui');
    let context: Parameters<NonNullable<Parameters<Runtime['create']>[0]['setup']>>[0] | undefined;
    const creating = owner.create({
      sessionId: 's1',
      setup: (ctx) => {
        context = ctx;
        return new Promise(() => undefined);
      },
    });
    await settle();
    await owner.unload();
    expect(isRuntimeError(await rejection(creating), 'inactive')).toBe(true);
    expect(() => context?.on('agent/created', () => undefined)).toThrow(/inactive/);
    expect(() => context?.defer(() => undefined)).toThrow(/inactive/);
    expect(isRuntimeError(await rejection(context!.spawn()), 'inactive')).toBe(true);
    expect(heard).toEqual([]);
    expect(isRuntimeError(await rejection(owner.create({ sessionId: 's2' })), 'inactive')).toBe(true);
  });

  it('AIK-TXN-003: a failure inside rollback (a cleanup throws) is contained and the original rejection kept', async () => {
    const { runtime, logged } = testRuntime();
    const original = new Error('setup failed');
    const error = await rejection(
      runtime.create({
        sessionId: 's1',
        setup: (context) => {
          context.defer(() => {
            throw new Error('cleanup failed');
          });
          throw original;
        },
      }),
    );
    expect(error).toBe(original);
    expect(logged.map((entry) => (entry.error as Error).message)).toContain('cleanup failed');
  });

  it('AIK-DURABLE-003: a vetoed, aborted, unloaded or raced creation leaves no trace in the store', async () => {
    const { store, calls } = spyStore();
    const { runtime } = testRuntime({ store });
    const off = runtime.on('agent/created', () => {
      throw new Error('veto');
    });
    await rejection(runtime.create({ sessionId: 'vetoed' }));
    off();
    const controller = new AbortController();
    const aborted = runtime.create({ sessionId: 'aborted', signal: controller.signal, setup: () => settle() });
    controller.abort('why');
    await rejection(aborted);
    const owner = runtime.owner('o');
    const unloaded = owner.create({ sessionId: 'unloaded', setup: () => settle() });
    void owner.unload();
    await rejection(unloaded);
    const race = await Promise.allSettled([runtime.create({ sessionId: 'raced' }), runtime.create({ sessionId: 'raced' })]);
    expect(race.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    await settle();
    const written = calls.filter((call) => call.op === 'put' || call.op === 'append').map((call) => call.id);
    expect(written).toEqual(['raced']);
  });
});

describe('listener vetoes and containment (AIK-TXN-004, AIK-TXN-006)', () => {
  it('AIK-TXN-004: a sync throw from session/created vetoes with session/disposed only', async () => {
    const { store, calls } = spyStore();
    const { runtime, heard } = testRuntime({ store });
    const veto = new Error('no');
    let later = 0;
    runtime.on('session/created', () => {
      throw veto;
    });
    runtime.on('session/created', () => (later += 1));
    expect(await rejection(runtime.create({ sessionId: 's1' }))).toBe(veto);
    expect(lines(heard)).toEqual(['session/created:s1', 'session/disposed:s1']);
    expect(later).toBe(0);
    expect(calls.filter((call) => call.op !== 'load')).toEqual([]);
    expect(runtime.getSession('s1')).toBeUndefined();
    expect(runtime.getAgent('s1')).toBeUndefined();
  });

  it('AIK-TXN-004: a sync throw from agent/created vetoes with agent/disposed then session/disposed', async () => {
    const { runtime, heard } = testRuntime();
    const veto = new Error('no');
    runtime.on('agent/created', () => {
      throw veto;
    });
    expect(await rejection(runtime.create({ sessionId: 's1' }))).toBe(veto);
    expect(lines(heard)).toEqual(['session/created:s1', 'agent/created:s1', 'agent/disposed:s1', 'session/disposed:s1']);
    expect(heard[1]?.payload).toEqual(heard[2]?.payload);
  });

  it('AIK-TXN-004: a throw from agent/session-start is contained and the agent published', async () => {
    const { runtime, logged } = testRuntime();
    runtime.on('agent/session-start', () => {
      throw new Error('contained');
    });
    const handle = await runtime.create({ sessionId: 's1' });
    expect(runtime.getAgent('s1')).toBe(handle.agent);
    expect(logged).toHaveLength(1);
  });

  it('AIK-TXN-006: a non-Error value thrown by setup or a listener reaches the caller unchanged', async () => {
    const { runtime } = testRuntime();
    const value = { not: 'an error' };
    expect(await rejection(runtime.create({ sessionId: 's1', setup: () => Promise.reject(value) }))).toBe(value);
    expect(await rejection(runtime.create({ sessionId: 's1', setup: () => Promise.reject(undefined) }))).toBe(undefined);
    const off = runtime.on('session/created', () => {
      throw 'a string';
    });
    expect(await rejection(runtime.create({ sessionId: 's1' }))).toBe('a string');
    off();
    expect((await runtime.create({ sessionId: 's1' })).id).toBe('s1');
  });
});

describe('abort (AIK-TXN-005) and requests during publication (AIK-TXN-007, AIK-DETACH-002)', () => {
  it('AIK-TXN-005: an abort before publication rejects with the reason; an Error reason is that object', async () => {
    const { runtime } = testRuntime();
    const reason = new Error('user cancelled');
    const early = new AbortController();
    early.abort(reason);
    expect(await rejection(runtime.create({ sessionId: 's1', signal: early.signal }))).toBe(reason);
    const late = new AbortController();
    const creating = runtime.create({ sessionId: 's1', signal: late.signal, setup: () => settle() });
    late.abort(42);
    const error = await rejection(creating);
    expect(isRuntimeError(error, 'aborted')).toBe(true);
    expect((error as Error).cause).toBe(42);
    const stringly = new AbortController();
    stringly.abort('before');
    const admitted = await rejection(runtime.create({ sessionId: 's1', signal: stringly.signal }));
    expect(isRuntimeError(admitted, 'aborted')).toBe(true);
    expect((admitted as Error).cause).toBe('before');
    expect(runtime.getAgent('s1')).toBeUndefined();
  });

  it('AIK-TXN-005: an abort after publication does not touch the live agent', async () => {
    const { runtime, heard } = testRuntime();
    const controller = new AbortController();
    const handle = await runtime.create({ sessionId: 's1', signal: controller.signal });
    controller.abort(new Error('too late'));
    await handle.prompt();
    expect(runtime.getAgent('s1')).toBe(handle.agent);
    expect(lines(heard)).not.toContain('agent/disposed:s1');
  });

  const requests = [
    ['abort', 'session/created'],
    ['abort', 'agent/created'],
    ['abort', 'agent/session-start'],
    ['unload', 'session/created'],
    ['unload', 'agent/created'],
    ['shutdown', 'agent/created'],
    ['dispose-context', 'session/created'],
    ['dispose-context', 'agent/session-start'],
  ] as const;

  for (const [request, during] of requests) {
    it(`AIK-TXN-007: ${request} during ${during}: the dispatch finishes, later announcements are suppressed, the creation rolls back`, async () => {
      const { runtime, heard } = testRuntime();
      const owner = runtime.owner('o');
      const controller = new AbortController();
      const reason = new Error('abort reason');
      const sawLive: boolean[] = [];
      runtime.on(during, (payload) => {
        const agent = 'agent' in payload ? payload.agent : undefined;
        if (request === 'abort') controller.abort(reason);
        if (request === 'unload') void owner.unload();
        if (request === 'shutdown') void runtime.shutdown();
        if (request === 'dispose-context') void (agent ?? runtime.getAgent('s1'))?.context.dispose();
      });
      // A later listener of the same dispatch still sees live entries.
      runtime.on(during, () => sawLive.push(runtime.getSession('s1') !== undefined));
      const error = await rejection(owner.create({ sessionId: 's1', signal: controller.signal }));
      if (request === 'abort') expect(error).toBe(reason);
      else expect(isRuntimeError(error, request === 'dispose-context' ? 'aborted' : 'inactive')).toBe(true);
      expect(sawLive).toEqual([true]);
      const announced = ['session/created', 'agent/created', 'agent/session-start'];
      const upTo = announced.slice(0, announced.indexOf(during) + 1).map((type) => `${type}:s1`);
      const disposed = [...(upTo.includes('agent/created:s1') ? ['agent/disposed:s1'] : []), 'session/disposed:s1'];
      expect(lines(heard)).toEqual([...upTo, ...disposed]);
      expect(runtime.getAgent('s1')).toBeUndefined();
      expect(runtime.getSession('s1')).toBeUndefined();
    });
  }

  for (const during of ['session/created', 'agent/created', 'agent/session-start'] as const) {
    it(`AIK-TXN-007: shutdown during a child's ${during}: the child rolls back and rejects inactive, though its parent's owner reaches it only later`, async () => {
      const { runtime, heard } = testRuntime();
      const parent = await runtime.create({ sessionId: 'p' });
      runtime.on(during, (payload) => {
        if ((('agent' in payload ? payload.agent : payload.session) as { id: string }).id !== 'p') void runtime.shutdown();
      });
      const error = await rejection(parent.agent.context.spawn());
      expect(isRuntimeError(error, 'inactive')).toBe(true);
      await runtime.shutdown();
      const announced = ['session/created', 'agent/created', 'agent/session-start'];
      const upTo = announced.slice(0, announced.indexOf(during) + 1).map((type) => `${type}:m1`);
      const disposed = [...(upTo.includes('agent/created:m1') ? ['agent/disposed:m1'] : []), 'session/disposed:m1'];
      expect(lines(heard).filter((line) => !line.endsWith(':p'))).toEqual([...upTo, ...disposed]);
    });
  }

  it('AIK-TXN-007: a veto in the same dispatch wins over a request; between requests the first wins', async () => {
    const { runtime } = testRuntime();
    const controller = new AbortController();
    const veto = new Error('veto');
    const off = runtime.on('session/created', () => {
      controller.abort(new Error('abort'));
      throw veto;
    });
    expect(await rejection(runtime.create({ sessionId: 's1', signal: controller.signal }))).toBe(veto);
    off();
    const owner = runtime.owner('o');
    const second = new AbortController();
    const first = new Error('first');
    runtime.on('agent/created', () => {
      second.abort(first);
      void owner.unload();
    });
    expect(await rejection(owner.create({ sessionId: 's2', signal: second.signal }))).toBe(first);
  });

  it('AIK-TXN-007: context.dispose during setup cancels with aborted and resolves after the rollback', async () => {
    const { runtime, heard } = testRuntime();
    let disposed: Promise<void> | undefined;
    const creating = runtime.create({
      sessionId: 's1',
      setup: (context) => {
        disposed = context.dispose();
        return new Promise(() => undefined);
      },
    });
    const error = await rejection(creating);
    expect(isRuntimeError(error, 'aborted')).toBe(true);
    await disposed;
    expect(heard).toEqual([]);
    expect(runtime.getSession('s1')).toBeUndefined();
  });

  it('AIK-DETACH-002: unloading the owner of the entry being announced takes effect when the dispatch unwinds; other entries untouched', async () => {
    const { runtime, heard } = testRuntime();
    const bystander = await runtime.create({ sessionId: 'other' });
    const owner = runtime.owner('o');
    const during: string[] = [];
    runtime.on('agent/created', ({ agent }) => {
      if (agent.id !== 's1') return;
      void owner.unload();
      during.push(`after unload: agent live=${runtime.getAgent('s1') === agent}`);
    });
    await rejection(owner.create({ sessionId: 's1' }));
    expect(during).toEqual(['after unload: agent live=true']);
    expect(runtime.getAgent('s1')).toBeUndefined();
    expect(runtime.getAgent('other')).toBe(bystander.agent);
    expect(lines(heard).filter((line) => line.endsWith(':other'))).toEqual(['session/created:other', 'agent/created:other', 'agent/session-start:other']);
  });
});

describe('collision (AIK-CONFLICT-*) and detach (AIK-DETACH-001)', () => {
  it('AIK-CONFLICT-001: of N concurrent creations of one fresh id exactly one fulfils; losers emit nothing', async () => {
    const { runtime, heard } = testRuntime();
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, (_, index) => runtime.create({ sessionId: 'race', setup: () => new Promise((resolve) => setTimeout(resolve, 5 - index)) })));
    const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const losers = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(4);
    for (const loser of losers) expect(isRuntimeError(loser.reason, 'conflict')).toBe(true);
    expect(runtime.getAgent('race')).toBe((winners[0] as PromiseFulfilledResult<{ agent: unknown }>).value.agent);
    expect(lines(heard)).toEqual(['session/created:race', 'agent/created:race', 'agent/session-start:race']);
  });

  it('AIK-CONFLICT-002: a creation losing at phase 7 leaves the live entry, its log and its listeners intact', async () => {
    const { runtime } = testRuntime();
    const gate = deferred();
    let cleanups = 0;
    const loser = runtime.create({ sessionId: 's1', setup: (context) => (context.defer(() => (cleanups += 1)), gate.promise) });
    const winner = await runtime.create({ sessionId: 's1' });
    const scoped: string[] = [];
    winner.agent.context.on('session/event', ({ event }) => scoped.push(event.kind));
    await winner.prompt();
    gate.resolve();
    expect(isRuntimeError(await rejection(loser), 'conflict')).toBe(true);
    expect(cleanups).toBe(1);
    expect(runtime.getAgent('s1')).toBe(winner.agent);
    expect(runtime.getSession('s1')).toBe(winner.agent.session);
    await winner.prompt();
    expect(scoped).toEqual(['user', 'assistant', 'turn-end', 'user', 'assistant', 'turn-end']);
  });

  it('AIK-CONFLICT-003: reject-at-create rejects a create over a persisted, not-live id', async () => {
    const { store, base } = spyStore();
    const { runtime } = testRuntime({ store, profiles: { persistedCreate: 'reject-at-create' } });
    await persisted(runtime, 's1');
    const record = await base.load('s1');
    expect(isRuntimeError(await rejection(runtime.create({ sessionId: 's1' })), 'conflict')).toBe(true);
    expect(await base.load('s1')).toEqual(record);
  });

  it('AIK-CONFLICT-003: reject-at-flush accepts it, every flush rejects conflict, nothing is written, the record survives restart', async () => {
    const { store, base, calls } = spyStore();
    const { runtime } = testRuntime({ store, profiles: { persistedCreate: 'reject-at-flush' } });
    await persisted(runtime, 's1');
    const record = await base.load('s1');
    const writesBefore = calls.filter((call) => call.op === 'put' || call.op === 'append').length;
    const shadow = await runtime.create({ sessionId: 's1' });
    await shadow.prompt();
    expect(isRuntimeError(await rejection(shadow.flush()), 'conflict')).toBe(true);
    expect(isRuntimeError(await rejection(shadow.flush()), 'conflict')).toBe(true);
    await shadow.dispose();
    expect(calls.filter((call) => call.op === 'put' || call.op === 'append')).toHaveLength(writesBefore);
    const next = await runtime.restart();
    const resumed = await next.resume({ resumeSessionId: 's1' });
    expect({ header: resumed.agent.session.header, events: resumed.agent.session.events }).toEqual(record);
  });

  it('AIK-DETACH-001: dispose is idempotent and a stale handle never removes a newer same-id agent', async () => {
    const { runtime, heard } = testRuntime();
    const old = await runtime.create({ sessionId: 's1' });
    const first = old.dispose();
    expect(old.dispose()).toBe(first);
    await first;
    expect(old.stale).toBe(true);
    const newer = await runtime.resume({ resumeSessionId: 's1' });
    await old.dispose();
    await old.agent.context.dispose();
    expect(runtime.getAgent('s1')).toBe(newer.agent);
    expect(isRuntimeError(await rejection(old.flush()), 'inactive')).toBe(true);
    expect(isRuntimeError(await rejection(old.prompt()), 'inactive')).toBe(true);
    expect(lines(heard).filter((line) => line === 'agent/disposed:s1')).toHaveLength(1);
  });
});
