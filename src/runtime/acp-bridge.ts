import type { Agent } from './agent.js';
import { RuntimeError } from './errors.js';
import type { AgentHandle } from './handle.js';
import type { Runtime } from './runtime.js';
import type { RunInfo } from './runtime-events.js';
import type { SessionId } from './session-id.js';

/** What the bridge tells its client about one event of a served agent (an ACP `session/update`). */
export interface BridgeUpdate {
  readonly method: 'session/update';
  readonly params: {
    /** The served agent's one id (its session id). */
    readonly sessionId: SessionId;
    readonly update:
      | { readonly type: 'session/event'; readonly seq: number; readonly kind: string }
      | { readonly type: 'subagent/start' | 'subagent/end'; readonly runId: string; readonly provider: string; readonly id: SessionId; readonly local: boolean; readonly outcome?: string }
      | { readonly type: 'agent/disposed' };
  };
}

/** The bridge's record of one agent it created or resumed for its client: the exact agent object. */
interface BridgeRecord {
  readonly agent: Agent;
}

/**
 * The ACP bridge, server side (docs/contract.md §3 "ACP bridge"): it opens a record when it creates or
 * resumes an agent for its client, keeps one forward map from session id to that record, and
 * drops the record when that agent is disposed. An agent-scoped event is looked up by
 * `agent.session.id` and forwarded only when the record holds that exact agent object: a
 * same-id foreign agent is never served (AIK-REMOTE-003).
 */
export class AcpBridge {
  readonly #runtime: Pick<Runtime, 'getAgent'>;
  readonly #send: (update: BridgeUpdate) => void;
  readonly #records = new Map<SessionId, BridgeRecord>();
  readonly #unsubscribe: (() => void)[];

  /** Listens to `runtime` and sends updates of served agents to the client through `send`. */
  constructor(runtime: Pick<Runtime, 'on' | 'getAgent'>, send: (update: BridgeUpdate) => void) {
    if (typeof send !== 'function') throw new RuntimeError('invalid', 'AcpBridge: send must be a function');
    this.#runtime = runtime;
    this.#send = send;
    this.#unsubscribe = [
      runtime.on('session/event', ({ session, event }) => {
        // A session event's agent is the record's agent only if that agent holds this exact session.
        const record = this.#records.get(session.id);
        if (record?.agent.session === session) this.#deliver(record.agent, { type: 'session/event', seq: event.seq, kind: event.kind });
      }),
      runtime.on('subagent/start', (run) => this.#forward(run.parent, { type: 'subagent/start', ...wireRun(run) })),
      runtime.on('subagent/end', (run) => this.#forward(run.parent, { type: 'subagent/end', ...wireRun(run), outcome: run.outcome })),
      runtime.on('agent/disposed', ({ agent }) => {
        if (!this.#forward(agent, { type: 'agent/disposed' })) return;
        this.#records.delete(agent.session.id);
      }),
    ];
  }

  /**
   * Opens the record of the agent the bridge created or resumed for its client (idempotent for
   * the same agent). The handle's agent must be live: the exact object filed under its id.
   */
  open(handle: AgentHandle): void {
    const agent = handle.agent;
    if (this.#runtime.getAgent(agent.id) !== agent) throw new RuntimeError('inactive', `AcpBridge.open: agent ${JSON.stringify(agent.id)} is not live`);
    this.#records.set(agent.session.id, { agent });
  }

  /** Whether the bridge serves this exact agent object (AIK-REMOTE-003: never by id alone). */
  serves(agent: Agent): boolean {
    return this.#records.get(agent.session.id)?.agent === agent;
  }

  /** Stops listening and drops every record; idempotent. */
  close(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#records.clear();
  }

  /** Forwards `update` iff the record under `agent.session.id` holds `agent` itself; says whether it did. */
  #forward(agent: Agent, update: BridgeUpdate['params']['update']): boolean {
    if (!this.serves(agent)) return false;
    this.#deliver(agent, update);
    return true;
  }

  #deliver(agent: Agent, update: BridgeUpdate['params']['update']): void {
    this.#send({ method: 'session/update', params: { sessionId: agent.session.id, update } });
  }
}

function wireRun(run: RunInfo): { readonly runId: string; readonly provider: string; readonly id: SessionId; readonly local: boolean } {
  return { runId: run.runId, provider: run.provider, id: run.id, local: run.local };
}
