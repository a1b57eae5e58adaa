import { Closed } from './faults.js';

/** Something an owner tears down when it unloads: a published agent's lifecycle. */
export interface Owned {
  teardown(): Promise<void>;
}

/**
 * A creation in flight. Its awaits race stop requests (abort, unload, shutdown); the first
 * request wins, and a late settlement of what it awaited is ignored.
 */
export class Attempt {
  #stop: { readonly value: unknown } | undefined;
  #wake: () => void = () => undefined;
  readonly #stopped = new Promise<void>((resolve) => (this.#wake = resolve));
  #finish: () => void = () => undefined;
  /** Resolves once the creation settled (after its rollback, when it failed). */
  readonly finished = new Promise<void>((resolve) => (this.#finish = resolve));

  stop(value: unknown): void {
    if (this.#stop !== undefined) return;
    this.#stop = { value };
    this.#wake();
  }

  /** Throws the first stop request, if there was one. */
  check(): void {
    if (this.#stop !== undefined) throw this.#stop.value;
  }

  /** Awaits `work` unless a stop request comes first; a late rejection of `work` is ignored, not left unhandled. */
  async race<T>(work: Promise<T>): Promise<T> {
    const settled = await Promise.race([work.then((value) => ({ value }), (error: unknown) => ({ error })), this.#stopped.then(() => undefined)]);
    this.check();
    if (settled !== undefined && 'error' in settled) throw settled.error;
    return (settled as { readonly value: T }).value;
  }

  finish(): void {
    this.#finish();
  }
}

/** An owner creations are made through: memoized `unload` refuses new ones, stops pending ones, joins every teardown. */
export class Owner {
  readonly label: string;
  closed: boolean;
  readonly members = new Set<Owned>();
  readonly attempts = new Set<Attempt>();
  #unloading: Promise<void> | undefined;

  constructor(label: string, closed: boolean) {
    this.label = label;
    this.closed = closed;
  }

  unload(): Promise<void> {
    this.#unloading ??= this.#unload();
    return this.#unloading;
  }

  /** Refuses new creations and stops the pending ones, synchronously; what it owns stays until {@link unload}. */
  refuse(): void {
    this.closed = true;
    for (const attempt of this.attempts) attempt.stop(new Closed(`owner ${JSON.stringify(this.label)} unloaded while a creation was pending`));
  }

  async #unload(): Promise<void> {
    const attempts = [...this.attempts];
    this.refuse();
    await Promise.all([...[...this.members].map((member) => member.teardown()), ...attempts.map((attempt) => attempt.finished)]);
  }
}
