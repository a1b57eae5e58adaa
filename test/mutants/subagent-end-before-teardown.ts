import { mutant } from './_support/mutant.js';

/** subagent/end is dispatched when the child's teardown starts, while the child still answers lookups. */
export default mutant({
  name: 'subagent-end-before-teardown',
  defect: 'subagent/end fires as the child starts its teardown, so its listeners still find the child live',
  requirements: ['AIK-SUB-004'],
  clauses: ['AIK-SUB-004.c4'],
  inject: (inner) => ({
    // What a listener snapshots at subagent/end: the child, still in the registries.
    events: () =>
      inner.events().map((event) => {
        if (event.type !== 'subagent/end' || event.snapshot === undefined || event.run === undefined) return event;
        const child = { id: event.run.id, token: `mutant-agent-${event.run.id}`, session: { id: event.run.id, headerId: event.run.id, token: `mutant-session-${event.run.id}` } };
        return { ...event, snapshot: { ...event.snapshot, agents: [...event.snapshot.agents, child] } };
      }),
  }),
});
