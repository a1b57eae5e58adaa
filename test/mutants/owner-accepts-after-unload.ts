import { mutant } from './_support/mutant.js';

/** An unloaded owner's creations fall back to the root owner instead of being refused. */
export default mutant({
  name: 'owner-accepts-after-unload',
  defect: 'a creation through an unloaded owner is filed under the root owner instead of failing inactive',
  requirements: ['AIK-QUIESCE-001'],
  clauses: ['AIK-QUIESCE-001.c2'],
  inject(inner) {
    const unloaded = new Set<string>();
    return {
      async unload(owner) {
        const outcome = await inner.unload(owner);
        unloaded.add(owner);
        return outcome;
      },
      create(input) {
        if (input.owner === undefined || !unloaded.has(input.owner)) return inner.create(input);
        const { owner: _dropped, ...rooted } = input;
        return inner.create(rooted);
      },
    };
  },
});
