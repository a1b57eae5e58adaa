import type { AdapterFactory, Capabilities, System } from '../../../src/contract/adapter.js';
import type { DurableStore } from '../../../src/contract/durable-store.js';
import { lazyStore } from '../../../properties/env/lazy-store.js';

/**
 * Benign variations of a conforming adapter that the kit must still find CONFORMANT (no false
 * FAILs): a slow store and an unusual registry list order are both allowed by the contract.
 */

/**
 * Every store call waits one to four macrotasks (a fixed cycle) before it reaches the kit's store,
 * in the order the calls were made: an uneven pace widens the window in which a call issued by an
 * earlier step is still on its way.
 */
function slow(store: DurableStore): DurableStore {
  let calls = 0;
  let arrived: Promise<void> = Promise.resolve();
  const macrotask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
  const later = <T>(run: () => Promise<T>): Promise<T> => {
    const hops = 1 + ((calls++ * 3) % 4);
    arrived = arrived.then(async () => {
      for (let hop = 0; hop < hops; hop += 1) await macrotask();
    });
    return arrived.then(run);
  };
  return {
    load: (id) => later(() => store.load(id)),
    put: (record) => later(() => store.put(record)),
    append: (id, events) => later(() => store.append(id, events)),
    list: () => later(() => store.list()),
    flush: (id) => later(() => store.flush(id)),
  };
}

/** `factory` over a store whose every call is delayed (the contract never promises a fast store). */
export function behindSlowStore(factory: AdapterFactory): AdapterFactory {
  return (env, options) => factory({ ...env, store: env.store === undefined ? undefined : slow(env.store) }, options);
}

/** A fixed permutation that moves every element (the contract leaves list order unspecified). */
function shuffle<T>(entries: readonly T[]): T[] {
  const odd = entries.filter((_, index) => index % 2 === 1);
  const even = entries.filter((_, index) => index % 2 === 0);
  return [...odd.reverse(), ...even.reverse()];
}

/** `factory` whose `agents()` and `sessions()` list the same entries in another order. */
export function withShuffledLists(factory: AdapterFactory): AdapterFactory {
  return async (env, options) => {
    const system = await factory(env, options);
    return new Proxy(system, {
      get(target, key) {
        if (key === 'agents') return () => shuffle(target.agents());
        if (key === 'sessions') return () => shuffle(target.sessions());
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    }) as System;
  };
}

/**
 * `factory` whose runtime stops creating once a restart's configuration was refused, as a
 * deployment whose configuration does not load has no runtime: every later create or resume
 * fails `inactive` (the contract refuses the configuration and says nothing of what follows).
 */
export function stoppedByRefusedConfig(factory: AdapterFactory): AdapterFactory {
  return async (env, options) => {
    const system = await factory(env, options);
    let stopped = false;
    const refused = () => Promise.resolve({ ok: false as const, error: { code: 'inactive' } });
    return new Proxy(system, {
      get(target, key) {
        if (key === 'restart') {
          return async (input: Parameters<System['restart']>[0]) => {
            const outcome = await target.restart(input);
            stopped = !target.configResults().ok;
            return outcome;
          };
        }
        if (key === 'create' || key === 'resume') return stopped ? refused : (target[key] as (...args: unknown[]) => unknown).bind(target);
        if (key === 'classifyError') return (error: unknown, context: Parameters<System['classifyError']>[1]) => ((error as { code?: unknown } | null)?.code === 'inactive' && stopped ? 'inactive' : target.classifyError(error, context));
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    }) as System;
  };
}

/** Whether `cwd` is given and not absolute (the contract's invalid cwd). */
function relative(cwd: string | undefined): boolean {
  return cwd !== undefined && !cwd.startsWith('/');
}

/**
 * `factory` validating a create's cwd at preparation (§4 phase 4) rather than at admission: a
 * relative cwd over a live id, or over a persisted one under `reject-at-create`, is refused by the
 * live check or the durable read first (`conflict`). AIK-CREATE-003 allows either phase.
 */
export function validatingAtPreparation(factory: AdapterFactory): AdapterFactory {
  return async (env, options) => {
    const system = await factory(env, options);
    const create: System['create'] = async (input) => {
      if (!relative(input.meta?.cwd)) return system.create(input);
      const live = system.getAgent(input.sessionId) !== undefined;
      const persisted = system.profiles.persistedCreate === 'reject-at-create' && (await env.store?.load(input.sessionId)) !== undefined;
      // Reached preparation's earlier phases first: the same creation with a valid cwd is refused there.
      return live || persisted ? system.create({ ...input, meta: { ...input.meta, cwd: '/' } }) : system.create(input);
    };
    return new Proxy(system, {
      get(target, key) {
        if (key === 'create') return create;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    }) as System;
  };
}

/** `factory` persisting lazily: a session that never appended an event (and was never flushed) is never written. */
export function persistingLazily(factory: AdapterFactory): AdapterFactory {
  return (env, options) => factory({ ...env, store: env.store === undefined ? undefined : lazyStore(env.store, 'at-first-flush') }, options);
}

/**
 * `factory` materializing a session at its first appended event: one that never appended an
 * event (seeded or not) is never written, even after a `flush` of it resolved (§2, AIK-DURABLE-001).
 */
export function materializingAtFirstAppend(factory: AdapterFactory): AdapterFactory {
  return (env, options) => factory({ ...env, store: env.store === undefined ? undefined : lazyStore(env.store, 'at-first-append') }, options);
}

/**
 * A wrapper declaring `absent` optional capabilities absent: their CAP requirements are
 * NOT-APPLICABLE (§5 tiers) and the other requirements are checked without them.
 */
export function declaringAbsent(absent: readonly (keyof Capabilities)[]): (factory: AdapterFactory) => AdapterFactory {
  return (factory) => async (env, options) => {
    const system = await factory(env, options);
    const capabilities = { ...system.capabilities, ...Object.fromEntries(absent.map((name) => [name, false])) };
    return new Proxy(system, {
      get(target, key) {
        if (key === 'capabilities') return capabilities;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    }) as System;
  };
}
