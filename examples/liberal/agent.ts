import type { Hearer, Topic } from './dispatch.js';
import type { Session } from './session.js';

/** How a child is made from a context: `spawn` with no seed, `fork` seeded with the parent's completed turns. */
export type ChildMode = 'spawn' | 'fork';

/** What a child creation may carry: a setup callback and an abort signal. */
export interface ChildRequest {
  readonly setup?: (context: Context) => unknown;
  readonly signal?: AbortSignal;
}

/** A published agent as its caller holds it: one per successful creation. */
export interface Handle {
  readonly agent: Agent;
  /** For a child: the run's id, this runtime's own (never from the id source). */
  readonly runId: string | undefined;
  prompt(): Promise<void>;
  flush(): Promise<void>;
  dispose(): Promise<void>;
}

/** An agent's scope for its whole life. */
export interface Context {
  /** A scoped listener: it hears events whose subject is this agent or its session object. */
  on(topic: Topic, hearer: Hearer): () => void;
  /** A cleanup, run when the scope is disposed (latest first). */
  defer(cleanup: () => unknown): void;
  /** An in-process child (only once the agent is published and until its teardown begins). */
  spawn(request?: ChildRequest): Promise<Handle>;
  /** A child seeded with this agent's longest completed-turn prefix. */
  fork(request?: ChildRequest): Promise<Handle>;
}

/** A live agent: its id is its session's, read from the session header. */
export class Agent {
  readonly session: Session;
  readonly context: Context;
  /** The agent whose context owns this one, for a child. */
  readonly parent: Agent | undefined;
  status: 'idle' | 'running' = 'idle';

  constructor(session: Session, context: Context, parent: Agent | undefined) {
    this.session = session;
    this.context = context;
    this.parent = parent;
  }

  get id(): string {
    return this.session.id;
  }
}
