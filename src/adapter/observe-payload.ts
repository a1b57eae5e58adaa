import type { EventType, ObservedEvent, ObservedRun } from '../contract/adapter.js';
import { misuse } from './misuse.js';

/** What one event says, as the kit observes it: an {@link ObservedEvent} without the listener fields. */
export type Observation = Omit<ObservedEvent, 'listener' | 'scope' | 'snapshot'>;

/** How an adapter names the objects an event carries. */
export interface PayloadNames {
  /** The token of an agent object (also the parent of a subagent run). */
  agent(agent: object): string;
  /** The token of a session object. */
  session(session: object): string;
}

/** The payload shapes of `docs/contract.md` §2 "Events", as far as observation reads them. */
interface Payload {
  readonly agent?: { readonly id: string; readonly session: object };
  readonly session?: { readonly id: string };
  readonly source?: 'startup' | 'resume';
  readonly event?: { readonly seq: number; readonly kind: string };
  readonly parent?: { readonly id: string };
}

/**
 * What an event with a contract-shaped payload says (`{ agent, source? }`, `{ session, event? }`,
 * or a subagent run `{ parent, runId, provider, id, local, outcome? }`), with its objects named by
 * `names`. An implementation with other payload shapes writes its own observation instead.
 */
export function observePayload(type: EventType, payload: unknown, names: PayloadNames): Observation {
  if (typeof names !== 'object' || names === null || typeof names.agent !== 'function' || typeof names.session !== 'function') throw misuse('observePayload(type, payload, names)', 'names must have agent(object) and session(object), which return tokens', names);
  if (typeof payload !== 'object' || payload === null) throw misuse('observePayload(type, payload, names)', `the payload of ${type} must be the event's object (a positional listener, (session, event) => …, passes the first argument only: wrap it)`, payload);
  const { agent, session, source, event, parent } = payload as Payload;
  if (type.startsWith('subagent/')) {
    if (parent === undefined) throw new Error(`${type} payload carries no parent agent`);
    const { runId, provider, id, local, outcome } = payload as ObservedRun;
    return { type, subject: names.agent(parent), id: parent.id, run: { runId, provider, id, local, ...(outcome === undefined ? {} : { outcome }) } };
  }
  if (agent !== undefined) {
    return { type, subject: names.agent(agent), id: agent.id, session: names.session(agent.session), ...(source === undefined ? {} : { source }) };
  }
  if (session === undefined) throw new Error(`${type} payload carries neither an agent nor a session`);
  return { type, subject: names.session(session), id: session.id, ...(event === undefined ? {} : { event: { seq: event.seq, kind: event.kind } }) };
}
