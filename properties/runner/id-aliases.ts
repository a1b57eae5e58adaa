/**
 * Names the ids an implementation minted itself (no `idSource` capability) by first appearance,
 * `#1`, `#2`, …, so the same seed still gives the same report when those ids are random.
 */
export class IdAliases {
  readonly #aliases = new Map<string, string>();

  /** Records `id` as minted by the implementation (idempotent). */
  note(id: string): void {
    if (id !== '' && !this.#aliases.has(id)) this.#aliases.set(id, `#${this.#aliases.size + 1}`);
  }

  /** `text` with every noted id replaced by its alias (longest ids first, so no id eats part of another). */
  apply(text: string): string {
    const ids = [...this.#aliases.keys()].sort((a, b) => b.length - a.length);
    return ids.reduce((current, id) => current.split(id).join(this.#aliases.get(id) ?? id), text);
  }
}
