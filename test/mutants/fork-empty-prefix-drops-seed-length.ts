import { mutant } from './_support/mutant.js';

/** A fork of a parent with no completed turn gets no seed at all. */
export default mutant({
  name: 'fork-empty-prefix-drops-seed-length',
  defect: 'fork passes `prefix.length > 0 ? prefix : undefined` as the seed, so a fork before the first completed turn has no seedLength instead of 0',
  requirements: ['AIK-SUB-002'],
  clauses: ['AIK-SUB-002.c2'],
  inject: (inner) => ({
    sessions: () =>
      inner.sessions().map((entry) => {
        if (entry.header.seedLength !== 0) return entry;
        const { seedLength: _dropped, ...header } = entry.header;
        return { ...entry, header };
      }),
  }),
});
