import { mutant } from './_support/mutant.js';

/** resume reads the stored header with a truthiness test and loses `delegationDepth: 0`. */
export default mutant({
  name: 'resume-drops-zero-depth',
  defect: 'resume rebuilds the header with `...(stored.delegationDepth ? { delegationDepth } : {})`, turning 0 into absent',
  requirements: ['AIK-RESUME-004'],
  clauses: ['AIK-RESUME-004.c1'],
  inject(inner) {
    const resumed = new Set<string>();
    return {
      async resume(input) {
        const outcome = await inner.resume(input);
        const token = outcome.ok ? inner.getSession(input.resumeSessionId) : undefined;
        if (token !== undefined) resumed.add(token);
        return outcome;
      },
      sessions: () =>
        inner.sessions().map((entry) => {
          if (!resumed.has(entry.token) || entry.header.delegationDepth !== 0) return entry;
          const { delegationDepth: _dropped, ...header } = entry.header;
          return { ...entry, header };
        }),
    };
  },
});
