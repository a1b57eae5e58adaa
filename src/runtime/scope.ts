import type { AgentContext } from './agent.js';
import { RuntimeError } from './errors.js';
import type { Listener, ListenerScope } from './event-bus.js';
import type { Kernel } from './kernel.js';
import type { AgentLifecycle } from './lifecycle.js';
import { Owner } from './owner.js';
import { spawnRemote, type RemoteRun, type RemoteSpawnOptions } from './remote.js';
import type { RuntimeEventMap, RuntimeEventType } from './runtime-events.js';
import { spawnChild, type SpawnOptions, type SubagentRun } from './subagents.js';

/**
 * An agent's scope, offered to callers as its `context`: scoped listeners (matched by object,
 * AIK-EVENT-004), cleanups, the owner of its children (AIK-SUB-004), and the lifecycle-ending
 * `dispose()`.
 */
export class AgentScope implements AgentContext, ListenerScope {
  /** The owner through which this agent's children are created; open while it is published. */
  readonly children: Owner;
  readonly #kernel: Kernel;
  readonly #life: AgentLifecycle;
  readonly #cleanups: (() => unknown)[] = [];
  readonly #remoteRuns = new Set<{ dispose(): Promise<void> }>();
  #disposal: Promise<void> | undefined;

  constructor(kernel: Kernel, life: AgentLifecycle) {
    this.#kernel = kernel;
    this.#life = life;
    this.children = new Owner(kernel, `agent ${JSON.stringify(life.session.id)}`, () => life.state === 'published');
  }

  on<K extends RuntimeEventType>(event: K, listener: Listener<RuntimeEventMap[K]>): () => void {
    this.#assertActive('on');
    return this.#kernel.bus.on(event, listener, this);
  }

  defer(cleanup: () => unknown): void {
    this.#assertActive('defer');
    if (typeof cleanup !== 'function') throw new RuntimeError('invalid', 'defer: cleanup must be a function');
    this.#cleanups.push(cleanup);
  }

  spawn(options?: SpawnOptions): Promise<SubagentRun> {
    return spawnChild(this.#kernel, this.#life, 'spawn', options);
  }

  fork(options?: SpawnOptions): Promise<SubagentRun> {
    return spawnChild(this.#kernel, this.#life, 'fork', options);
  }

  spawnRemote(options?: RemoteSpawnOptions): Promise<RemoteRun> {
    return spawnRemote(this.#kernel, this.#life, options);
  }

  dispose(): Promise<void> {
    return this.#life.dispose();
  }

  /**
   * Holds a remote run (or its pending start) until the returned release: disposing the scope
   * disposes it alongside the children, so the parent's teardown ends it. `inactive` once disposed.
   */
  holdRemoteRun(run: { dispose(): Promise<void> }): () => void {
    this.#assertActive('spawnRemote');
    this.#remoteRuns.add(run);
    return () => this.#remoteRuns.delete(run);
  }

  /** Whether `subject` is this scope's own agent or session object. */
  owns(subject: object): boolean {
    return subject === this.#life.agent || subject === this.#life.session;
  }

  /**
   * Disposes the scope, memoized: scope operations turn `inactive`, children are torn down,
   * cleanups run last-registered first (failures contained), scoped listeners are removed.
   */
  disposeScope(): Promise<void> {
    this.#disposal ??= this.#dispose();
    return this.#disposal;
  }

  async #dispose(): Promise<void> {
    if (!this.#kernel.scopeHearsChildEnds) this.#kernel.bus.removeScope(this);
    await Promise.all([this.children.unload(), ...[...this.#remoteRuns].map((run) => run.dispose())]);
    for (const cleanup of this.#cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        this.#kernel.log(`a cleanup of ${JSON.stringify(this.#life.session.id)} failed; contained`, error);
      }
    }
    this.#kernel.bus.removeScope(this);
  }

  #assertActive(operation: string): void {
    if (this.#disposal !== undefined) {
      throw new RuntimeError('inactive', `${operation}: the scope of ${JSON.stringify(this.#life.session.id)} is disposed`);
    }
  }
}
