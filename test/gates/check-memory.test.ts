/**
 * `check` holds nothing of one gate while the next runs (issue 36, "Memory": its peak is the
 * largest gate's, not their sum). What a gate left behind is collected before the next gate
 * starts; without that, V8 grows the heap first and collects later, and the gates' memory stacks.
 */
import { expect, it } from 'vitest';
import type { Gate } from '../../tools/check/gate.js';
import { runCheck } from '../../tools/check/run-check.js';

it('what a gate dropped is collected before the next gate starts', async () => {
  let left: WeakRef<number[]> | undefined;
  let seenByNext: number[] | undefined | 'not run' = 'not run';
  const gates: Gate[] = [
    {
      name: 'first',
      run: async () => {
        // About 8 MB, in V8's large-object space: only a full collection frees it, never a passing scavenge.
        left = new WeakRef(new Array<number>(1_000_000).fill(1));
        // A turn of the event loop, so the WeakRef no longer keeps its target for the job that made it.
        await new Promise((resolve) => setImmediate(resolve));
        return { gate: 'first', findings: [], notes: [], read: 1 };
      },
    },
    {
      name: 'second',
      run: async () => {
        seenByNext = left?.deref();
        return { gate: 'second', findings: [], notes: [], read: 1 };
      },
    },
  ];
  const report = await runCheck({ root: '.' }, gates);
  expect(report.exitCode).toBe(0);
  expect(left).toBeDefined();
  expect(seenByNext).toBeUndefined();
});
