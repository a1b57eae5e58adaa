/**
 * Two refusals the other CLI tests do not reach: shards of two different runs are not merged
 * (exit 2, naming the files and why), and `--out --out-check` on a check that did not fail writes
 * nothing and says so.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'aik-refusals-'));

describe('refusals', () => {
  it('merge refuses shards of two different runs', async () => {
    const parts = [];
    for (const [shard, seed] of [['1/2', '1'], ['2/2', '2']] as const) {
      const part = await runCli(['conform', '--runs', '4', '--requirements', 'AIK-ID-001', '--shard', shard, '--seed', seed]);
      const file = join(dir, `part-${seed}.json`);
      writeFileSync(file, part.stdout);
      parts.push(file);
    }
    const merged = await runCli(['merge', ...parts]);
    expect([merged.code, merged.stdout, merged.stderr]).toEqual([2, '', `agent-identity-kit: ${parts.join(', ')}: report #2 is a shard of another run (kit version, contract, seed, runs, scope or adapter differ)\n`]);
  });

  it('--out with --out-check of a check that passed writes nothing and says so', async () => {
    const out = join(dir, 'counterexample.json');
    const run = await runCli(['conform', '--runs', '0', '--requirements', 'AIK-ID-001', '--out', out, '--out-check', 'AIK-ID-001/one-key-everywhere']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('agent-identity-kit: no AIK-ID-001/one-key-everywhere failure, no counterexample written\n');
    expect(existsSync(out)).toBe(false);
  });
});
