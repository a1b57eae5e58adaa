import { mutant } from './_support/mutant.js';

/** create prepares the session (its live check) before it reads the signal: an already-aborted create over a live id answers conflict. */
export default mutant({
  name: 'live-check-before-signal',
  defect: 'create runs the live check before admission reads the signal: with an already-aborted signal over a live id it rejects conflict instead of the signal\'s reason',
  requirements: ['AIK-TXN-005'],
  clauses: ['AIK-TXN-005.c1'],
  inject: (inner) => ({
    // Without its signal, the reference's creation meets the live check next: conflict, as the defect answers.
    create: (input) => {
      const { signal, ...rest } = input;
      return inner.create(signal?.at === 'before' && inner.getAgent(input.sessionId) !== undefined ? rest : input);
    },
  }),
});
