import { RuntimeError } from './errors.js';
import type { Creation, CreateRequest, ResumeRequest } from './creation-transaction.js';
import type { AgentHandle } from './handle.js';
import type { Kernel } from './kernel.js';
import type { AgentLifecycle } from './lifecycle.js';

/**
 * An owner (docs/contract.md §2 "Owners"): the runtime's root owner, one from `runtime.owner(label)`,
 * or an agent's context for its children. Creations are made through an owner; its memoized
 * `unload()` refuses new creations, rejects pending ones with `inactive` after their rollback,
 * and joins the teardown of every agent it owns.
 */
export class Owner {
  readonly label: string;
  readonly #kernel: Kernel;
  readonly #open: () => boolean;
  readonly #pending = new Set<Creation>();
  readonly #agents = new Set<AgentLifecycle>();
  #unloading: Promise<void> | undefined;

  /** `open` adds a condition for accepting creations (a parent that is published and not disposing). */
  constructor(kernel: Kernel, label: string, open: () => boolean = () => true) {
    this.#kernel = kernel;
    this.label = label;
    this.#open = open;
  }

  /** Creates a new agent/session pair through this owner. */
  create(request: CreateRequest): Promise<AgentHandle> {
    return this.#kernel.transact(this, { source: 'startup', request });
  }

  /** Resumes a persisted session through this owner. */
  resume(request: ResumeRequest): Promise<AgentHandle> {
    return this.#kernel.transact(this, { source: 'resume', request });
  }

  /** Throws `inactive` unless this owner and its runtime accept creations (phase 1). */
  admit(): void {
    if (!this.#kernel.accepting) throw new RuntimeError('inactive', 'the runtime is shutting down: no new creations');
    if (this.#unloading !== undefined) throw new RuntimeError('inactive', `owner ${JSON.stringify(this.label)} is unloaded: no new creations`);
    if (!this.#open()) throw new RuntimeError('inactive', `${this.label} is not a published, non-disposing agent: it cannot create children`);
  }

  /** Tracks a pending creation until it settles. */
  track(creation: Creation): void {
    this.#pending.add(creation);
    void creation.settled.then(() => this.#pending.delete(creation));
  }

  /** Takes ownership of a published agent until its teardown completes. */
  adopt(life: AgentLifecycle): void {
    this.#agents.add(life);
  }

  /** Ends ownership of an agent whose teardown completed. */
  release(life: AgentLifecycle): void {
    this.#agents.delete(life);
  }

  /**
   * Unloads this owner; memoized. `shutdown` marks the runtime's shutdown as the reason given to
   * pending creations.
   */
  unload(reason: 'unload' | 'shutdown' = 'unload'): Promise<void> {
    this.#unloading ??= this.#unload(reason);
    return this.#unloading;
  }

  async #unload(reason: 'unload' | 'shutdown'): Promise<void> {
    const pending = [...this.#pending];
    for (const creation of pending) creation.request(reason === 'shutdown' ? { kind: 'shutdown' } : { kind: 'unload', owner: this.label });
    await Promise.all([...pending.map((creation) => creation.settled), ...[...this.#agents].map((life) => life.dispose())]);
  }
}
