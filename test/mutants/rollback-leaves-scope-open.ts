import { RECORDER, type ObservedEvent } from '../../src/contract/adapter.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { withOverrides } from '../conform/_support/with-overrides.js';
import type { Mutant } from './_support/mutant.js';

/**
 * A `scope-first` runtime whose rollback detaches first and disposes the scope last (its normal
 * teardown is right): the scoped listeners of a rolled-back creation hear its disposed edges.
 */
const adapter = withOverrides(referenceAdapter({ profiles: { teardown: 'scope-first' } }), (system) => ({
  events: (): readonly ObservedEvent[] => {
    const heard = system.events();
    return heard.flatMap((event, index) => {
      if (event.listener !== RECORDER || !event.type.endsWith('/disposed')) return [event];
      const created = heard.findLastIndex((earlier, at) => at < index && earlier.listener === RECORDER && earlier.type === event.type.replace('disposed', 'created') && earlier.subject === event.subject);
      const between = created < 0 ? [] : heard.slice(created, index);
      // Rolled back: announced, never published (no agent/session-start), and its scope had a listener.
      const published = between.some((earlier) => earlier.listener === RECORDER && earlier.type === 'agent/session-start' && earlier.id === event.id);
      const scoped = between.find((earlier) => earlier.scope !== undefined && earlier.id === event.id);
      return created < 0 || published || scoped === undefined || scoped.scope === undefined ? [event] : [event, { ...event, listener: scoped.listener, scope: scoped.scope }];
    });
  },
}));

const rollbackLeavesScopeOpen: Mutant = {
  name: 'rollback-leaves-scope-open',
  defect: 'under scope-first, rollback detaches the entries before it disposes the scope, so the scoped listeners of a rolled-back creation hear its disposed edges',
  requirements: ['AIK-QUIESCE-004'],
  clauses: ['AIK-QUIESCE-004.c5'],
  adapter,
};

export default rollbackLeavesScopeOpen;
