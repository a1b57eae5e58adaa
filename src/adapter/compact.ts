import { misuse } from './misuse.js';

/** `T` with every property that may be `undefined` made optional and `undefined`-free. */
export type Compact<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/**
 * A copy of `object` without its `undefined` properties: what an implementation's request types
 * need under `exactOptionalPropertyTypes`, where `{ setup: undefined }` is not `{}`.
 *
 * @example harness.create(compact({ sessionId: input.sessionId, meta: input.meta, setup: plans.setup(input.setup) }))
 */
export function compact<T extends object>(object: T): Compact<T> {
  if (typeof object !== 'object' || object === null) throw misuse('compact(object)', 'object must be an object', object);
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Compact<T>;
}
