import { mutant } from './_support/mutant.js';

/** shutdown starts the teardowns but does not wait for them. */
export default mutant({
  name: 'shutdown-resolves-early',
  defect: 'shutdown fires every unload with `void` and resolves before the teardowns complete',
  requirements: ['AIK-QUIESCE-005'],
  clauses: ['AIK-QUIESCE-005.c1'],
  inject: (inner) => ({
    async shutdown() {
      void inner.shutdown();
      return { ok: true };
    },
  }),
});
