import type { ObservedEvent } from '../../../src/contract/adapter.js';
import type { DrivenSystem } from '../../runner/driven-system.js';

const CREATED: Readonly<Record<string, string>> = { 'agent/disposed': 'agent/created', 'session/disposed': 'session/created' };

/**
 * AIK-EVENT-001 and AIK-EVENT-002 over the recorder's log: per entry object, at most one created
 * edge, disposed never before nor without created, and equal counts once the object is gone.
 */
export function eventPairingViolation(events: readonly ObservedEvent[], live: ReadonlySet<string>, requirement: 'AIK-EVENT-001' | 'AIK-EVENT-002'): string | undefined {
  const created = new Map<string, number>();
  const disposed = new Map<string, number>();
  for (const event of events) {
    const key = `${event.type.split('/')[0]} ${event.subject}`;
    if (event.type === 'agent/created' || event.type === 'session/created') {
      if (requirement === 'AIK-EVENT-002' && created.has(key)) return `${event.type} fired twice for the same object (${event.id})`;
      if (requirement === 'AIK-EVENT-001' && disposed.has(key)) return `${event.type} of ${event.id} fired after its disposed edge`;
      created.set(key, (created.get(key) ?? 0) + 1);
    } else if (CREATED[event.type] !== undefined) {
      if (requirement === 'AIK-EVENT-001' && !created.has(key)) return `${event.type} of ${event.id} fired for an object that was never announced`;
      if (requirement === 'AIK-EVENT-001' && disposed.has(key)) return `${event.type} of ${event.id} fired twice for the same object`;
      disposed.set(key, (disposed.get(key) ?? 0) + 1);
    }
  }
  if (requirement === 'AIK-EVENT-001') {
    for (const [key, count] of created) {
      const [, subject = ''] = key.split(' ');
      if (!live.has(subject) && disposed.get(key) !== count) return `${key.split(' ')[0]} object ${subject} is gone but its created and disposed edges do not pair`;
    }
  }
  return undefined;
}

/** The tokens of every live agent and session object. */
export function liveTokens(system: DrivenSystem): ReadonlySet<string> {
  return new Set([...system.agents().map((entry) => entry.token), ...system.sessions().map((entry) => entry.token)]);
}
