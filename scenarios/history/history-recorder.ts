import type { HistoryEventType, HistoryOperation, HistoryRecord, Token } from './history-format.js';

/** A failure value as a history stores it: plain JSON. */
function errorRecord(error: unknown): unknown {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  try {
    return JSON.parse(JSON.stringify({ value: error })) as unknown;
  } catch {
    return { value: String(error) };
  }
}

/**
 * Writes a history (README.md "Checking a production log") one JSON line at a time: `seq` and `call` are
 * assigned here, so records are well-formed by construction. Operators wrap the calls they make
 * with {@link HistoryRecorder.track} (or `invoke` plus a completion) and report lifecycle events
 * with {@link HistoryRecorder.event}.
 */
export class HistoryRecorder {
  readonly #write: (line: string) => void;
  readonly #ops = new Map<number, HistoryOperation>();
  #seq = 0;
  #calls = 0;

  /** `write` receives each record as one line (without the newline). */
  constructor(write: (line: string) => void) {
    this.#write = write;
  }

  /** Records the invocation of `op` and returns its call number for the completion. */
  invoke(op: HistoryOperation, args?: unknown): number {
    this.#calls += 1;
    this.#ops.set(this.#calls, op);
    this.#emit({ seq: this.#seq, kind: 'invoke', call: this.#calls, op, ...(args === undefined ? {} : { args }) });
    return this.#calls;
  }

  /** Records that call `call` succeeded. */
  ok(call: number, result?: unknown): void {
    this.#complete(call, 'ok', result === undefined ? {} : { result });
  }

  /** Records that call `call` failed with `error`. */
  fail(call: number, error: unknown): void {
    this.#complete(call, 'fail', { error: errorRecord(error) });
  }

  /** Records that the outcome of call `call` is unknown (e.g. it timed out). */
  info(call: number, error?: unknown): void {
    this.#complete(call, 'info', error === undefined ? {} : { error: errorRecord(error) });
  }

  /** Records a lifecycle event of the subject filed under `id`, named by its object token. */
  event(type: HistoryEventType, id: string, object: Token): void {
    this.#emit({ seq: this.#seq, kind: 'event', type, subject: { id, object } });
  }

  /** Records `op`, runs it, and records its success (with `result(value)`) or its failure. */
  async track<T>(op: HistoryOperation, args: unknown, run: () => Promise<T>, result?: (value: T) => unknown): Promise<T> {
    const call = this.invoke(op, args);
    try {
      const value = await run();
      this.ok(call, result?.(value));
      return value;
    } catch (error) {
      this.fail(call, error);
      throw error;
    }
  }

  #complete(call: number, kind: 'ok' | 'fail' | 'info', fields: { result?: unknown; error?: unknown }): void {
    const op = this.#ops.get(call);
    if (op === undefined) throw new Error(`history recorder: call ${call} is not pending`);
    this.#ops.delete(call);
    this.#emit({ seq: this.#seq, kind, call, op, ...fields });
  }

  #emit(record: HistoryRecord): void {
    this.#seq += 1;
    this.#write(JSON.stringify(record));
  }
}
