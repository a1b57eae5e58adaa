/**
 * Generated runs per chunk. The phase is cut into fixed chunks whose seeds derive from the run
 * seed and the chunk index only, so the set of runs, and the verdict, does not depend on how
 * many workers or shards make them. With the default 100 runs there is one chunk, seeded with
 * the run seed itself.
 */
export const CHUNK_RUNS = 100;

/** The chunks of a phase of `runs` runs: index and runs of each. */
export function chunksOf(runs: number): { readonly index: number; readonly runs: number }[] {
  return Array.from({ length: Math.ceil(runs / CHUNK_RUNS) }, (_, index) => ({ index, runs: Math.min(CHUNK_RUNS, runs - index * CHUNK_RUNS) }));
}
