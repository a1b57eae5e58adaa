import type { Agent } from './agent.js';
import { RuntimeError } from './errors.js';
import type { AgentLifecycle } from './lifecycle.js';
import type { SessionId } from './session-id.js';

/**
 * What a successful create or resume returns (docs/contract.md §2 "Handle"). It is bound to its exact
 * agent: disposing it never touches a newer agent with the same id (AIK-DETACH-001); once that
 * agent's teardown completed it is stale, and `flush`/`prompt` are `inactive`.
 */
export class AgentHandle {
  readonly agent: Agent;
  readonly #life: AgentLifecycle;

  constructor(life: AgentLifecycle) {
    this.#life = life;
    this.agent = life.agent;
  }

  /** The agent's one id. */
  get id(): SessionId {
    return this.agent.id;
  }

  /** True once the agent's teardown completed. */
  get stale(): boolean {
    return this.#life.state === 'disposed';
  }

  /** Ends the agent's lifecycle; memoized, resolves when fully settled. */
  dispose(): Promise<void> {
    return this.#life.dispose();
  }

  /** The durability barrier (docs/contract.md §3 "flush"). */
  flush(): Promise<void> {
    if (this.stale) return Promise.reject(this.#staleError('flush'));
    return this.#life.writer.flush();
  }

  /** Runs one turn. */
  prompt(): Promise<void> {
    if (this.stale) return Promise.reject(this.#staleError('prompt'));
    return this.#life.driver.prompt();
  }

  #staleError(operation: string): RuntimeError {
    return new RuntimeError('inactive', `${operation} on a stale handle of ${JSON.stringify(this.id)}`);
  }
}
