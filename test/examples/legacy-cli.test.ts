import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const out = mkdtempSync(join(tmpdir(), 'aik-legacy-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Runs the packaged CLI entry (`npx agent-identity-kit …`) from the repository root. */
function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['bin/agent-identity-kit.mjs', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('agent-identity-kit conform --adapter examples/legacy/adapter.ts', () => {
  const scenario = join(out, 'counterexample.json');
  // A short per-operation timeout: the legacy host hangs where it has no owners, and each hang costs one timeout.
  const conform = cli('conform', '--adapter', 'examples/legacy/adapter.ts', '--timeout', '200', '--format', 'json', '--out', scenario);

  it('exits 1 and names AIK-ID-001 as the first failure', () => {
    expect(conform.stderr).toContain(scenario);
    expect(conform.status).toBe(1);
    const report = JSON.parse(conform.stdout) as { verdict: string; failures: { check: string; requirement: string }[] };
    expect(report.verdict).toBe('NOT CONFORMANT');
    expect(report.failures[0]).toMatchObject({ requirement: 'AIK-ID-001', check: 'AIK-ID-001/one-key-everywhere' });
  });

  it('writes the counterexample as a scenario that replays to the same failure against the legacy adapter', () => {
    const written = JSON.parse(readFileSync(scenario, 'utf8')) as { requirements: string[] };
    expect(written.requirements).toEqual(['AIK-ID-001']);
    const replay = cli('replay', scenario, '--adapter', 'examples/legacy/adapter.ts');
    expect(replay.stdout).toMatch(/^FAIL {2}counterexample-aik-id-001-one-key-everywhere/m);
    expect(replay.status).toBe(1);
  });
});
