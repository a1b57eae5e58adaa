import { controlStep, type Step } from '../runner/step.js';

/**
 * Named pauses released by a directed check: `pause(name)` resolves once `release(name)` was
 * called (at once if it already was). In generated runs fast-check's scheduler takes this role.
 */
export class PauseGate {
  readonly #log: (step: Step) => void;
  readonly #released = new Set<string>();

  /** `log` hears every release, as a step of the check. */
  constructor(log: (step: Step) => void = () => undefined) {
    this.#log = log;
  }

  readonly #waiting = new Map<string, (() => void)[]>();

  /** The `env.pause` implementation. */
  pause(name: string): Promise<void> {
    if (this.#released.has(name)) return Promise.resolve();
    return new Promise((resolve) => {
      this.#waiting.set(name, [...(this.#waiting.get(name) ?? []), resolve]);
    });
  }

  /** Whether something is waiting on `name`. */
  waiting(name: string): boolean {
    return (this.#waiting.get(name)?.length ?? 0) > 0;
  }

  /** Releases `name` now and for every later pause on it. */
  release(name: string): void {
    if (!this.#released.has(name)) this.#log(controlStep('release', { pause: name }, `release(${name})`));
    this.#released.add(name);
    for (const resolve of this.#waiting.get(name) ?? []) resolve();
    this.#waiting.delete(name);
  }
}
