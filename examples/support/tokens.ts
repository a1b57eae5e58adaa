/**
 * Tokens for the kit: a string per object, stable for the object's life and never reused for
 * another object (DESIGN.md "The adapter"). Objects are remembered weakly.
 */
export class Tokens {
  readonly #tokens = new WeakMap<object, string>();
  #next = 0;

  /** The token of `object`, minted with `prefix` the first time it is asked for. */
  of(object: object, prefix: string): string {
    let token = this.#tokens.get(object);
    if (token === undefined) {
      this.#next += 1;
      token = `${prefix}${this.#next}`;
      this.#tokens.set(object, token);
    }
    return token;
  }
}
