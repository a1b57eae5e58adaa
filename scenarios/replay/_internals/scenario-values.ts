import type { AdapterEnv } from '../../../src/contract/adapter.js';
import type { InjectedValue } from '../../../src/contract/scenario.js';

/**
 * The values one replay injects, built once per name so the kit can compare them by identity,
 * and the resolution of `{ "$injected": name }` / `{ "$seed": turns }` references in plain data.
 */
export class ScenarioValues {
  readonly #byName = new Map<string, unknown>();
  readonly #env: AdapterEnv;

  constructor(declared: { readonly [name: string]: InjectedValue } | undefined, env: AdapterEnv) {
    this.#env = env;
    for (const [name, value] of Object.entries(declared ?? {})) {
      // A non-Error object is frozen: the implementation must hand back this very object.
      this.#byName.set(name, 'error' in value ? new Error(value.error) : typeof value.value === 'object' && value.value !== null ? Object.freeze(structuredClone(value.value)) : value.value);
    }
  }

  /** The injected value declared under `name`. */
  get(name: string): unknown {
    return this.#byName.get(name);
  }

  /** The name of an injected value, when `value` is one (by identity). */
  nameOf(value: unknown): string | undefined {
    for (const [name, candidate] of this.#byName) if (Object.is(candidate, value)) return name;
    return undefined;
  }

  /** A copy of `data` with every reference replaced by its value. */
  resolve<T>(data: T): T {
    return this.#resolve(data) as T;
  }

  #resolve(data: unknown): unknown {
    if (Array.isArray(data)) return data.map((item) => this.#resolve(item));
    if (typeof data !== 'object' || data === null) return data;
    const record = data as Record<string, unknown>;
    if (typeof record['$injected'] === 'string') return this.#byName.get(record['$injected']);
    if (typeof record['$seed'] === 'number') return this.#env.seed(record['$seed']);
    return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, this.#resolve(value)]));
  }
}
