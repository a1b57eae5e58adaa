import { Agent } from './agent.js';
import type { Creation } from './creation-transaction.js';
import { Driver } from './driver.js';
import type { Detach } from './registry.js';
import { AgentHandle } from './handle.js';
import type { Kernel } from './kernel.js';
import type { Owner } from './owner.js';
import { AgentScope } from './scope.js';
import type { Session } from './session.js';
import { SessionWriter } from './session-writer.js';

/** Where an agent is in its life: private during its creation, then published until torn down. */
export type LifecycleState = 'private' | 'published' | 'disposing' | 'disposed';

/**
 * The lifecycle of one agent/session pair: its registry entries, announcements, driver, durable
 * writes, scope and the one memoized teardown that handle dispose, context dispose, owner unload
 * and shutdown all converge on (AIK-QUIESCE-001).
 */
export class AgentLifecycle {
  readonly session: Session;
  readonly agent: Agent;
  readonly scope: AgentScope;
  readonly driver: Driver;
  readonly writer: SessionWriter;
  state: LifecycleState = 'private';
  readonly #kernel: Kernel;
  readonly #owner: Owner;
  readonly #creation: Creation;
  readonly #tornDown: (() => void)[] = [];
  #detachSession: Detach | undefined;
  #detachAgent: Detach | undefined;
  #sessionAnnounced = false;
  #agentAnnounced = false;
  #teardown: Promise<void> | undefined;

  /** Phase 5: builds the agent and its scope, still private. */
  constructor(kernel: Kernel, owner: Owner, creation: Creation, session: Session, withheld: boolean) {
    this.#kernel = kernel;
    this.#owner = owner;
    this.#creation = creation;
    this.session = session;
    this.writer = new SessionWriter(kernel.store, session, kernel.log, withheld);
    this.driver = new Driver(session, kernel.model, (event) => {
      this.writer.append(event);
      kernel.bus.dispatch('session/event', { session, event }, { veto: false });
    });
    this.scope = new AgentScope(kernel, this);
    this.agent = new Agent(session, this.scope, () => this.driver.status);
  }

  /** Phase 7: the collision boundary (`conflict` when a racing creation entered first). */
  enterSession(): void {
    this.#detachSession = this.#kernel.sessions.enter(this.session);
  }

  /** Phase 8: refused (`invalid`) when the agent id differs from its session's. */
  enterAgent(): void {
    this.#detachAgent = this.#kernel.agents.enter(this.agent);
  }

  /** Phase 9: `session/created`; a synchronous listener throw vetoes. */
  announceSession(): void {
    this.#sessionAnnounced = true;
    this.#kernel.sessions.announce(this.session, () => this.#kernel.bus.dispatch('session/created', { session: this.session }, { veto: true }));
  }

  /** Phase 10: `agent/created`; a synchronous listener throw vetoes. */
  announceAgent(): void {
    this.#agentAnnounced = true;
    this.#kernel.agents.announce(this.agent, () => this.#kernel.bus.dispatch('agent/created', { agent: this.agent }, { veto: true }));
  }

  /** Phase 12: the agent is live; its owner holds it and its durable writes begin. */
  publish(source: 'startup' | 'resume'): AgentHandle {
    this.state = 'published';
    this.#owner.adopt(this);
    if (source === 'startup') this.writer.putRecord();
    return new AgentHandle(this);
  }

  /** Runs `callback` once the teardown completed (a subagent run's end). */
  whenTornDown(callback: () => void): void {
    this.#tornDown.push(callback);
  }

  /**
   * Ends the lifecycle: during the creation it cancels the creation (`aborted`) and resolves
   * after the rollback; afterwards it is the one memoized teardown.
   */
  dispose(): Promise<void> {
    if (this.state === 'private') {
      this.#creation.request({ kind: 'dispose' });
      return this.#creation.settled;
    }
    this.#teardown ??= this.#tearDown();
    return this.#teardown;
  }

  /** Undoes a failed creation in the teardown profile's order (listener and cleanup failures are contained). */
  async rollback(): Promise<void> {
    this.state = 'disposed';
    await this.#dismantle();
  }

  async #tearDown(): Promise<void> {
    this.state = 'disposing';
    await this.driver.stop();
    await this.#dismantle();
    await this.writer.settle();
    this.#owner.release(this);
    this.state = 'disposed';
    for (const callback of this.#tornDown) callback();
  }

  /** AIK-QUIESCE-004: `scope-last` detaches then disposes the scope; `scope-first` the reverse. */
  async #dismantle(): Promise<void> {
    if (this.#kernel.profiles.teardown === 'scope-first') await this.scope.disposeScope();
    // AIK-QUIESCE-002: agent/disposed is heard with the agent gone and the session still live.
    this.#detachAgent?.();
    if (this.#agentAnnounced) this.#kernel.bus.dispatch('agent/disposed', { agent: this.agent }, { veto: false });
    this.#detachSession?.();
    if (this.#sessionAnnounced) this.#kernel.bus.dispatch('session/disposed', { session: this.session }, { veto: false });
    if (this.#kernel.profiles.teardown === 'scope-last') await this.scope.disposeScope();
  }
}
