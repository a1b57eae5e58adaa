import type { DurableRecord, DurableStore, StoredEvent } from '../../src/contract/durable-store.js';
import { controlStep, type Step } from '../runner/step.js';

/** A durable store operation, as fault plans and the call log name it. */
export type StoreOperation = 'load' | 'put' | 'append' | 'list' | 'flush';

/**
 * A fault plan entry, keyed by operation and id — never by call count (docs/writing-an-adapter.md):
 * "every load of X fails", "the next put of X hangs". `list` takes no id: use `*`.
 */
export interface StoreFault {
  readonly op: StoreOperation;
  readonly id: string;
  /**
   * `fail` rejects with `value` (compared by identity); `hang` never settles; `return` resolves
   * with `value` without touching the data (e.g. a load answering a record filed under another id);
   * `hold` waits until the kit releases the pause named `value`, then makes the call (a write that
   * hangs until the check lets it settle).
   */
  readonly effect: 'fail' | 'hang' | 'return' | 'hold';
  readonly value?: unknown;
  /** Applies to the next matching call only (default: every matching call). */
  readonly once?: boolean;
}

/** One store call as the kit saw it. */
export interface StoreCall {
  readonly op: StoreOperation;
  readonly id: string;
}

/** A durable store with fault plans and a call log, over an inner store that holds the data. */
export interface FaultStore extends DurableStore {
  /** Adds a fault plan entry; later entries are consulted first. */
  inject(fault: StoreFault): void;
  /** Removes every fault plan entry for `id` (all ids when absent). */
  heal(id?: string): void;
  /** Every call so far, in call order. */
  readonly calls: readonly StoreCall[];
  /** What is stored, read around the fault plans (for the kit's own checks). */
  peek(id: string): Promise<DurableRecord | undefined>;
  /**
   * Drops what is stored under `id`, as if it had never been written: the model's store adopting
   * an implementation that never persisted it (§2 "may or may not be persisted"). A later put of
   * `id` stores it again.
   */
  forget(id: string): void;
}

/**
 * Wraps `inner` with keyed fault plans and a call log; `log` hears every fault plan change, as a
 * step of the check; `pause` is where a `hold` fault waits.
 */
export function createFaultStore(inner: DurableStore, log: (step: Step) => void = () => undefined, pause: (name: string) => Promise<void> = () => new Promise(() => undefined)): FaultStore {
  let faults: StoreFault[] = [];
  const calls: StoreCall[] = [];
  const forgotten = new Set<string>();
  const load = (id: string) => (forgotten.has(id) ? Promise.resolve(undefined) : inner.load(id));

  function guard<T>(op: StoreOperation, id: string, run: () => Promise<T>): Promise<T> {
    calls.push({ op, id });
    const fault = faults.findLast((candidate) => candidate.op === op && (candidate.id === id || candidate.id === '*'));
    if (fault === undefined) return run();
    if (fault.once === true) faults = faults.filter((candidate) => candidate !== fault);
    if (fault.effect === 'hang') return new Promise<T>(() => undefined);
    if (fault.effect === 'return') return Promise.resolve(fault.value as T);
    if (fault.effect === 'hold') return pause(String(fault.value)).then(run);
    return Promise.reject(fault.value);
  }

  return {
    load: (id) => guard('load', id, () => load(id)),
    put: (record) =>
      guard('put', record.header.id, () => {
        forgotten.delete(record.header.id);
        return inner.put(record);
      }),
    append: (id, events: readonly StoredEvent[]) => guard('append', id, () => (forgotten.has(id) ? Promise.reject(new Error(`append to ${JSON.stringify(id)}, which has no record`)) : inner.append(id, events))),
    list: () => guard('list', '*', async () => (await inner.list()).filter((id) => !forgotten.has(id))),
    flush: (id) => guard('flush', id, () => inner.flush(id)),
    inject(fault) {
      log(controlStep('fault', { store: fault.op, id: fault.id, effect: fault.effect, ...('value' in fault ? { value: fault.value } : {}), ...(fault.once === true ? { once: true } : {}) }, `fault(${fault.effect} ${fault.op} ${fault.id}${fault.once === true ? ' once' : ''})`));
      faults.push(fault);
    },
    heal(id) {
      log(controlStep('heal', id === undefined ? {} : { id }, `heal(${id ?? ''})`));
      faults = id === undefined ? [] : faults.filter((fault) => fault.id !== id);
    },
    calls,
    peek: load,
    forget(id) {
      forgotten.add(id);
    },
  };
}
