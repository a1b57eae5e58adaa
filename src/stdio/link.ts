import { Worker } from 'node:worker_threads';

/** How the other side ended: its exit code or signal, or why it could not start. */
export type LinkEnd = { readonly code: number | null; readonly signal: string | null } | { readonly error: string };

/** Options of {@link openLink}. */
export interface LinkOptions {
  /** `spawn`: start `command` in a shell and talk over its stdio (the kit); `stdio`: talk over this process's stdin and stdout (an adapter). */
  readonly mode: 'spawn' | 'stdio';
  readonly command?: string;
  /** The message `type` that answers a synchronous request: `result` for the kit, `reply` for an adapter. */
  readonly answer: 'result' | 'reply';
  /** Every line read that is not the answer awaited synchronously. */
  readonly onLine: (line: string) => void;
  /** The other side ended (its process exited, or stdin closed). */
  readonly onEnd: (end: LinkEnd) => void;
  /**
   * Requests of the other side that a blocked {@link Link.request} answers while it waits (the
   * other side may be blocked on them itself): their `type` and `op`s, and how to answer one (the
   * line read; the answer is written with {@link Link.write}).
   */
  readonly interject?: { readonly type: string; readonly ops: readonly string[]; readonly handle: (line: string) => void };
}

/** Why a synchronous request got no answer. */
export type SyncMiss = 'timeout' | 'ended' | 'too-large';

/** One side's end of a JSON-lines conversation, with synchronous requests (see line-link.mjs). */
export interface Link {
  /** Writes one line. */
  write(line: string): void;
  /** Writes `line` and blocks until the answer with `id` arrives (its text), or says why it did not within `timeoutMs`. */
  request(line: string, id: string | number, timeoutMs: number): string | SyncMiss;
  /** Ends the other process (spawn mode) and the thread. */
  close(): void;
}

/** The largest synchronous answer, in bytes. */
const SHARED_BYTES = 16 * 1024 * 1024;

/**
 * Starts the thread that carries the lines (line-link.mjs). It keeps the process alive until
 * {@link Link.close} (the kit) or until stdin closes (an adapter).
 */
export function openLink(options: LinkOptions): Link {
  const shared = new SharedArrayBuffer(8 + SHARED_BYTES);
  const state = new Int32Array(shared, 0, 2);
  const bytes = new Uint8Array(shared, 8);
  const decoder = new TextDecoder();
  const worker = new Worker(new URL('./line-link.mjs', import.meta.url), {
    workerData: {
      mode: options.mode === 'spawn' ? 'spawn' : 'fd',
      command: options.command,
      shared,
      answer: options.answer,
      ...(options.interject === undefined ? {} : { interject: { type: options.interject.type, ops: options.interject.ops } }),
    },
    stdout: false,
    stderr: false,
  });
  let ended = false;
  worker.on('message', (message: { line?: string; exit?: LinkEnd }) => {
    if (message.line !== undefined) options.onLine(message.line);
    if (message.exit !== undefined && !ended) {
      ended = true;
      options.onEnd(message.exit);
    }
  });
  return {
    write(line) {
      worker.postMessage({ write: line });
    },
    request(line, id, timeoutMs) {
      if (Atomics.load(state, 0) === 3) return 'ended';
      Atomics.store(state, 0, 1);
      worker.postMessage({ await: id, write: line });
      const deadline = performance.now() + timeoutMs;
      let waited = Atomics.wait(state, 0, 1, timeoutMs);
      while (Atomics.load(state, 0) === 5) {
        const line = decoder.decode(bytes.slice(0, Atomics.load(state, 1)));
        Atomics.store(state, 0, 1);
        Atomics.notify(state, 0);
        options.interject?.handle(line);
        waited = Atomics.wait(state, 0, 1, Math.max(0, deadline - performance.now()));
      }
      const now = Atomics.load(state, 0);
      if (waited === 'timed-out' && now === 1) {
        Atomics.store(state, 0, 0);
        return 'timeout';
      }
      if (now === 3) return 'ended';
      if (now === 4) {
        Atomics.store(state, 0, 0);
        return 'too-large';
      }
      const text = decoder.decode(bytes.slice(0, Atomics.load(state, 1)));
      Atomics.store(state, 0, 0);
      return text;
    },
    close() {
      worker.postMessage({ kill: true });
      worker.unref();
      setTimeout(() => void worker.terminate(), 100).unref();
    },
  };
}
