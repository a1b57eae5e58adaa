import { describe, expect, it } from 'vitest';
import { createKitEnv, seedLog } from '../../properties/env/kit-env.js';

describe('the kit env', () => {
  it('store faults are keyed by operation and id: every call, or only the next one', async () => {
    const { store, steps } = createKitEnv();
    if (store === undefined) throw new Error('no store');
    await store.put({ header: { id: 'x', createdAt: 1 }, events: [] });
    const failure = new Error('injected');
    store.inject({ op: 'load', id: 'x', effect: 'fail', value: failure });
    await expect(store.load('x')).rejects.toBe(failure);
    await expect(store.load('x')).rejects.toBe(failure);
    expect(await store.load('y')).toBeUndefined();
    store.heal('x');
    expect(await store.load('x')).toEqual({ header: { id: 'x', createdAt: 1 }, events: [] });
    store.inject({ op: 'append', id: 'x', effect: 'fail', value: failure, once: true });
    await expect(store.append('x', [{ seq: 0, kind: 'user' }])).rejects.toBe(failure);
    await store.append('x', [{ seq: 0, kind: 'user' }]);
    expect((await store.peek('x'))?.events).toEqual([{ seq: 0, kind: 'user' }]);
    const impostor = { header: { id: 'other', createdAt: 2 }, events: [] };
    store.inject({ op: 'load', id: 'alias', effect: 'return', value: impostor });
    expect(await store.load('alias')).toBe(impostor);
    expect(store.calls.filter((call) => call.id === 'x').map((call) => call.op)).toEqual(['put', 'load', 'load', 'load', 'append', 'append']);
    expect(steps.map((step) => step.line)).toEqual(['fault(fail load x)', 'heal(x)', 'fault(fail append x once)', 'fault(return load alias)']);
  });

  it('a hanging store call never settles', async () => {
    const { store } = createKitEnv();
    store?.inject({ op: 'flush', id: 'x', effect: 'hang' });
    const outcome = await Promise.race([store?.flush('x').then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('pending'), 20))]);
    expect(outcome).toBe('pending');
  });

  it('turns complete, hold until released or cut, or fail, per session id', async () => {
    const { env, turns } = createKitEnv();
    const controller = new AbortController();
    expect(await env.turn({ id: 'a', signal: controller.signal })).toEqual([{ kind: 'assistant', data: 'ok' }]);
    turns.plan('a', { kind: 'hold' });
    const held = env.turn({ id: 'a', signal: controller.signal });
    expect(turns.inFlight).toBe(1);
    turns.release('a');
    expect(await held).toEqual([{ kind: 'assistant', data: 'released' }]);
    turns.plan('b', { kind: 'hold' });
    const cut = env.turn({ id: 'b', signal: controller.signal });
    const reason = new Error('cut');
    controller.abort(reason);
    await expect(cut).rejects.toBe(reason);
    const value = { failed: true };
    turns.plan('c', { kind: 'fail', value });
    await expect(env.turn({ id: 'c', signal: new AbortController().signal })).rejects.toBe(value);
    expect(turns.inFlight).toBe(0);
  });

  it('pauses wait for their release, and a released pause no longer waits', async () => {
    const { env, pauses } = createKitEnv();
    let done = false;
    const waiting = env.pause('p').then(() => {
      done = true;
    });
    await Promise.resolve();
    expect([done, pauses.waiting('p')]).toEqual([false, true]);
    pauses.release('p');
    await waiting;
    expect(done).toBe(true);
    await env.pause('p');
  });

  it('ids are deterministic counters (after any given ones), the clock steps, and seeds are completed turns', () => {
    const { env, minted } = createKitEnv({ ids: ['given'] });
    expect([env.ids(), env.ids(), env.ids()]).toEqual(['given', 'minted-2', 'minted-3']);
    expect(minted).toEqual(['given', 'minted-2', 'minted-3']);
    const first = env.clock();
    expect(env.clock() - first).toBe(1000);
    expect(seedLog(2).map((event) => `${event.seq}:${event.kind}`)).toEqual(['0:user', '1:assistant', '2:turn-end', '3:user', '4:assistant', '5:turn-end']);
    expect(createKitEnv({ durable: false }).env.store).toBeUndefined();
  });
});
