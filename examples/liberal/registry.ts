/**
 * A registry: each live object filed under its own id, one entry per id. Its listing order is
 * unspecified by the contract, and this one changes it on every call (rotated, every other call
 * reversed), so nobody can come to depend on it.
 */
export class Registry<T> {
  readonly #entries = new Map<string, T>();
  #listings = 0;

  get(id: string): T | undefined {
    return this.#entries.get(id);
  }

  has(id: string): boolean {
    return this.#entries.has(id);
  }

  /** Files `value` under `id`; the caller checked that the id is free. */
  enter(id: string, value: T): void {
    this.#entries.set(id, value);
  }

  /** Removes the entry under `id` only if it is `value` (a newer object under the same id stays). */
  leave(id: string, value: T): void {
    if (this.#entries.get(id) === value) this.#entries.delete(id);
  }

  /** Every entry as `[id, value]`, in an order that differs from one call to the next. */
  list(): (readonly [string, T])[] {
    const all = [...this.#entries];
    this.#listings += 1;
    if (all.length === 0) return all;
    const shift = this.#listings % all.length;
    const rotated = [...all.slice(shift), ...all.slice(0, shift)];
    return this.#listings % 2 === 0 ? rotated.reverse() : rotated;
  }
}
