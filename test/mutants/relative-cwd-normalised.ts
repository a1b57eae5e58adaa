import { mutant } from './_support/mutant.js';

/** A relative cwd is made absolute instead of being refused. */
export default mutant({
  name: 'relative-cwd-normalised',
  defect: 'create resolves a relative meta.cwd against "/" instead of refusing it as invalid',
  requirements: ['AIK-CREATE-003'],
  clauses: ['AIK-CREATE-003.c1'],
  inject: (inner) => ({
    create: (input) => inner.create(input.meta?.cwd !== undefined && !input.meta.cwd.startsWith('/') ? { ...input, meta: { ...input.meta, cwd: `/${input.meta.cwd}` } } : input),
  }),
});
