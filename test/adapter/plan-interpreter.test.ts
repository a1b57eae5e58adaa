import { describe, expect, it } from 'vitest';
import { PlanInterpreter, RECORDER, UnsupportedOperation, type EventType, type NativeListener, type PlanHooks } from '../../src/adapter/index.js';
import { createKitEnv } from '../../properties/env/kit-env.js';

/** A tiny event emitter standing for an implementation: global listeners, and listeners per scope. */
class Emitter {
  readonly listeners: { type: EventType; scope: object | undefined; listener: NativeListener }[] = [];
  on(type: EventType, listener: NativeListener, scope?: object): () => void {
    const entry = { type, scope, listener };
    this.listeners.push(entry);
    return () => void this.listeners.splice(this.listeners.indexOf(entry), 1);
  }
  emit(type: EventType, scope: object, id: string): unknown[] {
    return this.listeners.filter((entry) => entry.type === type && (entry.scope === undefined || entry.scope === scope)).map((entry) => entry.listener({ session: { id } }));
  }
}

/** `extra` overrides hooks; an `undefined` one stands for a hook the adapter leaves out. */
function setUp(extra: { readonly [K in keyof PlanHooks<object>]?: PlanHooks<object>[K] | undefined } = {}) {
  const kit = createKitEnv();
  let emitter = new Emitter();
  const shutdowns: string[] = [];
  const plans = new PlanInterpreter<object>(kit.env, {
    events: ['session/created', 'session/disposed'],
    on: (type, listener) => emitter.on(type, listener),
    onScope: (scope, type, listener) => emitter.on(type, listener, scope),
    scopeToken: () => 'agent-1',
    observe: (type, payload) => ({ type, subject: 'session-1', id: (payload as { session: { id: string } }).session.id }),
    snapshot: () => ({ agents: [], sessions: [] }),
    shutdown: async () => void shutdowns.push('shutdown'),
    ...(extra as Partial<PlanHooks<object>>),
  });
  plans.attach();
  return { kit, plans, shutdowns, emitter: () => emitter, restart: () => ((emitter = new Emitter()), plans.attach()) };
}

describe('PlanInterpreter', () => {
  it('records every event with the recorder, and listener plans act once across all their types', () => {
    const { plans, emitter } = setUp();
    const veto = new Error('veto');
    expect(plans.listen({ name: 'v', event: '*', action: 'throw', value: veto })).toEqual({ ok: true });
    const scope = {};
    expect(() => emitter().emit('session/created', scope, 's1')).toThrow(veto);
    expect(emitter().emit('session/disposed', scope, 's1')).toEqual([undefined, undefined]);
    expect(plans.events().map((event) => `${event.listener}:${event.type}`)).toEqual([`${RECORDER}:session/created`, 'v:session/created', `${RECORDER}:session/disposed`, 'v:session/disposed']);
  });

  it('re-installs global plans on attach after a restart, removes them on unlisten, and snapshots for record plans', () => {
    const { plans, emitter, restart } = setUp();
    plans.listen({ name: 'r', event: 'session/created', action: 'record' });
    restart();
    emitter().emit('session/created', {}, 's2');
    expect(plans.events().filter((event) => event.listener === 'r')).toEqual([{ type: 'session/created', subject: 'session-1', id: 's2', listener: 'r', snapshot: { agents: [], sessions: [] } }]);
    plans.unlisten('r');
    emitter().emit('session/created', {}, 's3');
    expect(plans.events().filter((event) => event.listener === 'r')).toHaveLength(1);
  });

  it('installs scoped plans on the scope with its agent token, and reports them unsupported without onScope', () => {
    const { plans, emitter } = setUp();
    const scope = {};
    expect(plans.listen({ name: 's', event: 'session/created', action: 'reject', value: 'no' }, () => scope)).toEqual({ ok: true });
    const [, returned] = emitter().emit('session/created', scope, 's1') as [unknown, Promise<unknown>];
    return expect(returned).rejects.toBe('no').then(() => {
      expect(plans.events().find((event) => event.listener === 's')).toMatchObject({ scope: 'agent-1' });
      const bare = setUp({ onScope: undefined });
      const outcome = bare.plans.listen({ name: 's', event: 'session/created', action: 'record' }, () => scope);
      expect(outcome.ok === false && UnsupportedOperation.is(outcome.error) && outcome.error.operation).toBe('scoped listeners');
      const unknown = bare.plans.listen({ name: 't', event: 'session/created', action: 'record' }, () => {
        throw new Error('unknown handle token "h9"');
      });
      expect(unknown.ok).toBe(false);
    });
  });

  it('aborts signals before, at a pause, or from an abort listener, with exactly the planned reason', async () => {
    const { kit, plans, emitter } = setUp();
    const reason = new Error('stop');
    expect(plans.signal(undefined)).toBeUndefined();
    expect(plans.signal({ name: 'b', at: 'before', reason })?.reason).toBe(reason);
    const paused = plans.signal({ name: 'p', at: { pause: 'go' }, reason: 'later' });
    expect(paused?.aborted).toBe(false);
    kit.pauses.release('go');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(paused?.reason).toBe('later');
    const heard = plans.signal({ name: 'l', at: 'listener', reason: 42 });
    plans.listen({ name: 'a', event: 'session/created', action: 'abort', value: 'l' });
    emitter().emit('session/created', {}, 's1');
    expect(heard?.reason).toBe(42);
  });

  it('runs setup plans: listen, pause, then act; unsupported hooks are reported as plan outcomes', async () => {
    const { kit, plans, emitter } = setUp();
    expect(plans.creation({})).toEqual({});
    const { setup } = plans.creation({ setup: { name: 'x', listen: { name: 'in-setup', event: 'session/created', action: 'record' }, pause: 'p', action: 'reject', value: 'boom' } });
    const scope = {};
    const running = setup!(scope);
    kit.pauses.release('p');
    await expect(running).rejects.toBe('boom');
    emitter().emit('session/created', scope, 's1');
    expect(plans.events().some((event) => event.listener === 'in-setup')).toBe(true);
    await plans.setup({ name: 'd', action: 'dispose-self' })!(scope);
    await plans.setup({ name: 'r', action: 'resolve' })!(scope);
    const outcome = plans.planOutcomes()[0];
    expect(outcome?.plan).toBe('d');
    expect(outcome?.outcome.ok === false && UnsupportedOperation.is(outcome.outcome.error)).toBe(true);
    let settled = false;
    void plans.setup({ name: 'n', action: 'never' })!(scope).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
  });

  it('carries out spawn, dispose-context, unload and shutdown through the hooks and logs their outcomes', async () => {
    const calls: string[] = [];
    const { plans, emitter, shutdowns } = setUp({
      spawn: async () => ({ handle: 'h2' }),
      disposeContext: async (scope, payload) => void calls.push(`dispose ${scope === undefined ? 'payload' : 'scope'} ${JSON.stringify(payload)}`),
      unload: async (owner) => void calls.push(`unload ${owner}`),
    });
    await plans.setup({ name: 'sp', action: 'spawn' })!({});
    await plans.setup({ name: 'ds', action: 'dispose-self' })!({});
    plans.listen({ name: 'u', event: 'session/created', action: 'unload', value: 'owner-1' });
    plans.listen({ name: 'c', event: 'session/created', action: 'dispose-context' });
    plans.listen({ name: 'z', event: 'session/created', action: 'shutdown' });
    emitter().emit('session/created', {}, 's1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(['dispose scope undefined', 'unload owner-1', 'dispose payload {"session":{"id":"s1"}}']);
    expect(shutdowns).toEqual(['shutdown']);
    expect(plans.planOutcomes()).toEqual([
      { plan: 'sp', op: 'spawn', outcome: { ok: true, handle: 'h2' } },
      { plan: 'ds', op: 'dispose-self', outcome: { ok: true } },
      { plan: 'u', op: 'unload', outcome: { ok: true } },
      { plan: 'c', op: 'dispose-context', outcome: { ok: true } },
      { plan: 'z', op: 'shutdown', outcome: { ok: true } },
    ]);
    const bare = setUp();
    bare.plans.listen({ name: 'u', event: 'session/created', action: 'unload', value: 'owner-1' });
    bare.emitter().emit('session/created', {}, 's1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bare.plans.planOutcomes().map((entry) => entry.outcome.ok === false && UnsupportedOperation.is(entry.outcome.error) && entry.outcome.error.operation)).toEqual(['unload']);
  });

  it('a listen plan with a target installs its plan on that handle\'s scope from inside the dispatch, and reports the outcome', () => {
    const scope = {};
    const closed = {};
    const { plans, emitter } = setUp({
      onScope: (on, type, listener) => {
        if (on === closed) throw new Error('inactive: the scope is disposing');
        return emitter().on(type, listener, on);
      },
      scopeOf: (handle) => (handle === 'h1' ? scope : closed),
    });
    plans.listen({ name: 'add', event: 'session/created', action: 'listen', target: 'h1', value: { name: 'added', event: '*', action: 'record' } });
    plans.listen({ name: 'late', event: 'session/created', action: 'listen', target: 'h2', value: { name: 'refused', event: '*', action: 'record' } });
    emitter().emit('session/created', scope, 's1');
    emitter().emit('session/disposed', scope, 's1');
    expect(plans.planOutcomes().map((entry) => `${entry.plan} ${entry.op} ${entry.outcome.ok ? 'ok' : String(entry.outcome.error)}`)).toEqual(['add listen ok', 'late listen Error: inactive: the scope is disposing']);
    expect(plans.events().filter((event) => event.listener === 'added').map((event) => `${event.type} ${event.scope}`)).toEqual(['session/disposed agent-1']);
    const bare = setUp();
    bare.plans.listen({ name: 'add', event: 'session/created', action: 'listen', target: 'h1', value: { name: 'added', event: '*', action: 'record' } });
    bare.emitter().emit('session/created', {}, 's1');
    expect(bare.plans.planOutcomes().map((entry) => entry.outcome.ok === false && UnsupportedOperation.is(entry.outcome.error))).toEqual([true]);
  });
});
