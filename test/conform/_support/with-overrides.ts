import type { AdapterFactory, System } from '../../../src/contract/adapter.js';
import { referenceAdapter } from '../../../properties/reference-adapter.js';

/** `factory`'s systems with the members `override` returns put in place of theirs. */
export function withOverrides(factory: AdapterFactory, override: (system: System) => Partial<Record<keyof System, unknown>>): AdapterFactory {
  return async (env, options) => {
    const system = await factory(env, options);
    const replaced = override(system);
    return new Proxy(system, {
      get(target, key) {
        if (key in replaced) return replaced[key as keyof System];
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
}

/** The reference runtime whose adapter classifies not-found as invalid: it breaks AIK-RESUME-002 and nothing else. */
export const notFoundAsInvalid: AdapterFactory = withOverrides(referenceAdapter(), (system) => ({
  classifyError: (error: unknown, context: Parameters<System['classifyError']>[1]) => {
    const code = system.classifyError(error, context);
    return code === 'not-found' ? 'invalid' : code;
  },
}));
