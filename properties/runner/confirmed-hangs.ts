/**
 * Operations whose hang a run has confirmed (a wait that reached its limit, also on the confirming
 * re-run; or a blocked worker the supervisor stopped twice). Once `create` is confirmed to hang,
 * every later check that needs it would only wait again: it is not tried, and the check is
 * NOT-TESTED naming the hang, so a run whose every creation hangs reaches its verdict in bounded time.
 */

/** Where an operation's hang was confirmed. */
export interface ConfirmedHang {
  /** The operation (`create`, `prompt`, `factory`, …). */
  readonly op: string;
  /** The check it was confirmed in. */
  readonly check: string;
  /** The step line that hung (`create(one, cwd=/work)`). */
  readonly step: string;
}

/** The note of a check that was not run because it needs an operation confirmed to hang. */
export function hangNote(hang: ConfirmedHang): string {
  return `needs ${hang.op}, which hung in ${hang.check} (${hang.step}; confirmed): not tried again`;
}

/** Thrown instead of calling an operation confirmed to hang: the check could not run. */
export class NotTried extends Error {
  override readonly name = 'NotTried';
  readonly hang: ConfirmedHang;

  constructor(hang: ConfirmedHang) {
    super(hangNote(hang));
    this.hang = hang;
  }
}

/** The hangs a run confirmed, by operation (the first one confirmed of each); shared by every check of the run. */
export class ConfirmedHangs {
  readonly #by = new Map<string, ConfirmedHang>();

  constructor(given: readonly ConfirmedHang[] = []) {
    for (const hang of given) this.add(hang);
  }

  /** Records `hang` unless its operation's hang is already known; returns whether it was new. */
  add(hang: ConfirmedHang): boolean {
    if (this.#by.has(hang.op)) return false;
    this.#by.set(hang.op, hang);
    return true;
  }

  /** The confirmed hang of `op`, if any. */
  of(op: string): ConfirmedHang | undefined {
    return this.#by.get(op);
  }

  /** Every confirmed hang, in the order confirmed. */
  all(): ConfirmedHang[] {
    return [...this.#by.values()];
  }
}
