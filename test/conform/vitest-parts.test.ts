/**
 * conformanceSuite's `part`, through vitest's own sharding as a user's CI runs it: the part files
 * run as `vitest run --shard=i/n --reporter=blob`, then `vitest --merge-reports` gives the failing
 * requirements and the exit code of the unsharded suite (test/fixtures/vitest-suites: a mutant by
 * path, supervised, and the reference runtime as a factory, in-process).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failingRequirements, jsonTests, runVitest } from '../support/run-vitest.js';

/** The whole suite, then its two parts as vitest shards and their merge; each step's tests and exit code. */
async function wholeAndMerged(who: 'mutant' | 'reference') {
  const dir = mkdtempSync(join(tmpdir(), `aik-parts-${who}-`));
  const [whole, ...shards] = await Promise.all([
    runVitest(['run', `${who}.whole`, '--reporter=json', `--outputFile=${join(dir, 'whole.json')}`]),
    ...[1, 2].map((index) => runVitest(['run', `${who}.part-`, `--shard=${index}/2`, '--reporter=blob', `--outputFile=${join(dir, 'blobs', `blob-${index}-2.json`)}`])),
  ]);
  const merged = await runVitest(['run', `--merge-reports=${join(dir, 'blobs')}`, '--reporter=json', `--outputFile=${join(dir, 'merged.json')}`]);
  return { whole: { code: whole!.code, tests: jsonTests(join(dir, 'whole.json')) }, shards, merged: { code: merged.code, tests: jsonTests(join(dir, 'merged.json')) } };
}

describe('conformanceSuite parts over vitest --shard and --merge-reports', { timeout: 240_000 }, () => {
  it('a failing mutant (by path): the merged shards fail the requirements the whole suite fails, with its exit code', async () => {
    const { whole, shards, merged } = await wholeAndMerged('mutant');
    expect(whole.code).toBe(1);
    expect(failingRequirements(whole.tests)).toEqual(['AIK-CREATE-001', 'AIK-CREATE-002', 'AIK-ID-002', 'AIK-ID-003']);
    // Each shard ran one part file; both hold a failure here.
    expect(shards.map((shard) => shard.code)).toEqual([1, 1]);
    expect(merged.tests.map((test) => test.file.split('/').pop()).filter((file, index, all) => all.indexOf(file) === index).sort()).toEqual(['mutant.part-1.suite.ts', 'mutant.part-2.suite.ts']);
    expect(failingRequirements(merged.tests)).toEqual(failingRequirements(whole.tests));
    expect(merged.code).toBe(whole.code);
    // Every requirement the whole suite decides is decided (passed or failed) in some part; one that passes, in exactly one.
    for (const test of whole.tests.filter((candidate) => /^AIK-/.test(candidate.title) && candidate.status !== 'skipped')) {
      const decided = merged.tests.filter((candidate) => candidate.title === test.title && candidate.status !== 'skipped');
      expect(decided.length, test.title).toBeGreaterThan(0);
      if (test.status === 'passed') expect(decided.map((candidate) => candidate.status), test.title).toEqual(['passed']);
    }
  });

  it('the reference runtime (a factory, in-process): every part passes, every requirement is decided in exactly one part, exit 0 as unsharded', async () => {
    const { whole, shards, merged } = await wholeAndMerged('reference');
    expect([whole.code, ...shards.map((shard) => shard.code), merged.code]).toEqual([0, 0, 0, 0]);
    expect(failingRequirements(merged.tests)).toEqual([]);
    const decided = (tests: typeof merged.tests) => tests.filter((test) => /^AIK-/.test(test.title) && test.status === 'passed').map((test) => test.title.split(' ')[0]).sort();
    expect(decided(merged.tests)).toEqual(decided(whole.tests));
    expect(decided(whole.tests)).toEqual(['AIK-CREATE-001', 'AIK-CREATE-002', 'AIK-CREATE-003', 'AIK-ID-001', 'AIK-ID-002', 'AIK-ID-003']);
  });
});
