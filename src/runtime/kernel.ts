import type { DurableStore } from '../contract/durable-store.js';
import type { Profiles } from '../contract/requirements.js';
import type { Agent } from './agent.js';
import type { CreationPlan } from './creation-transaction.js';
import type { EventBus } from './event-bus.js';
import type { AgentHandle } from './handle.js';
import type { Owner } from './owner.js';
import type { Registry } from './registry.js';
import type { RuntimeEventMap } from './runtime-events.js';
import type { Session } from './session.js';
import type { RemoteLauncher } from './remote.js';

/** One event a model call produces within a turn. */
export interface ModelEvent {
  readonly kind: 'assistant' | 'tool';
  readonly data?: unknown;
}

/** What a turn awaits for its model call; it must honour `signal` or be raced with it. */
export type Model = (turn: { readonly session: Session; readonly signal: AbortSignal }) => Promise<readonly ModelEvent[]>;

/** Where contained failures go (a listener's throw, a cleanup's failure, a late write failure). */
export type Logger = (message: string, error?: unknown) => void;

/**
 * The state one runtime instance shares among its modules. Every runtime has its own kernel:
 * no global mutable state.
 */
export interface Kernel {
  readonly bus: EventBus<RuntimeEventMap>;
  readonly agents: Registry<Agent>;
  readonly sessions: Registry<Session>;
  readonly store: DurableStore | undefined;
  /** The one id source for every minted id (config entries, children, remote runs). */
  readonly ids: () => string;
  /** `createdAt` source: integer epoch milliseconds. */
  readonly clock: () => number;
  readonly profiles: Profiles;
  readonly maxDepth: number;
  /** Whether a disposing scope's listeners hear its children's `subagent/end` (see RuntimeOptions). */
  readonly scopeHearsChildEnds: boolean;
  readonly model: Model;
  readonly remote: RemoteLauncher | undefined;
  readonly log: Logger;
  /** Fresh run ids, unique across the store's life, restarts included (AIK-RPC-001); not from the id source. */
  nextRunId(): string;
  /** False once shutdown began: every creation is refused `inactive`. */
  accepting: boolean;
  /** Runs the creation transaction for `plan` through `owner` (wired by the runtime). */
  transact(owner: Owner, plan: CreationPlan): Promise<AgentHandle>;
}
