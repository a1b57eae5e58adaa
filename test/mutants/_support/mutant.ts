import type { AdapterEnv, AdapterFactory, ConfigInput, System } from '../../../src/contract/adapter.js';
import type { DurableStore } from '../../../src/contract/durable-store.js';
import referenceAdapter from '../../../properties/reference-adapter.js';

/** A mutant: the reference runtime (through its adapter) with exactly one realistic defect. */
export interface Mutant {
  /** kebab-case, also the file name. */
  readonly name: string;
  /** The defect in one line, as a code reviewer would describe it. */
  readonly defect: string;
  /** The requirements the defect breaks: the default conformance run must fail a check tagged with one of them. */
  readonly requirements: readonly string[];
  /** The contract clauses (src/contract/clauses.ts) the defect breaks, each under one of `requirements`. */
  readonly clauses: readonly string[];
  readonly adapter: AdapterFactory;
}

/** How a mutant changes the reference system: the methods it replaces (`env` is the env the reference saw). */
export type Defect = (inner: System, env: AdapterEnv) => Partial<System>;

/** Options of {@link mutant}. */
export interface MutantSpec {
  readonly name: string;
  readonly defect: string;
  readonly requirements: readonly string[];
  readonly clauses: readonly string[];
  /** The methods the defect replaces (everything else is the reference system's own). */
  readonly inject?: Defect;
  /** A defect in how configuration is read: applied to the factory's and every restart's config. */
  readonly config?: (config: ConfigInput) => ConfigInput;
  /** A defect in how the store is used: the store the reference writes through, wrapped (one wrapper per system, kept across restarts). */
  readonly store?: (store: DurableStore) => DurableStore;
}

/** `store`'s own operations, bound: what a store defect spreads and then replaces in part. */
export function passThrough(store: DurableStore): DurableStore {
  return {
    load: (id) => store.load(id),
    list: () => store.list(),
    put: (record) => store.put(record),
    append: (id, events) => store.append(id, events),
    flush: (id) => store.flush(id),
  };
}

/**
 * The reference system with `overrides` in place of its own methods; every other member is the
 * reference's, bound to it (its methods use private fields).
 */
function overlay(inner: System, overrides: Partial<System>): System {
  return new Proxy(inner, {
    get(target, key) {
      if (Object.hasOwn(overrides, key)) return overrides[key as keyof System];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Builds a {@link Mutant} over the reference adapter (default profiles). */
export function mutant(spec: MutantSpec): Mutant {
  const readConfig = spec.config;
  const adapter: AdapterFactory = async (env, options) => {
    const config = options.config === undefined || readConfig === undefined ? options.config : readConfig(options.config);
    const store = env.store === undefined || spec.store === undefined ? env.store : spec.store(env.store);
    const inner = await referenceAdapter({ ...env, store }, config === undefined ? {} : { config });
    const overrides: Partial<System> = { ...spec.inject?.(inner, { ...env, store }) };
    if (readConfig !== undefined) {
      overrides.restart = (restart) => inner.restart(restart.config === undefined ? {} : { config: readConfig(restart.config) });
    }
    return overlay(inner, overrides);
  };
  return { name: spec.name, defect: spec.defect, requirements: spec.requirements, clauses: spec.clauses, adapter };
}
