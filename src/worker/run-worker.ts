import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A worker process, forked from its entry module and watched until it delivers: the supervisor
 * runs foreign code in one (DESIGN.md "Supervisor and worker"), and `check` runs each gate in one
 * (so the run's peak memory is the largest gate's). Its entry's side is `worker-side.mjs`.
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

/** Where a worker's stdout and stderr go, chunk by chunk, and at its end what is left of a line. */
export interface WorkerOutput {
  add(stream: 'stdout' | 'stderr', chunk: string): void;
  flush(): void;
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
  /** How long the worker may stay silent (not even a heartbeat) before it counts as hung; default: no limit. */
  readonly silenceLimitMs?: number;
  readonly output: WorkerOutput;
  /** The environment variable that names the worker's own temp folder, made for it and removed with it however it ends; default: none. */
  readonly tempEnv?: string;
  /**
   * Checks a message (its token aside) before `onMessage` hears it: the problem, or undefined when
   * it is one the protocol allows. A message with a problem ends the worker as a `protocol` loss.
   */
  readonly check?: (message: unknown) => string | undefined;
  /** Called with every message in order; returns true for the message the worker was for (it is then ended). */
  readonly onMessage: (message: M) => boolean;
  /** Called with a message that does not carry the worker's token: adapter code posted it on the worker's channel (it is dropped). */
  readonly onForged?: (message: unknown) => void;
  /** The memory the worker may use, in MB (resident set; the V8 heap is held to it too); default: Node's own heap limit. */
  readonly memoryLimitMb?: number;
  /** Ends the worker when it aborts (the worker then counts as killed). */
  readonly signal?: AbortSignal;
}

/** The MB figure of a byte count, as loss messages show it. */
function megabytes(bytes: number): number {
  return Math.round(bytes / 2 ** 20);
}

/**
 * Runs one worker until it delivers (`onMessage` returned true), exits or goes silent past the
 * limit; then ends it and its process group and closes its pipes, so nothing it leaves behind
 * holds the parent. Resolves to undefined when it delivered, else to how it was lost.
 */
export function runWorker<M>(options: WorkerOptions<M>): Promise<WorkerLoss | undefined> {
  const limitMb = options.memoryLimitMb;
  // Every message of the worker carries it; code the worker runs never sees it (worker-side.mjs keeps it out of reach), so a message without it was forged.
  const token = randomUUID();
  const temp = options.tempEnv === undefined ? undefined : mkdtempSync(join(tmpdir(), 'agent-identity-kit-worker-'));
  const child = fork(fileURLToPath(options.entry), [], {
    detached: process.platform !== 'win32',
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
    // None of the parent's Node flags (a loader, `--conditions`): the worker resolves modules as the adapter's project does. Its heap is held to the memory limit.
    execArgv: limitMb === undefined ? [] : [`--max-old-space-size=${limitMb}`],
    env: { ...process.env, ...(temp === undefined || options.tempEnv === undefined ? {} : { [options.tempEnv]: temp }), ...options.env },
  });
  const removeTemp = () => {
    if (temp !== undefined) rmSync(temp, { recursive: true, force: true });
  };
  // V8 says so on stderr when the heap limit ends the process.
  let outOfHeap = false;
  // An interrupted or dying parent takes its worker along, and what it left in its temp folder.
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
    const silenceLimitMs = options.silenceLimitMs;
    const arm = (delay: number) => {
      if (silenceLimitMs === undefined) return;
      watchdog = setTimeout(() => {
        // A supervisor that was itself stalled runs its timers before reading what arrived meanwhile:
        // judge only after this turn's input is read (setImmediate runs after the poll phase).
        setImmediate(() => {
          if (settled || exited) return;
          const silent = performance.now() - heard;
          if (silent >= silenceLimitMs) end({ kind: 'hang', silentMs: silenceLimitMs });
          else arm(silenceLimitMs - silent);
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
      if (typeof rss === 'number' && limitMb !== undefined && megabytes(rss) > limitMb) return end({ kind: 'memory', limitMb, usedMb: megabytes(rss) });
      if (options.onMessage(message as M)) end(undefined);
    });
    // A lost worker: its last messages may still be in the pipe, so the loss is read on `close`.
    child.on('exit', (code, signal) => {
      if (settled) return;
      exited = true;
      clearTimeout(watchdog);
      killTree(child);
      const lost = (): WorkerLoss => (outOfHeap && limitMb !== undefined ? { kind: 'memory', limitMb } : { kind: 'exit', code, signal });
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
    if (silenceLimitMs !== undefined) arm(silenceLimitMs);
    child.send({ ...options.task, token });
  });
}
