import { EVENT_TYPES as CONTRACT_EVENT_TYPES } from '../../src/contract/adapter.js';
import type { DurableStore } from '../../src/contract/durable-store.js';
import { createMemoryStore, createRuntime, type RuntimeEventMap, type RuntimeEventType, type RuntimeOptions, type Runtime } from '../../src/runtime/index.js';

/** Every lifecycle event type: the adapter interface's list, which the runtime's event map must match. */
export const EVENT_TYPES: readonly RuntimeEventType[] = CONTRACT_EVENT_TYPES;

/** One heard event: its type, the subject's id and the payload as dispatched. */
export interface Heard {
  readonly type: RuntimeEventType;
  readonly id: string;
  readonly payload: RuntimeEventMap[RuntimeEventType];
}

/** Records every event of `runtime` with a global listener per type. */
export function record(runtime: Runtime): Heard[] {
  const heard: Heard[] = [];
  for (const type of EVENT_TYPES) {
    runtime.on(type, (payload) => {
      const subject = 'session' in payload ? payload.session : 'agent' in payload ? payload.agent : payload.parent;
      heard.push({ type, id: subject.id, payload });
    });
  }
  return heard;
}

/** `type:id` lines of what was heard, for compact assertions. */
export function lines(heard: readonly Heard[]): string[] {
  return heard.map(({ type, id }) => `${type}:${id}`);
}

/** A deterministic id source: `m1`, `m2`, … */
export function counterIds(prefix = 'm'): () => string {
  let next = 0;
  return () => `${prefix}${(next += 1)}`;
}

/** A promise with its resolve and reject exposed. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A store call as seen by {@link spyStore}. */
export interface StoreCall {
  readonly op: keyof DurableStore;
  readonly id: string;
}

/**
 * A memory store whose operations are recorded and may be overridden per operation (a fault:
 * throw, hang, or delay).
 */
export function spyStore(overrides: Partial<{ [K in keyof DurableStore]: (id: string, next: () => ReturnType<DurableStore[K]>) => ReturnType<DurableStore[K]> }> = {}) {
  const base = createMemoryStore();
  const calls: StoreCall[] = [];
  const store: DurableStore = {
    load: (id) => {
      calls.push({ op: 'load', id });
      return overrides.load ? overrides.load(id, () => base.load(id)) : base.load(id);
    },
    put: (record) => {
      calls.push({ op: 'put', id: record.header.id });
      return overrides.put ? overrides.put(record.header.id, () => base.put(record)) : base.put(record);
    },
    append: (id, events) => {
      calls.push({ op: 'append', id });
      return overrides.append ? overrides.append(id, () => base.append(id, events)) : base.append(id, events);
    },
    list: () => {
      calls.push({ op: 'list', id: '' });
      return base.list();
    },
    flush: (id) => {
      calls.push({ op: 'flush', id });
      return overrides.flush ? overrides.flush(id, () => base.flush(id)) : base.flush(id);
    },
  };
  return { store, base, calls };
}

/** A runtime with deterministic ids and clock, a memory store and a silent, recorded log. */
export function testRuntime(options: RuntimeOptions = {}) {
  const logged: { message: string; error: unknown }[] = [];
  const runtime = createRuntime({
    store: createMemoryStore(),
    ids: counterIds(),
    clock: () => 1_700_000_000_000,
    log: (message, error) => logged.push({ message, error }),
    ...options,
  });
  return { runtime, logged, heard: record(runtime) };
}

/** Lets every queued microtask and timer of the current turn run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The rejection of `promise` (fails the test when it fulfils). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection, but the promise fulfilled');
}

/** What `action` threw synchronously (fails the test when it returns). */
export function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}
