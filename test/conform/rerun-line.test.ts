import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../support/run-cli.js';

const ADAPTER = 'test/fixtures/conform/resume-mints-new-id-adapter.ts';
const PREFIX = ['npx', 'agent-identity-kit'];

/** Each failure of a text report: its check, its message lines, and the two lines it prints to rerun it. */
function failuresOf(stdout: string): { check: string; message: string; rerun: string; scenario: string }[] {
  const section = stdout.slice(stdout.indexOf('\nFailures\n'));
  return [...section.matchAll(/^ {2}✗ (\S+).*\n((?: {4}(?!counterexample \().*\n)*) {4}counterexample \(.*\n(?: {6}.*\n)* {4}rerun it alone: (.*)\n {4}as a scenario file: (.*)\n/gm)].map((match) => ({
    check: match[1] as string,
    message: match[2] as string,
    rerun: match[3] as string,
    scenario: match[4] as string,
  }));
}

/** The printed command's words after `npx agent-identity-kit` (the fixture's words need no quoting). */
function argvOf(line: string): string[] {
  const words = line.split(' ');
  expect(words.slice(0, 2)).toEqual(PREFIX);
  return words.slice(2);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the rerun line under each failure', () => {
  it('run as printed, it reproduces that failure alone: a generated one by its seed and path, a directed one by its requirement', async () => {
    const { code, stdout } = await runCli(['conform', '--adapter', ADAPTER, '--seed', '3', '--requirements', 'AIK-TXN-003']);
    expect(code).toBe(1);
    const failures = failuresOf(stdout);
    expect(failures.map((failure) => failure.check).sort()).toEqual(['AIK-TXN-003/failure-at-any-phase-rolls-back', 'AIK-TXN-003/generated-live-set']);
    for (const failure of failures) {
      expect(failure.rerun).toContain(`--adapter ${ADAPTER}`);
      const again = await runCli(argvOf(failure.rerun));
      expect(again.code).toBe(1);
      const reproduced = failuresOf(again.stdout).find((candidate) => candidate.check === failure.check);
      expect(reproduced?.message).toBe(failure.message);
      // The rerun prints the same line again: it is a fixed point.
      expect(reproduced?.rerun).toBe(failure.rerun);
    }
    const generated = failures.find((failure) => failure.check.endsWith('/generated-live-set'));
    expect(generated?.rerun).toMatch(/ --seed -?\d+ --path \d+(:\d+)*~\S+$/);
  }, 120_000);

  it('the scenario-file line writes that counterexample with --out (--out-check names it), and replay with the same adapter FAILs on it', async () => {
    const { stdout } = await runCli(['conform', '--adapter', ADAPTER, '--seed', '3', '--requirements', 'AIK-TXN-003']);
    const generated = failuresOf(stdout).find((failure) => failure.check.endsWith('/generated-live-set'));
    const [conform, replay] = (generated?.scenario ?? '').split('; ');
    const file = join(mkdtempSync(join(tmpdir(), 'aik-rerun-')), 'counterexample.json');
    const written = await runCli(argvOf(conform ?? '').map((word) => (word === 'counterexample.json' ? file : word)));
    expect(written.stderr).toContain(`wrote the counterexample of AIK-TXN-003/generated-live-set to ${file}`);
    const replayed = await runCli(argvOf(replay ?? '').map((word) => (word === 'counterexample.json' ? file : word)));
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toMatch(/^FAIL {2}counterexample-aik-txn-003-generated-live-set/m);
    // --out-check picks a failure that is not the run's first (the directed one comes first).
    const picked = await runCli(['conform', '--adapter', ADAPTER, '--seed', '3', '--requirements', 'AIK-TXN-003', '--out', file, '--out-check', 'AIK-TXN-003/generated-live-set']);
    expect(picked.stderr).toContain(`wrote the counterexample of AIK-TXN-003/generated-live-set to ${file}`);
  }, 120_000);

  it('--path is refused without --seed, when it is not a path, and with --shard; --out-check without a check id', async () => {
    const alone = await runCli(['conform', '--path', '1:2']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--path needs --seed');
    const garbage = await runCli(['conform', '--seed', '2', '--path', 'x']);
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toContain('--path must be a counterexample');
    const unnamed = await runCli(['conform', '--out', join(tmpdir(), 'aik-unwritten.json'), '--out-check', 'AIK-TXN-003']);
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toContain('--out-check needs --out and a check id');
    const sharded = await runCli(['conform', '--seed', '2', '--path', '1:2', '--shard', '1/2']);
    expect(sharded.code).toBe(2);
    expect(sharded.stderr).toContain('--path and --shard');
  });
});
