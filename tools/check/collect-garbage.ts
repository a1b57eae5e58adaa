import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collector: (() => void) | undefined;

/**
 * Collects garbage now, fully. `check` calls it between gates, so what one gate left behind (its
 * TypeScript program, its module graph) is freed before the next one allocates and the memory is
 * reused: the run's peak is the largest gate's, not their sum (without it V8 grows the heap first
 * and collects later). Node offers the collector only under `--expose-gc`; the flag is set at run
 * time and a fresh context's `gc` taken, as jest's leak detector does.
 */
export function collectGarbage(): void {
  if (collector === undefined) {
    setFlagsFromString('--expose-gc');
    collector = runInNewContext('gc') as () => void;
  }
  collector();
}
