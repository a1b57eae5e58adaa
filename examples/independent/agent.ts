import type { EventBus, EventName, Listener } from './event-bus.js';
import { HarnessError } from './harness-error.js';
import type { Session } from './session.js';

/** What an agent's code composes with during its whole life: scoped listeners and cleanups. */
export interface AgentContext {
  /** Adds a listener that hears only this agent's and its session's events; returns its remover. */
  on(event: EventName, listener: Listener): () => void;
  /** Registers a cleanup run when the agent's scope is disposed (last registered runs first). */
  defer(cleanup: () => unknown): void;
}

/** A live agent: its identity is its session's, read from the session header. */
export class Agent {
  readonly session: Session;
  readonly context: AgentContext;
  /** `running` while a turn is in flight. */
  status: 'idle' | 'running' = 'idle';
  readonly #cleanups: (() => unknown)[] = [];
  readonly #bus: EventBus;
  #closed = false;

  constructor(session: Session, bus: EventBus) {
    this.session = session;
    this.#bus = bus;
    this.context = {
      on: (event, listener) => {
        this.#assertOpen('on');
        return bus.on(event, listener, this);
      },
      defer: (cleanup) => {
        this.#assertOpen('defer');
        this.#cleanups.push(cleanup);
      },
    };
  }

  get id(): string {
    return this.session.id;
  }

  /** Disposes the scope once: later scope operations fail `inactive`; cleanup failures are logged. */
  async closeScope(log: (message: string, error?: unknown) => void): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const cleanup of this.#cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        log(`cleanup of ${JSON.stringify(this.id)} failed`, error);
      }
    }
    this.#bus.dropScope(this);
  }

  #assertOpen(operation: string): void {
    if (this.#closed) throw new HarnessError('inactive', `context.${operation} of ${JSON.stringify(this.id)}: its scope is disposed`);
  }
}
