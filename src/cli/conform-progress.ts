import { CHUNK_RUNS } from '../../properties/model/chunks.js';
import type { ConformanceProgress } from '../../properties/runner/run-conformance.js';
import { progressLine } from './progress-bar.js';
import { printable } from '../contract/printable.js';

/** Where the progress of a `conform` run is shown (standard error). */
export interface ProgressStream {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(text: string): unknown;
}

/** What a run is about to do, known once the engine is loaded and before the run starts: the totals the progress counts against. */
export interface RunPlan {
  /** Directed checks in scope (skipped ones included: they are done once decided). */
  readonly checks: number;
  /** Generated runs the run makes. */
  readonly runs: number;
  /** Generated chunks those runs are split into. */
  readonly chunks: number;
}

/** In CI, a progress line at most this often while work advances (vitest's non-TTY reporters print per file; the kit's checks are smaller, so it paces them). */
export const LINE_EVERY_MS = 5000;
/** In CI, a line after this long without one, so a log never looks stalled (a CI job's no-output timeout is minutes; a reader's patience, seconds). */
export const SILENCE_MS = 10_000;
/** On a TTY, the bar redraws this often, so its clock and its waiting note move while a check runs. */
const REDRAW_MS = 1000;
/** On a TTY, the bar says it waits once no unit of work was done for this long. */
const WAITING_MS = 3000;

/** Seconds, as a progress line shows them. */
function seconds(ms: number): string {
  const whole = Math.floor(ms / 1000);
  return whole < 60 ? `${whole}s` : `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
}

/** Until {@link ConformProgress.start}: no unit of work to count yet. */
const NO_PLAN: RunPlan = { checks: 0, runs: 0, chunks: 0 };

/**
 * The progress of a `conform` run, shown on standard error: on a TTY one bar redrawn in place;
 * elsewhere (CI) plain lines — the header at once, the plan once the engine is loaded, a line per
 * phase, a progress line at most every {@link LINE_EVERY_MS} while work advances and at least
 * every {@link SILENCE_MS}. The bar counts one unit of work, a run of the system: a directed
 * check is one, a generated chunk its runs.
 */
export class ConformProgress {
  readonly #stream: ProgressStream;
  #plan = NO_PLAN;
  readonly #now: () => number;
  readonly #started: number;
  readonly #tty: boolean;
  #checksDone = 0;
  #chunksDone = 0;
  #label = '';
  #lastLine: number;
  #lastAdvance: number;
  /** When the directed checks were all done: the generated runs' pace counts from there. */
  #checksEnded: number | undefined;
  #shownChecksPhase = false;
  #shownGeneratedPhase = false;
  #ticker: ReturnType<typeof setInterval> | undefined;

  /**
   * Starts showing the run: writes the header at once and starts the clock. `header` holds its
   * fields in order (`seed 202611`, `adapter conformance/adapter.ts`, …); the CLI writes it before
   * it loads the engine, so a CI log shows the seed first.
   */
  constructor(stream: ProgressStream, header: readonly string[], now: () => number = () => performance.now()) {
    this.#stream = stream;
    this.#now = now;
    this.#tty = stream.isTTY === true;
    this.#started = now();
    this.#lastLine = this.#started;
    this.#lastAdvance = this.#started;
    this.#stream.write(`agent-identity-kit conform · ${header.join(' · ')}\n`);
  }

  /** Counts against `plan` from now on: writes the plan (CI) and starts the lines that keep a log moving (or the bar's redraw). */
  start(plan: RunPlan): void {
    this.#plan = plan;
    if (!this.#tty) this.#line(`${plan.checks} directed checks, then ${plan.runs} generated runs in ${plan.chunks} chunk${plan.chunks === 1 ? '' : 's'}`);
    this.#ticker = setInterval(() => this.#tick(), this.#tty ? REDRAW_MS : 1000);
    this.#ticker.unref();
  }

  /** The run's progress, as the engine (or the sum of its workers) reports it. */
  update(progress: ConformanceProgress): void {
    const checksDone = Math.min(progress.done - progress.chunks.done, this.#plan.checks);
    const chunksDone = Math.min(progress.chunks.done, this.#plan.chunks);
    if (checksDone !== this.#checksDone || chunksDone !== this.#chunksDone) this.#lastAdvance = this.#now();
    if (checksDone === this.#plan.checks && this.#checksEnded === undefined) this.#checksEnded = this.#now();
    this.#checksDone = checksDone;
    this.#chunksDone = chunksDone;
    this.#label = progress.label;
    if (this.#tty) {
      this.#draw();
      return;
    }
    if (!this.#shownChecksPhase && checksDone === this.#plan.checks) {
      this.#shownChecksPhase = true;
      this.#line(`directed checks done (${this.#plan.checks})`);
    }
    if (!this.#shownGeneratedPhase && chunksDone === this.#plan.chunks) {
      this.#shownGeneratedPhase = true;
      this.#line(`generated runs done (${this.#plan.runs})`);
    }
    if (this.#now() - this.#lastLine >= LINE_EVERY_MS) this.#line(this.#counts());
  }

  /** Text from the run (adapter output, the supervisor's notes) shown between the progress, which goes on below it. */
  log(text: string): void {
    this.#stream.write(this.#tty ? `\r\u001b[2K${printable(text)}` : printable(text));
    if (this.#tty) this.#draw();
    else this.#lastLine = this.#now();
  }

  /** Stops the clock and clears the bar (a TTY); what follows (the verdict, or why there is none) says how the run ended. */
  stop(): void {
    clearInterval(this.#ticker);
    if (this.#tty) this.#stream.write('\r\u001b[2K');
  }

  /** Generated runs made so far: whole chunks, the last one possibly short. */
  #runsDone(): number {
    return Math.min(this.#chunksDone * CHUNK_RUNS, this.#plan.runs);
  }

  #counts(): string {
    return `directed checks ${this.#checksDone}/${this.#plan.checks} · generated runs ${this.#runsDone()}/${this.#plan.runs}`;
  }

  #line(text: string): void {
    this.#lastLine = this.#now();
    this.#stream.write(`[${seconds(this.#lastLine - this.#started)}] ${text}\n`);
  }

  #tick(): void {
    if (this.#tty) this.#draw();
    else if (this.#now() - this.#lastLine >= SILENCE_MS) this.#line(`${this.#counts()} · still running${this.#label === '' ? '' : ` (last done: ${this.#label})`}`);
  }

  #draw(): void {
    const now = this.#now();
    const done = this.#checksDone + this.#runsDone();
    const total = this.#plan.checks + this.#plan.runs;
    const waiting = now - this.#lastAdvance >= WAITING_MS ? ` · waiting ${seconds(now - this.#lastAdvance)} (a slow operation, or a hang being confirmed)` : '';
    // From the pace of the generated runs alone, once the directed checks are done: a directed check and a generated run take different times.
    const made = this.#runsDone();
    const eta = this.#checksEnded === undefined || made === 0 ? undefined : ((this.#plan.runs - made) * (now - this.#checksEnded)) / made;
    this.#stream.write(`\r\u001b[2K${progressLine({ done, total, label: `${this.#label}${waiting}` }, eta, this.#stream.columns)}`);
  }
}
