/**
 * Names the ids an implementation minted itself (no `idSource` capability) by first appearance,
 * `#1`, `#2`, …, so the same seed still gives the same report when those ids are random. Ids the
 * kit chose (the session ids it asked for, its configuration's labels and exact ids) keep their own names.
 * Run ids are always aliased ({@link IdAliases.noteRun}).
 */
export class IdAliases {
  readonly #aliases = new Map<string, string>();
  readonly #chosen = new Set<string>();

  /** Records `id` as chosen by the kit, so it is never aliased (unless already seen as minted). */
  choose(id: string): void {
    if (!this.#aliases.has(id)) this.#chosen.add(id);
  }

  /** Records `id` as minted by the implementation unless the kit chose it (idempotent). */
  note(id: string): void {
    if (id !== '' && !this.#chosen.has(id) && !this.#aliases.has(id)) this.#aliases.set(id, `#${this.#aliases.size + 1}`);
  }

  /**
   * Records a run id the implementation reported. Run ids are the implementation's own (never the
   * id source's), so they are aliased `run#1`, `run#2`, … whatever the capabilities (idempotent).
   */
  noteRun(runId: string): void {
    if (runId !== '' && !this.#aliases.has(runId)) this.#aliases.set(runId, `run#${[...this.#aliases.values()].filter((alias) => alias.startsWith('run#')).length + 1}`);
  }

  /** `text` with every noted id replaced by its alias (longest ids first, so no id eats part of another). */
  apply(text: string): string {
    const ids = [...this.#aliases.keys()].sort((a, b) => b.length - a.length);
    return ids.reduce((current, id) => current.split(id).join(this.#aliases.get(id) ?? id), text);
  }
}
