import type { DrivenSystem } from '../../runner/driven-system.js';

/**
 * AIK-ID-001 over one system: for every live agent, its registry key, agent id, session id and
 * header id are one id, and the session store holds that agent's own session under it. Returns
 * what is wrong, or `undefined`.
 */
export function oneIdentityViolation(system: DrivenSystem): string | undefined {
  const sessions = new Map(system.sessions().map((entry) => [entry.id, entry]));
  for (const agent of system.agents()) {
    if (agent.session.id !== agent.id) return `agent ${agent.id}: session.id is ${agent.session.id}`;
    if (agent.session.headerId !== agent.id) return `agent ${agent.id}: header id is ${agent.session.headerId}`;
    if (system.getAgent(agent.id) !== agent.token) return `agent ${agent.id}: getAgent does not return that agent`;
    if (system.getSession(agent.id) !== agent.session.token) return `agent ${agent.id}: getSession does not return the agent's own session object`;
    const session = sessions.get(agent.id);
    if (session === undefined) return `agent ${agent.id}: the session store holds nothing under its key`;
    if (session.token !== agent.session.token) return `agent ${agent.id}: the session store holds another session object under its key`;
    if (session.header.id !== agent.id) return `agent ${agent.id}: the stored session's header id is ${session.header.id}`;
  }
  return undefined;
}
