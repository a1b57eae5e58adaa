/**
 * Operations whose hang a run has confirmed (a wait that reached its limit, also on the confirming
 * re-run; or a blocked worker the supervisor stopped twice, in an operation or in a synchronous
 * observation such as `agents`). A later check that meets the same
 * operation hanging again is not confirmed again (no 10× wait): it is NOT-TESTED naming the
 * confirmed hang. An operation that hangs in one state only (a shutdown during a held load) still
 * works everywhere else, so it is tried; once it has hung again {@link STRIKES} times in a row
 * (never settling in between) it is not tried any more. So a run whose every creation hangs
 * reaches its verdict in bounded time, and one situational hang does not untest the rest.
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

/** The note of a check that could not run because an operation confirmed to hang hung again (or was not tried any more). */
export function hangNote(hang: ConfirmedHang): string {
  return `needs ${hang.op}, which hangs (confirmed in ${hang.check}: ${hang.step}): not waited for again`;
}

/** Thrown when an operation confirmed to hang hangs again, or instead of calling it once it struck out: the check could not run. */
export class NotTried extends Error {
  override readonly name = 'NotTried';
  readonly hang: ConfirmedHang;

  constructor(hang: ConfirmedHang) {
    super(hangNote(hang));
    this.hang = hang;
  }
}

/** After a confirmed hang, an operation that hangs again this many times in a row is not tried any more. */
export const STRIKES = 3;

/** The hangs a run confirmed, by operation (the first one confirmed of each); shared by every check of the run. */
export class ConfirmedHangs {
  readonly #by = new Map<string, ConfirmedHang>();
  /** Per operation with a confirmed hang: how many times it hung again since it last settled. */
  readonly #strikes = new Map<string, number>();

  /** Told when a synchronous observation starts (see {@link ConfirmedHangs.observing}). */
  readonly #onObserve: ((op: string) => void) | undefined;

  /**
   * `given` hangs confirmed elsewhere; the operations in `struck` already hung {@link STRIKES}
   * times in a row there. `onObserve` hears each synchronous observation as it starts.
   */
  constructor(given: readonly ConfirmedHang[] = [], struck: readonly string[] = [], onObserve?: (op: string) => void) {
    for (const hang of given) this.add(hang);
    for (const op of struck) if (this.#by.has(op)) this.#strikes.set(op, STRIKES);
    this.#onObserve = onObserve;
  }

  /**
   * Notes that the synchronous observation `op` (`agents`, `getAgent`, …) starts. An observation
   * that blocks the thread cannot be timed where it runs: a supervisor told what started last
   * knows what its watchdog stopped, and confirms that hang as it confirms an operation's.
   */
  observing(op: string): void {
    this.#onObserve?.(op);
  }

  /** Records `hang` unless its operation's hang is already known; returns whether it was new. */
  add(hang: ConfirmedHang): boolean {
    if (this.#by.has(hang.op)) return false;
    this.#by.set(hang.op, hang);
    this.#strikes.set(hang.op, 0);
    return true;
  }

  /** The confirmed hang of `op`, if any. */
  of(op: string): ConfirmedHang | undefined {
    return this.#by.get(op);
  }

  /** Notes that `op`, confirmed to hang, hung again. */
  strike(op: string): void {
    this.#strikes.set(op, (this.#strikes.get(op) ?? 0) + 1);
  }

  /** Notes that `op` settled: it works, in some states at least. */
  settled(op: string): void {
    if (this.#strikes.has(op)) this.#strikes.set(op, 0);
  }

  /** The confirmed hang of `op` when it hung again {@link STRIKES} times in a row: it is not tried any more. */
  struckOut(op: string): ConfirmedHang | undefined {
    return (this.#strikes.get(op) ?? 0) >= STRIKES ? this.#by.get(op) : undefined;
  }

  /** The first confirmed hang whose operation struck out (it hangs every time it is tried), if any. */
  anyStruckOut(): ConfirmedHang | undefined {
    return [...this.#by.values()].find((hang) => this.struckOut(hang.op) !== undefined);
  }

  /** Every confirmed hang, in the order confirmed. */
  all(): ConfirmedHang[] {
    return [...this.#by.values()];
  }
}
