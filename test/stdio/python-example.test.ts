/**
 * examples/python: a Python host over stdio is CONFORMANT (stdio subset) at three seeds; its
 * two-identity mutant is NOT CONFORMANT, and the counterexample `--out` writes replays as a
 * failure against the mutant (`replay --adapter-cmd`) and as a pass against the conforming host.
 * Runs are few here (the CLI end to end, a process per run); the nightly sweep runs more.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const HOST = 'python3 examples/python/adapter.py';
const MUTANT = 'python3 examples/python/two_identity_mutant.py';
const dir = mkdtempSync(join(tmpdir(), 'aik-python-'));

describe('examples/python over stdio', () => {
  it.each([1, 2, 3])('is CONFORMANT (stdio subset) at seed %i', { timeout: 60_000 }, async (seed) => {
    const run = await runCli(['conform', '--adapter-cmd', HOST, '--runs', '10', '--seed', String(seed), '--format', 'json']);
    const report = JSON.parse(run.stdout) as { verdict: string; subset?: { mode: string; notApplicable: { check: string }[] }; summary: Record<string, number>; runs: number };
    expect([run.code, report.verdict, report.runs, report.summary['FAIL'], report.summary['NOT-TESTED']]).toEqual([0, 'CONFORMANT', 10, 0, 0]);
    expect(report.subset?.notApplicable.map((entry) => entry.check)).toEqual(['AIK-QUIESCE-002/agent-disposed-after-the-turn']);
  });

  it('says CONFORMANT (stdio subset) in text and lists what the subset leaves out', { timeout: 60_000 }, async () => {
    const run = await runCli(['conform', '--adapter-cmd', HOST, '--runs', '4']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Not applicable over stdio (the checks that need in-process scheduling):\n  AIK-QUIESCE-002/agent-disposed-after-the-turn  stdio mode: needs in-process scheduling (turn-gate-order: ');
    expect(run.stdout).toMatch(/\nCONFORMANT \(stdio subset\) — \d+ pass, 0 fail, /);
  });

  it('the two-identity mutant is NOT CONFORMANT, and its counterexample replays as a failure', { timeout: 90_000 }, async () => {
    const out = join(dir, 'counterexample.json');
    const run = await runCli(['conform', '--adapter-cmd', MUTANT, '--runs', '4', '--requirements', 'AIK-ID-001', '--out', out]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/\nNOT CONFORMANT \(stdio subset\) — 0 pass, 1 fail, /);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ requirements: ['AIK-ID-001'] });
    const againstMutant = await runCli(['replay', out, '--adapter-cmd', MUTANT]);
    expect(againstMutant.code).toBe(1);
    expect(againstMutant.stdout).toContain('observed: events heard by the recorder: ["session/created one","agent/created agent-one"');
    expect(againstMutant.stdout).toContain('1 scenario: 0 passed, 1 failed, 0 not applicable');
    const againstHost = await runCli(['replay', out, '--adapter-cmd', HOST]);
    expect([againstHost.code, againstHost.stdout.endsWith('1 scenario: 1 passed, 0 failed, 0 not applicable\n')]).toEqual([0, true]);
  });
});
