import type { Listener } from './event-bus.js';
import type { RuntimeEventMap, RuntimeEventType } from './runtime-events.js';
import type { Session } from './session.js';
import type { SessionId } from './session-id.js';
import type { SubagentRun, SpawnOptions } from './subagents.js';
import type { RemoteRun, RemoteSpawnOptions } from './remote.js';

/**
 * An agent's context: its scope for its whole life (docs/contract.md §2 "Agent"). Scope operations
 * fail with `inactive` once the scope's disposal began; spawning needs a published parent that
 * is not disposing.
 */
export interface AgentContext {
  /** Adds a listener that hears only events of this agent or its session object. */
  on<K extends RuntimeEventType>(event: K, listener: Listener<RuntimeEventMap[K]>): () => void;
  /** Registers a cleanup that runs when the scope is disposed (last registered runs first). */
  defer(cleanup: () => unknown): void;
  /** Starts an in-process child with a fresh session. */
  spawn(options?: SpawnOptions): Promise<SubagentRun>;
  /** Starts an in-process child seeded with this agent's longest completed-turn prefix. */
  fork(options?: SpawnOptions): Promise<SubagentRun>;
  /** Starts a remote (ACP) child run. */
  spawnRemote(options?: RemoteSpawnOptions): Promise<RemoteRun>;
  /**
   * Ends the agent's whole lifecycle (capability `contextDispose`). During its creation it
   * cancels the creation with `aborted` and resolves after the rollback.
   */
  dispose(): Promise<void>;
}

/** A live agent: its id is its session's id, never a second identity. */
export class Agent {
  readonly session: Session;
  readonly context: AgentContext;
  readonly #status: () => 'idle' | 'running';

  constructor(session: Session, context: AgentContext, status: () => 'idle' | 'running') {
    this.session = session;
    this.context = context;
    this.#status = status;
  }

  /** The agent id: its session's id (AIK-ID-001). */
  get id(): SessionId {
    return this.session.id;
  }

  /** `running` while a turn is in flight. */
  get status(): 'idle' | 'running' {
    return this.#status();
  }
}
