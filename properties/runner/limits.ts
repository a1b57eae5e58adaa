import { ConfirmedHangs } from './confirmed-hangs.js';

/** An operation that reached its limit: its step line, and the promise that may still settle. */
export interface Overdue {
  readonly op: string;
  readonly line: string;
  readonly running: Promise<unknown>;
}

/** A limit grows to this many times the slowest settle the run measured of the same operation. */
const PACE_FACTOR = 5;
/** A confirming re-run waits this many times longer than the run did. */
export const CONFIRM_FACTOR = 10;

/**
 * How long the kit waits for what must settle: an operation, or a condition it polls for. One
 * limit does not fit every operation of every implementation on every machine (a child process
 * starts far slower than a method call returns, and a loaded CI runner is slower still), so each
 * operation's limit is the configured one or {@link PACE_FACTOR} times the slowest settle the run
 * measured of that operation, whichever is longer. A wait that reaches its limit only makes a
 * failure *suspected*: the runner confirms it with a re-run under {@link Limits.confirming}
 * limits ({@link CONFIRM_FACTOR} times longer) before it reports it.
 */
export class Limits {
  /** The configured per-operation limit, in ms. */
  readonly base: number;
  /** Whether this is a confirming re-run. */
  readonly confirming: boolean;
  /** The slowest settle measured per operation, shared by every check of the run. */
  readonly #pace: Map<string, number>;
  /** Told whenever an operation settles (shared by every check of the run): a sign of life no amount of work can starve. */
  readonly #settled: () => void;
  /** The hangs the run confirmed, shared by every check of the run: an operation among them is not waited for again. */
  readonly hangs: ConfirmedHangs;
  /** Whether a wait reached its limit since this object was made. */
  expired = false;
  /** The operations that reached their limit under these limits and have not settled since. */
  readonly #overdue = new Set<Overdue>();

  constructor(base: number, confirming = false, pace = new Map<string, number>(), settled: () => void = () => undefined, hangs = new ConfirmedHangs()) {
    this.base = base;
    this.confirming = confirming;
    this.#pace = pace;
    this.#settled = settled;
    this.hangs = hangs;
  }

  /** The limit for `op` (an operation name, `factory`, or `wait` for a polled condition), in ms. */
  for(op: string): number {
    const paced = Math.min(this.base * CONFIRM_FACTOR, Math.max(this.base, PACE_FACTOR * (this.#pace.get(op) ?? 0)));
    return Math.round(this.confirming ? paced * CONFIRM_FACTOR : paced);
  }

  /**
   * How a wait that reached its limit is told in a message: without the figure, which grows with
   * the measured pace, so the same seed still gives the same report on a loaded machine.
   */
  get reached(): string {
    return this.confirming ? `its limit, also on a confirming re-run with ${CONFIRM_FACTOR}× the limit (base ${this.base} ms)` : `its limit (base ${this.base} ms)`;
  }

  /** Records that `op` settled after `ms`. */
  observe(op: string, ms: number): void {
    if (ms > (this.#pace.get(op) ?? 0)) this.#pace.set(op, ms);
    this.#settled();
  }

  /** Notes that a wait reached its limit: a failure of this run is only suspected. */
  expire(): void {
    this.expired = true;
  }

  /** Notes that operation `op` (step `line`) reached its limit while `running`, which is watched until it settles. */
  overdue(op: string, line: string, running: Promise<unknown>): void {
    this.expire();
    const entry = { op, line, running };
    this.#overdue.add(entry);
    const settled = () => void this.#overdue.delete(entry);
    running.then(settled, settled);
  }

  /**
   * The operations that reached their limit under these limits and still have not settled after
   * waiting up to `grace(op)` more for them (the longest of theirs): hangs, not a slow machine.
   */
  async stillOverdue(grace: (op: string) => number = () => 0): Promise<Overdue[]> {
    if (this.#overdue.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      const graceMs = Math.max(...[...this.#overdue].map((entry) => grace(entry.op)));
      const waited = new Promise((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.allSettled([...this.#overdue].map((entry) => entry.running)), waited]);
      clearTimeout(timer);
    }
    return [...this.#overdue];
  }

  /** Fresh limits for a run that confirms a suspected failure (same measured pace). */
  confirm(): Limits {
    return new Limits(this.base, true, this.#pace, this.#settled, this.hangs);
  }

  /** Fresh limits for a phase that judges hangs on its own (same measured pace, no confirmed hangs): the generated runs. */
  withoutHangs(): Limits {
    return new Limits(this.base, this.confirming, this.#pace, this.#settled);
  }

  /** Fresh limits for another check of the same run (same measured pace). */
  fresh(): Limits {
    return new Limits(this.base, this.confirming, this.#pace, this.#settled, this.hangs);
  }
}
