import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KIT_TEMP_ENV } from '../runtime/remote.js';

/**
 * A worker process the supervisor runs foreign code in (DESIGN.md "Supervisor and worker").
 *
 * Why a child process and not a worker_thread: a worker_thread shares the supervisor's process,
 * so an adapter's child processes and sockets would be the supervisor's to wait for, its
 * `process.stdout` is the supervisor's (an adapter's `console.log` would land in `--format json`),
 * and `process.exit` in adapter code is only one of many ways to take a shared process down
 * (`process.abort`, a native crash, running out of memory). A forked process isolates all of it:
 * its stdout and stderr are pipes the supervisor reads, it runs in its own process group (so
 * ending it ends every process the adapter started that did not leave that group on purpose),
 * an exit or crash is an `exit` event with a code, and a blocked thread is ended with SIGKILL.
 * The cost is one Node start per worker (measured in BENCHMARKS.md).
 */

/** How a worker ended, when it did not deliver what it was for. */
export type WorkerLoss =
  | { readonly kind: 'exit'; readonly code: number | null; readonly signal: NodeJS.Signals | null }
  | { readonly kind: 'hang'; readonly silentMs: number }
  /** It used more memory than its limit: `usedMb` as last measured (resident set), or absent when V8 ran out of heap. */
  | { readonly kind: 'memory'; readonly limitMb: number; readonly usedMb?: number }
  /** It posted a message the protocol does not allow (`problem` says how): whatever it says next cannot be trusted. */
  | { readonly kind: 'protocol'; readonly problem: string };

/** The memory a worker may use by default, in MB (resident set; the V8 heap is held to it too). */
export const DEFAULT_MEMORY_LIMIT_MB = 2048;

/** The most adapter output kept per stream for the report, and echoed to stderr. */
const KEPT_CHARS = 64 * 1024;
const ECHOED_LINES = 200;

/**
 * What adapter code printed, over every worker of a run: echoed to stderr line by line as
 * `adapter stdout | …` (bounded), and kept (bounded) for the report.
 */
export class AdapterOutput {
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

/** Ends the worker and every process of its group; quiet when they are gone already. */
function killTree(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    if (process.platform === 'win32') child.kill('SIGKILL');
    else process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Options of {@link runWorker}. */
export interface WorkerOptions<M> {
  /** The worker's entry module. */
  readonly entry: URL;
  /** Its first message: the task (the worker's channel token is added to it as `token`). */
  readonly task: object;
  /** Extra environment of the worker. */
  readonly env?: Readonly<Record<string, string>>;
  /** How long the worker may stay silent (not even a heartbeat) before it counts as hung. */
  readonly silenceLimitMs: number;
  readonly output: AdapterOutput;
  /**
   * Checks a message (its token aside) before `onMessage` hears it: the problem, or undefined when
   * it is one the protocol allows. A message with a problem ends the worker as a `protocol` loss.
   */
  readonly check?: (message: unknown) => string | undefined;
  /** Called with every message in order; returns true for the message the worker was for (it is then ended). */
  readonly onMessage: (message: M) => boolean;
  /** Called with a message that does not carry the worker's token: adapter code posted it on the worker's channel (it is dropped). */
  readonly onForged?: (message: unknown) => void;
  /** The memory the worker may use, in MB (default {@link DEFAULT_MEMORY_LIMIT_MB}). */
  readonly memoryLimitMb?: number;
  /** Ends the worker when it aborts (the worker then counts as killed). */
  readonly signal?: AbortSignal;
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

/** The MB figure of a byte count, as loss messages show it. */
function megabytes(bytes: number): number {
  return Math.round(bytes / 2 ** 20);
}

/**
 * Runs one worker until it delivers (`onMessage` returned true), exits or goes silent past the
 * limit; then ends it and its process group and closes its pipes, so nothing it leaves behind
 * holds the supervisor. Resolves to undefined when it delivered, else to how it was lost.
 */
export function runWorker<M>(options: WorkerOptions<M>): Promise<WorkerLoss | undefined> {
  const limitMb = options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB;
  // Every message of the worker carries it; adapter code never sees it (adapter-worker.mjs keeps it out of reach), so a message without it was forged.
  const token = randomUUID();
  // The worker's own temp folder (its checks' pid files), removed with it however it ends.
  const temp = mkdtempSync(join(tmpdir(), 'agent-identity-kit-worker-'));
  const child = fork(fileURLToPath(options.entry), [], {
    detached: process.platform !== 'win32',
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
    // None of the supervisor's Node flags (a loader, `--conditions`): the worker resolves modules as the adapter's project does. Its heap is held to the memory limit.
    execArgv: [`--max-old-space-size=${limitMb}`],
    env: { ...process.env, [KIT_TEMP_ENV]: temp, ...options.env },
  });
  const removeTemp = () => rmSync(temp, { recursive: true, force: true });
  // V8 says so on stderr when the heap limit ends the process.
  let outOfHeap = false;
  // An interrupted or dying supervisor takes its worker along, and what it left in its temp folder.
  const onExit = () => {
    killTree(child);
    removeTemp();
  };
  const onSignal = (signal: NodeJS.Signals) => {
    onExit();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  for (const stream of ['stdout', 'stderr'] as const) {
    // Both are pipes (stdio above), so they exist.
    child[stream]!.setEncoding('utf8');
    child[stream]!.on('data', (chunk: string) => {
      if (stream === 'stderr' && chunk.includes('JavaScript heap out of memory')) outOfHeap = true;
      options.output.add(stream, chunk);
    });
  }
  return new Promise((resolve) => {
    let watchdog: NodeJS.Timeout | undefined;
    let settled = false;
    const end = (loss: WorkerLoss | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(watchdog);
      killTree(child);
      process.off('exit', onExit);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      // Output already on its way is read; a grandchild that left the group must not hold the pipes open.
      const close = setTimeout(() => {
        child.stdout!.destroy();
        child.stderr!.destroy();
        if (child.connected) child.disconnect();
        options.output.flush();
        removeTemp();
        resolve(loss);
      }, 200);
      child.once('close', () => {
        clearTimeout(close);
        options.output.flush();
        removeTemp();
        resolve(loss);
      });
    };
    let heard = performance.now();
    let exited = false;
    const arm = (delay: number) => {
      watchdog = setTimeout(() => {
        // A supervisor that was itself stalled runs its timers before reading what arrived meanwhile:
        // judge only after this turn's input is read (setImmediate runs after the poll phase).
        setImmediate(() => {
          if (settled || exited) return;
          const silent = performance.now() - heard;
          if (silent >= options.silenceLimitMs) end({ kind: 'hang', silentMs: options.silenceLimitMs });
          else arm(options.silenceLimitMs - silent);
        });
      }, delay);
    };
    child.on('message', (posted: unknown) => {
      if (settled) return;
      const { token: given, ...message } = typeof posted === 'object' && posted !== null ? (posted as { token?: unknown }) : { token: undefined };
      if (given !== token) {
        options.onForged?.(posted);
        return;
      }
      // The watchdog re-arms itself from the time of the last message when it fires.
      heard = performance.now();
      const problem = options.check?.(message);
      if (problem !== undefined) return end({ kind: 'protocol', problem });
      const rss = (message as { kind?: unknown; rss?: unknown }).kind === 'alive' ? (message as { rss?: unknown }).rss : undefined;
      if (typeof rss === 'number' && megabytes(rss) > limitMb) return end({ kind: 'memory', limitMb, usedMb: megabytes(rss) });
      if (options.onMessage(message as M)) end(undefined);
    });
    // A lost worker: its last messages may still be in the pipe, so the loss is read on `close`.
    child.on('exit', (code, signal) => {
      if (settled) return;
      exited = true;
      clearTimeout(watchdog);
      killTree(child);
      const lost = (): WorkerLoss => (outOfHeap ? { kind: 'memory', limitMb } : { kind: 'exit', code, signal });
      const closed = setTimeout(() => end(lost()), 500);
      child.once('close', () => {
        clearTimeout(closed);
        end(lost());
      });
    });
    child.on('error', () => end({ kind: 'exit', code: null, signal: null }));
    const stop = () => end({ kind: 'exit', code: null, signal: 'SIGKILL' });
    if (options.signal?.aborted === true) stop();
    options.signal?.addEventListener('abort', stop, { once: true });
    child.once('close', () => options.signal?.removeEventListener('abort', stop));
    arm(options.silenceLimitMs);
    child.send({ ...options.task, token });
  });
}
