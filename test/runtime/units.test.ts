import { describe, expect, it } from 'vitest';
import { createMemoryStore, createRuntime, isRuntimeError, RuntimeError, Session, toSessionId } from '../../src/runtime/index.js';
import { EventBus } from '../../src/runtime/event-bus.js';
import { Registry } from '../../src/runtime/registry.js';
import { rejection, testRuntime } from './_support.js';

describe('registry', () => {
  const entry = (id: string) => ({ id: toSessionId(id, 'id') });

  it('AIK-ID-001: phase 8 refuses an agent entry whose id differs from its session’s (invalid)', () => {
    const agents = new Registry<{ id: ReturnType<typeof toSessionId>; session: { id: string } }>('agent', (agent) => (agent.id === agent.session.id ? undefined : 'ids differ'));
    const drifted = { id: toSessionId('a1', 'id'), session: { id: 's1' } };
    expect(() => agents.enter(drifted)).toThrow(RuntimeError);
    expect(() => agents.enter(drifted)).toThrow(/invalid: agent entry "a1" refused: ids differ/);
    expect(agents.has('a1')).toBe(false);
  });

  it('AIK-DETACH-001: a detach is bound to its exact entry and idempotent', () => {
    const registry = new Registry<{ id: ReturnType<typeof toSessionId> }>('session');
    const old = entry('s1');
    const detachOld = registry.enter(old);
    expect(() => registry.enter(entry('s1'))).toThrow(/conflict/);
    detachOld();
    const newer = entry('s1');
    registry.enter(newer);
    detachOld();
    expect(registry.get('s1')).toBe(newer);
    expect(registry.list()).toEqual([newer]);
  });

  it('AIK-DETACH-002: a detach requested while the entry is announced waits until the dispatch unwinds, also when it throws', () => {
    const registry = new Registry<{ id: ReturnType<typeof toSessionId> }>('session');
    const announced = entry('s1');
    const detach = registry.enter(announced);
    const during: boolean[] = [];
    expect(() =>
      registry.announce(announced, () => {
        detach();
        during.push(registry.has('s1'));
        throw new Error('veto');
      }),
    ).toThrow('veto');
    expect(during).toEqual([true]);
    expect(registry.has('s1')).toBe(false);
  });

  it('AIK-EVENT-002: an entry object cannot be announced twice', () => {
    const registry = new Registry<{ id: ReturnType<typeof toSessionId> }>('session');
    const once = entry('s1');
    registry.enter(once);
    registry.announce(once, () => undefined);
    expect(() => registry.announce(once, () => undefined)).toThrow(/already announced/);
  });
});

describe('event bus', () => {
  type Map = { ping: { subject: object } };
  const bus = () => {
    const logged: unknown[] = [];
    return { bus: new EventBus<Map>((_type, payload) => payload.subject, (_message, error) => logged.push(error)), logged };
  };

  it('runs listeners in registration order; one added during a dispatch does not hear it; one removed hears none of the rest', () => {
    const { bus: events } = bus();
    const heard: string[] = [];
    let offC: () => void = () => undefined;
    events.on('ping', () => {
      heard.push('a');
      events.on('ping', () => heard.push('late'));
      offC();
    });
    events.on('ping', () => heard.push('b'));
    offC = events.on('ping', () => heard.push('c'));
    events.dispatch('ping', { subject: {} }, { veto: false });
    expect(heard).toEqual(['a', 'b']);
    heard.length = 0;
    offC();
    events.dispatch('ping', { subject: {} }, { veto: false });
    expect(heard).toEqual(['a', 'b', 'late']);
  });

  it('AIK-EVENT-004: a scoped listener hears subjects its scope owns, by object, and removeScope drops only that scope', () => {
    const { bus: events } = bus();
    const mine = { id: 's1' };
    const sameId = { id: 's1' };
    const scope = { owns: (subject: object) => subject === mine };
    const heard: object[] = [];
    events.on('ping', ({ subject }) => heard.push(subject), scope);
    events.on('ping', () => heard.push(scope));
    events.dispatch('ping', { subject: sameId }, { veto: false });
    events.dispatch('ping', { subject: mine }, { veto: false });
    expect(heard).toEqual([scope, mine, scope]);
    events.removeScope(scope);
    heard.length = 0;
    events.dispatch('ping', { subject: mine }, { veto: false });
    expect(heard).toEqual([scope]);
  });

  it('AIK-EVENT-003: with veto a synchronous throw stops and propagates; otherwise it is contained', () => {
    const { bus: events, logged } = bus();
    const heard: string[] = [];
    events.on('ping', () => {
      throw 'thrown';
    });
    events.on('ping', () => heard.push('after'));
    expect(() => events.dispatch('ping', { subject: {} }, { veto: true })).toThrow('thrown');
    expect(heard).toEqual([]);
    events.dispatch('ping', { subject: {} }, { veto: false });
    expect(heard).toEqual(['after']);
    expect(logged).toEqual(['thrown']);
  });
});

describe('session', () => {
  it('AIK-ID-002: a header with another id is refused at construction; the header is a frozen, detached copy', () => {
    const id = toSessionId('s1', 'id');
    expect(() => new Session(id, { id: 's2', createdAt: 1 }, [])).toThrow(/invalid: header id "s2" differs from the session id "s1"/);
    expect(() => new Session(id, null, [])).toThrow(/invalid/);
    const source = { id: 's1', createdAt: 1, cwd: '/w' };
    const session = new Session(id, source, []);
    source.cwd = '/elsewhere';
    expect(session.header.cwd).toBe('/w');
    expect(Object.isFrozen(session.header)).toBe(true);
    expect(session.id).toBe('s1');
    session.append('user', { text: 'hi' });
    expect(session.length).toBe(1);
    expect(session.toRecord()).toEqual({ header: { id: 's1', createdAt: 1, cwd: '/w' }, events: [{ seq: 0, kind: 'user', data: { text: 'hi' } }] });
  });
});

describe('runtime options and public entries', () => {
  it('rejects invalid options with invalid naming the field', () => {
    const bad: [unknown, RegExp][] = [
      [null, /runtime options must be an object/],
      [{ agentIds: () => 'x' }, /unknown field "agentIds"/],
      [{ ids: 'abc' }, /ids must be a function/],
      [{ store: { load: async () => undefined } }, /store must have/],
      [{ maxDepth: -1 }, /maxDepth/],
      [{ profiles: { teardown: 'sideways' } }, /profiles\.teardown/],
      [{ profiles: { persistedCreate: 'overwrite' } }, /profiles\.persistedCreate/],
      [{ remote: { command: 7 } }, /remote\.command/],
      [{ scopeHearsChildEnds: 'no' }, /scopeHearsChildEnds must be a boolean/],
    ];
    for (const [options, message] of bad) {
      let threw: unknown;
      try {
        createRuntime(options as never);
      } catch (error) {
        threw = error;
      }
      expect(isRuntimeError(threw, 'invalid'), String(message)).toBe(true);
      expect(String(threw)).toMatch(message);
    }
  });

  it('defaults: random ids, the wall clock, scope-last and reject-at-create, stderr logging', async () => {
    const runtime = createRuntime({ config: { agents: [{ id: 'x' }] } });
    expect(runtime.profiles).toEqual({ teardown: 'scope-last', persistedCreate: 'reject-at-create' });
    const [result] = await runtime.start();
    expect(result?.ok && /^x-session-[0-9a-f-]{36}$/.test(result.id)).toBe(true);
    const before = Date.now();
    const handle = await runtime.create({ sessionId: 'timed' });
    expect(handle.agent.session.header.createdAt).toBeGreaterThanOrEqual(before);
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => (written.push(chunk), true)) as typeof process.stderr.write;
    try {
      runtime.on('agent/session-start', () => {
        throw new Error('noisy');
      });
      runtime.on('agent/session-start', () => {
        throw undefined;
      });
      await runtime.create({ sessionId: 'loud' });
    } finally {
      process.stderr.write = write;
    }
    expect(written).toEqual(['agent-identity-kit runtime: a agent/session-start listener threw; contained: Error: noisy\n', 'agent-identity-kit runtime: a agent/session-start listener threw; contained\n']);
    await runtime.shutdown();
  });

  it('validates owner labels, listeners, cleanups and spawn options', async () => {
    const { runtime } = testRuntime();
    expect(() => runtime.owner(3 as never)).toThrow(/invalid: owner: label/);
    expect(() => runtime.on('agent/created', 'listener' as never)).toThrow(/invalid/);
    const handle = await runtime.create({ sessionId: 'p' });
    expect(() => handle.agent.context.defer('later' as never)).toThrow(/invalid: defer/);
    expect(isRuntimeError(await rejection(handle.agent.context.spawn({ setup: 5 } as never)), 'invalid')).toBe(true);
    expect(isRuntimeError(await rejection(handle.agent.context.spawn(null as never)), 'invalid')).toBe(true);
    expect(String(await rejection(handle.agent.context.fork({ sessionId: 'mine' } as never)))).toContain('unknown field "sessionId"');
  });

  it('the memory store refuses an append to a missing record and copies records in and out', async () => {
    const store = createMemoryStore([{ header: { id: 'a', createdAt: 1 }, events: [] }]);
    await expect(store.append('missing', [])).rejects.toThrow(/no record/);
    const loaded = await store.load('a');
    (loaded?.events as unknown[]).push({ seq: 0, kind: 'user' });
    expect((await store.load('a'))?.events).toEqual([]);
    expect(await store.list()).toEqual(['a']);
    await store.flush('a');
  });
});
