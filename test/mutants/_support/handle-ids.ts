import type { Outcome, System } from '../../../src/contract/adapter.js';

/**
 * Which id each handle token was published under, as the system told the kit: creation inputs,
 * spawn outcomes and config results. Mutants whose defect acts "by id" need it.
 */
export class HandleIds {
  readonly #inner: System;
  readonly #ids = new Map<string, string>();

  constructor(inner: System) {
    this.#inner = inner;
    this.config();
  }

  /** The id the handle's agent was published under. */
  id(handle: string): string | undefined {
    return this.#ids.get(handle);
  }

  /**
   * What a defect acting "by id" reaches through `handle` once it is stale (in `disposed`): the
   * newest live handle published under the same id, else `handle` itself.
   */
  byId(handle: string, disposed: ReadonlySet<string>): string {
    const id = this.id(handle);
    const current = id === undefined ? undefined : this.handles(id).findLast((candidate) => !disposed.has(candidate));
    return disposed.has(handle) && current !== undefined ? current : handle;
  }

  /** Every handle published under `id`, oldest first. */
  handles(id: string): string[] {
    return [...this.#ids].filter(([, candidate]) => candidate === id).map(([handle]) => handle);
  }

  /** Records a creation's outcome (`id` is what it was asked to publish, or the run's id). */
  note<T extends Outcome<{ readonly handle: string }>>(outcome: T, id: string): T {
    if (outcome.ok) this.#ids.set(outcome.handle, id);
    return outcome;
  }

  /** Records the handles of the latest config start. */
  config(): void {
    const config = this.#inner.configResults();
    if (config.ok) for (const entry of config.entries) if (entry.ok && entry.handle !== undefined) this.#ids.set(entry.handle, entry.id);
  }

  /** create / resume / spawn / restart that record their handles, over `base` (the inner system by default). */
  tracking(base: Pick<System, 'create' | 'resume' | 'spawn' | 'restart'> = this.#inner): Pick<System, 'create' | 'resume' | 'spawn' | 'restart'> {
    return {
      create: async (input) => this.note(await base.create(input), input.sessionId),
      resume: async (input) => this.note(await base.resume(input), input.resumeSessionId),
      spawn: async (parent, input) => {
        const run = await base.spawn(parent, input);
        return run.ok ? this.note(run, run.id) : run;
      },
      restart: async (options) => {
        const outcome = await base.restart(options);
        this.config();
        return outcome;
      },
    };
  }
}
