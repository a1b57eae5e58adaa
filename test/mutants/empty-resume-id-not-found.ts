import { mutant } from './_support/mutant.js';

/** resume skips the admission check of its id and looks the empty id up in the store. */
export default mutant({
  name: 'empty-resume-id-not-found',
  defect: 'resume does not validate resumeSessionId at admission: the empty id reaches the store and fails not-found instead of invalid',
  requirements: ['AIK-RESUME-002'],
  clauses: ['AIK-RESUME-002.c2'],
  inject: (inner) => ({
    // An id no store holds stands in for the store lookup of "" the defect makes.
    resume: (input) => inner.resume(input.resumeSessionId === '' ? { ...input, resumeSessionId: '\u0000never-stored' } : input),
  }),
});
