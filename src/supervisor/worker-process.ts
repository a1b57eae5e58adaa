import type { WorkerOutput } from '../worker/run-worker.js';

/**
 * What the supervisor adds to the worker processes it runs adapter code in (`src/worker/run-worker.ts`
 * forks and watches them): their memory limit, what adapter code printed, and the status messages
 * every adapter worker posts.
 */

/** The memory a worker may use by default, in MB (resident set; the V8 heap is held to it too). */
export const DEFAULT_MEMORY_LIMIT_MB = 2048;

/** The most adapter output kept per stream for the report, and echoed to stderr. */
const KEPT_CHARS = 64 * 1024;
const ECHOED_LINES = 200;

/**
 * What adapter code printed, over every worker of a run: echoed to stderr line by line as
 * `adapter stdout | …` (bounded), and kept (bounded) for the report.
 */
export class AdapterOutput implements WorkerOutput {
  readonly #kept = { stdout: '', stderr: '' };
  readonly #partial = { stdout: '', stderr: '' };
  #echoed = 0;
  #truncated = false;
  readonly #echo: (text: string) => void;

  constructor(echo: (text: string) => void) {
    this.#echo = echo;
  }

  add(stream: 'stdout' | 'stderr', chunk: string): void {
    const room = KEPT_CHARS - this.#kept[stream].length;
    if (chunk.length > room) this.#truncated = true;
    this.#kept[stream] += chunk.slice(0, Math.max(0, room));
    const lines = (this.#partial[stream] + chunk).split('\n');
    // `split` always yields at least one element: the unterminated rest.
    this.#partial[stream] = lines.pop()!;
    for (const line of lines) this.#line(stream, line);
  }

  /** Echoes what is left of unterminated lines (at the end of a worker). */
  flush(): void {
    for (const stream of ['stdout', 'stderr'] as const) {
      if (this.#partial[stream] !== '') this.#line(stream, this.#partial[stream]);
      this.#partial[stream] = '';
    }
  }

  #line(stream: 'stdout' | 'stderr', line: string): void {
    this.#echoed += 1;
    if (this.#echoed <= ECHOED_LINES) this.#echo(`adapter ${stream} | ${line}\n`);
    else if (this.#echoed === ECHOED_LINES + 1) this.#echo(`adapter output: more than ${ECHOED_LINES} lines, the rest is not shown here (see adapterOutput in --format json)\n`);
  }

  /** The kept output for the report, or undefined when the adapter printed nothing. */
  get report(): { readonly stdout: string; readonly stderr: string; readonly truncated?: true } | undefined {
    if (this.#kept.stdout === '' && this.#kept.stderr === '') return undefined;
    return { stdout: this.#kept.stdout, stderr: this.#kept.stderr, ...(this.#truncated ? { truncated: true as const } : {}) };
  }
}

/** What every worker posts besides its task's own messages: heartbeats, loading, escaped errors, a usage error. */
export type WorkerStatusMessage =
  /** Sent on a timer: the worker's event loop turns (the watchdog's heartbeat), with its resident set size in bytes. */
  | { readonly kind: 'alive'; readonly rss?: number }
  /** The adapter module loaded; the task starts. */
  | { readonly kind: 'loaded' }
  /** An unhandled rejection or uncaught exception in the worker (adapter code that escaped the task), or a built-in the engine relies on that adapter code replaced. */
  | { readonly kind: 'stray'; readonly origin: 'unhandled rejection' | 'uncaught exception' | 'built-in replaced'; readonly message: string }
  | { readonly kind: 'usage'; readonly message: string };

/** A short, bounded rendering of a message adapter code posted (for the line that reports it). */
export function describeForged(message: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(message) ?? String(message);
  } catch {
    text = Object.prototype.toString.call(message);
  }
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
