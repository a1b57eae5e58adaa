/** How often each generated check ran and failed, across every run of the generated phase. */
export class Tallies {
  readonly #runs = new Map<string, number>();
  readonly #failures = new Map<string, number>();

  /** Counts one evaluation of `check`. */
  count(check: string): void {
    this.#runs.set(check, (this.#runs.get(check) ?? 0) + 1);
  }

  /** Counts one failure of `check`. */
  fail(check: string): void {
    this.#failures.set(check, (this.#failures.get(check) ?? 0) + 1);
  }

  /** The counts as they are now, for {@link Tallies.restore}. */
  snapshot(): { readonly runs: ReadonlyMap<string, number>; readonly failures: ReadonlyMap<string, number> } {
    return { runs: new Map(this.#runs), failures: new Map(this.#failures) };
  }

  /** Puts back the counts of `snapshot` (the runs since were made again). */
  restore(snapshot: ReturnType<Tallies['snapshot']>): void {
    this.#runs.clear();
    this.#failures.clear();
    for (const [check, runs] of snapshot.runs) this.#runs.set(check, runs);
    for (const [check, failures] of snapshot.failures) this.#failures.set(check, failures);
  }

  /** Every check seen, sorted by id, with its counts. */
  entries(): { readonly id: string; readonly runs: number; readonly failures: number }[] {
    return [...this.#runs.keys()].sort().map((id) => ({ id, runs: this.#runs.get(id) ?? 0, failures: this.#failures.get(id) ?? 0 }));
  }
}
