/**
 * Issue 34: `trace` holds memory for the objects, ids and open calls of a history, not for its
 * records. A checker fed one live agent and 2,000 creations of its id that fail with conflict
 * keeps none of the records it read (their places only); before, it kept every creation call with
 * its lines, so memory grew with the records of a history of a fixed set of objects.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('trace memory', () => {
  it('keeps none of the records it read once they can only be quoted: memory follows objects, not records', () => {
    // A child with --expose-gc: a full collection then frees exactly what the checker no longer reaches.
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'test/scenarios/_support/retained-lines.ts', '2000'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ records: 4005, retained: 0, verdict: 'OK' });
  }, 60_000);
});
