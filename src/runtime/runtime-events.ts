import type { Agent } from './agent.js';
import type { LogEvent, Session } from './session.js';
import type { SessionId } from './session-id.js';

/** How a subagent run ended (docs/contract.md §3 "Subagents"). */
export type RunOutcome = 'completed' | 'cancelled' | 'failed';

/** What identifies a subagent run in its start and end events (AIK-RPC-001). */
export interface RunInfo {
  /** The parent agent: the subject of the event. */
  readonly parent: Agent;
  /** Fresh per accepted run, distinct from `id`. */
  readonly runId: string;
  readonly provider: 'in-process' | 'acp';
  /** The run's id: the child's agent and session id in process, the parent-minted id for ACP. */
  readonly id: SessionId;
  /** True for an in-process child with a local agent/session pair. */
  readonly local: boolean;
}

/** The lifecycle events and their payloads; payloads carry the exact objects. */
export interface RuntimeEventMap {
  'session/created': { readonly session: Session };
  'agent/created': { readonly agent: Agent };
  'agent/session-start': { readonly agent: Agent; readonly source: 'startup' | 'resume' };
  'session/event': { readonly session: Session; readonly event: LogEvent };
  'agent/disposed': { readonly agent: Agent };
  'session/disposed': { readonly session: Session };
  'subagent/start': RunInfo;
  'subagent/end': RunInfo & { readonly outcome: RunOutcome };
}

/** A lifecycle event type. */
export type RuntimeEventType = keyof RuntimeEventMap;

/** The subject of an event: the object a scoped listener must own to hear it (AIK-EVENT-004). */
export function subjectOf<K extends RuntimeEventType>(_type: K, payload: RuntimeEventMap[K]): object {
  if ('session' in payload) return payload.session;
  if ('agent' in payload) return payload.agent;
  return (payload as RunInfo).parent;
}
