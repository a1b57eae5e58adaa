import { mutant } from './_support/mutant.js';

/** subagent/end always reports the run completed, whatever its child's turns did. */
export default mutant({
  name: 'subagent-end-always-completed',
  defect: "subagent/end carries outcome 'completed' even when a turn of the child was cut or failed",
  requirements: ['AIK-SUB-004'],
  clauses: ['AIK-SUB-004.c3'],
  inject: (inner) => ({
    events: () => inner.events().map((event) => (event.type === 'subagent/end' && event.run !== undefined ? { ...event, run: { ...event.run, outcome: 'completed' as const } } : event)),
  }),
});
