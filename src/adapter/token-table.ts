import { misuse } from './misuse.js';

/**
 * Tokens for one kind of object: strings the kit uses to name objects, stable for an object's
 * life and never reused for another object (`docs/writing-an-adapter.md`, "Tokens"). The table
 * remembers each object under its token, so an operation on a token finds the object again.
 */
export class TokenTable<T extends object> {
  readonly #prefix: string;
  readonly #tokens = new WeakMap<T, string>();
  readonly #objects = new Map<string, T>();
  #next = 0;

  /** @param prefix what the tokens start with, e.g. `handle` gives `handle-1`, `handle-2`, … */
  constructor(prefix: string) {
    if (typeof prefix !== 'string' || prefix === '') throw misuse('new TokenTable(prefix)', 'prefix must be a non-empty string (e.g. "handle")', prefix);
    this.#prefix = prefix;
  }

  /** The token of `object`, minted the first time the table sees it. */
  token(object: T): string {
    this.#named(object);
    return this.#tokens.get(object) ?? this.fresh(object);
  }

  /**
   * A new token for `object`, even if it has one: for an implementation that returns the same
   * object from two creations, where the kit needs one handle token per creation.
   */
  fresh(object: T): string {
    this.#named(object);
    this.#next += 1;
    const token = `${this.#prefix}-${this.#next}`;
    this.#tokens.set(object, token);
    this.#objects.set(token, object);
    return token;
  }

  /** The object named by `token`; throws naming the token when the table never minted it. */
  get(token: string): T {
    const object = this.#objects.get(token);
    if (object === undefined) throw new Error(`unknown ${this.#prefix} token ${JSON.stringify(token)}`);
    return object;
  }

  /** Throws naming the table when `object` is not an object (a token names an object, never an id). */
  #named(object: T): void {
    if ((typeof object !== 'object' && typeof object !== 'function') || object === null) throw misuse(`TokenTable(${JSON.stringify(this.#prefix)})`, 'a token names an object (for an id, name the object that has it)', object);
  }

  /** The object named by `token`, or `undefined`. */
  find(token: string): T | undefined {
    return this.#objects.get(token);
  }
}
