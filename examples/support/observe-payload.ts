import type { EventType, ObservedEvent } from '../../src/contract/adapter.js';

/** The payload shapes of CONTRACT.md §2 "Events", as far as observation needs them. */
interface Payload {
  readonly agent?: { readonly id: string; readonly session: object };
  readonly session?: { readonly id: string };
  readonly source?: 'startup' | 'resume';
  readonly event?: { readonly seq: number; readonly kind: string };
}

/** How the adapter names objects: tokens for an agent object and a session object. */
export interface Namer {
  agent(agent: object): string;
  session(session: object): string;
}

/** What an event with a contract-shaped payload says, as the kit observes it (no subagent events). */
export function observePayload(type: EventType, payload: unknown, names: Namer): Omit<ObservedEvent, 'listener' | 'scope' | 'snapshot'> {
  const { agent, session, source, event } = payload as Payload;
  if (agent !== undefined) {
    return { type, subject: names.agent(agent), id: agent.id, session: names.session(agent.session), ...(source === undefined ? {} : { source }) };
  }
  if (session === undefined) throw new Error(`${type} payload carries neither an agent nor a session`);
  return { type, subject: names.session(session), id: session.id, ...(event === undefined ? {} : { event: { seq: event.seq, kind: event.kind } }) };
}
