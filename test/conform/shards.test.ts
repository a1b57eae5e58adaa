import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunksOf } from '../../properties/model/chunks.js';
import { withoutTimings, type ConformanceReport } from '../../properties/report/conformance-report.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { mergeReports, runConformance } from '../../properties/runner/run-conformance.js';
import { runCli } from '../support/run-cli.js';
import { MUTANTS } from '../mutants/mutants.js';

const same = (report: ConformanceReport) => JSON.stringify(withoutTimings(report));
const collision = MUTANTS.find((mutant) => mutant.name === 'collision-loser-emits');

describe('deep runs: fixed chunks, shards and merge', () => {
  it('cuts the generated runs into chunks of 100 (the last one shorter)', () => {
    expect(chunksOf(100)).toEqual([{ index: 0, runs: 100 }]);
    expect(chunksOf(250)).toEqual([
      { index: 0, runs: 100 },
      { index: 1, runs: 100 },
      { index: 2, runs: 50 },
    ]);
    expect(chunksOf(0)).toEqual([]);
  });

  it('gives a failing system the same report unsharded and as 4 merged shards, whatever order the shards come in', async () => {
    if (collision === undefined) throw new Error('the collision-loser-emits mutant is gone');
    const options = { seed: 11, runs: 300 };
    const whole = await runConformance(collision.adapter, options);
    expect(whole.verdict).toBe('NOT CONFORMANT');
    expect(whole.chunks.map((chunk) => chunk.index)).toEqual([0, 1, 2]);
    const shards = await Promise.all([0, 1, 2, 3].map((index) => runConformance(collision.adapter, { ...options, shard: { index, count: 4 } })));
    // Shard 4 of 4 holds no chunk of 3: its part still carries its directed checks.
    expect(shards[3]?.part?.chunks).toEqual([]);
    expect(shards[3]?.part?.directed.length).toBeGreaterThan(0);
    expect(same(mergeReports([shards[2], shards[0], shards[3], shards[1]] as ConformanceReport[]))).toBe(same(whole));
  }, 120_000);

  it('fails the merged run when a shard was lost in its generated runs (its missing chunks are not a pass)', async () => {
    const options = { seed: 5, runs: 200, requirements: ['AIK-CREATE-001'] };
    const kept = await runConformance(referenceAdapter(), { ...options, shard: { index: 0, count: 2 } });
    const lost = await runConformance(referenceAdapter(), { ...options, shard: { index: 1, count: 2 }, generatedLost: 'adapter: hung during the generated runs' });
    expect(lost.part?.chunks).toEqual([]);
    const merged = mergeReports([kept, lost]);
    expect(merged.verdict).toBe('NOT CONFORMANT');
    expect(merged.failures.map((failure) => [failure.check, failure.message, failure.adapter])).toEqual([['AIK-CREATE-001/generated-runs', 'adapter: hung during the generated runs', true]]);
    expect(merged.runs).toBe(100);
  }, 60_000);

  it('refuses to merge what is not the shards of one run, naming the problem', async () => {
    const a = await runConformance(collision?.adapter ?? (() => undefined as never), { seed: 3, runs: 0, requirements: ['AIK-ID'], shard: { index: 0, count: 2 } });
    const b = await runConformance(collision?.adapter ?? (() => undefined as never), { seed: 4, runs: 0, requirements: ['AIK-ID'], shard: { index: 1, count: 2 } });
    expect(() => mergeReports([a])).toThrow(/expected the 2 shards 1\/2 … 2\/2 once each, got 1\/2/);
    expect(() => mergeReports([a, a])).toThrow(/once each, got 1\/2, 1\/2/);
    expect(() => mergeReports([a, b])).toThrow(/report #2 is a shard of another run/);
    const { part: _part, ...whole } = a;
    expect(() => mergeReports([whole as ConformanceReport])).toThrow(/not a shard's partial report/);
  }, 60_000);

  it('merge (CLI): a file that is not a partial report is a usage error naming it (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aik-merge-'));
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"tool": "something-else"}');
    const { code, stderr } = await runCli(['merge', broken]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/broken\.json: not a partial conformance report/);
  });

  it('merge (CLI): a missing file and a file that is not JSON are usage errors naming them (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aik-merge-'));
    const missing = await runCli(['merge', join(dir, 'nowhere.json')]);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringMatching(/nowhere\.json: partial report not found\n$/)]);
    writeFileSync(join(dir, 'text.json'), 'not json');
    const text = await runCli(['merge', join(dir, 'text.json')]);
    expect([text.code, text.stderr]).toEqual([2, expect.stringMatching(/text\.json: not JSON \(/)]);
  });

  it('conform --shard and --workers: malformed or conflicting values are usage errors (exit 2), before anything runs', async () => {
    for (const [argv, message] of [
      [['--shard', '0/4'], /--shard must be i\/n with 1 ≤ i ≤ n ≤ 1000, got "0\/4"/],
      [['--shard', '5/4'], /--shard must be i\/n/],
      [['--shard', 'two'], /--shard must be i\/n/],
      [['--shard', '1/2', '--workers', '2'], /--shard and --workers: a shard runs in one worker/],
      [['--shard', '1/2', '--out', 'x.json'], /--shard and --out: the counterexample is written by merge/],
      [['--workers', '0'], /--workers must be an integer/],
    ] as const) {
      const run = await runCli(['conform', ...argv]);
      expect([run.code, run.stdout], argv.join(' ')).toEqual([2, '']);
      expect(run.stderr, argv.join(' ')).toMatch(message);
    }
  });

  it('conform --workers 2 (CLI, supervised workers) gives the report conform --workers 1 gives', async () => {
    const run = async (workers: string) => {
      const { code, stdout } = await runCli(['conform', '--runs', '200', '--seed', '9', '--requirements', 'AIK-ID,AIK-CONFLICT', '--workers', workers, '--format', 'json']);
      expect(code).toBe(0);
      return same(JSON.parse(stdout) as ConformanceReport);
    };
    expect(await run('2')).toBe(await run('1'));
  }, 180_000);
});
