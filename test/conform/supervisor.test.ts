/**
 * The supervisor from the inside of the repository (the packed-kit versions of these run in
 * test/e2e/package.test.ts): conform and replay run adapter code in a worker process, so an
 * adapter that exits, blocks, prints or leaks errors costs what it broke and nothing more.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { ConformanceReport } from '../../properties/report/conformance-report.js';
import { adapterSpec } from '../../src/supervisor/load-adapter.js';
import { superviseConformance } from '../../src/supervisor/supervise-conformance.js';
import { processesMarked } from '../support/marked-processes.js';
import { runCli } from '../support/run-cli.js';
import { withoutProgress } from '../support/without-progress.js';

const HOSTILE = 'test/fixtures/hostile';

describe('conform, supervised', { timeout: 60_000 }, () => {
  it('an adapter exiting in an operation fails each check it exits in, with the step in flight, and the run goes on', async () => {
    const run = await runCli(['conform', '--adapter', `${HOSTILE}/exit-in-create.ts`, '--runs', '2', '--requirements', 'AIK-ID', '--format', 'json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as ConformanceReport;
    expect(report.failures.map((failure) => failure.check)).toEqual(['AIK-ID-001/one-key-everywhere', 'AIK-ID-002/stored-header-with-another-id-refused', 'AIK-ID-003/ids-are-opaque']);
    expect(report.failures[0]?.message).toBe(
      'adapter: the worker process exited with code 0 (adapter code called process.exit, or the process crashed) (the last step started: create(one, cwd=/work)); the run went on with the remaining checks in a fresh worker',
    );
    expect(report.failures[0]?.counterexample.commands).toEqual(['open() ✓', 'create(one, cwd=/work) ✗adapter']);
    expect(run.stderr).toContain('agent-identity-kit: the worker process exited with code 0 (adapter code called process.exit, or the process crashed) in AIK-ID-001/one-key-everywhere; going on in a fresh worker\n');
  });

  it('a check lost to the adapter is an expected failure when the expected-failures list names it or its requirement', async () => {
    const report = await superviseConformance({ adapter: adapterSpec(`${HOSTILE}/exit-in-create.ts`), options: { runs: 0, requirements: ['AIK-ID'], expectedFailures: ['AIK-ID-001/one-key-everywhere', 'AIK-ID-002'] }, log: () => undefined });
    expect(report.failures.map((failure) => [failure.check, failure.adapter, failure.expected])).toEqual([
      ['AIK-ID-001/one-key-everywhere', true, true],
      ['AIK-ID-002/stored-header-with-another-id-refused', true, true],
      ['AIK-ID-003/ids-are-opaque', true, false],
    ]);
    // The one not listed still fails the run.
    expect(report.verdict).toBe('NOT CONFORMANT');
  });

  it('a blocked thread is stopped by the watchdog, confirmed by a second run of its check, and costs that check only', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'aik-loop-')), 'looped');
    process.env['AIK_LOOP_MARKER'] = marker;
    try {
      const run = await runCli(['conform', '--adapter', `${HOSTILE}/loop-twice.ts`, '--runs', '2', '--requirements', 'AIK-ID', '--timeout', '200', '--format', 'json']);
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout) as ConformanceReport;
      expect(report.failures.map((failure) => [failure.check, failure.message])).toEqual([
        ['AIK-ID-001/one-key-everywhere', expect.stringMatching(/^adapter: hung: the worker showed no sign of life for 10400 ms \(a synchronous loop or a blocked thread in adapter code\) and was stopped in the observation agents\(\) \(the last step started: spawn\(h1\)\)/)],
      ]);
      expect(report.requirements.map((result) => result.status)).toEqual(['FAIL', 'PASS', 'PASS', 'STATIC']);
    } finally {
      delete process.env['AIK_LOOP_MARKER'];
    }
  });

  it('what the adapter prints stays out of the report format, and escaped errors are reported and fail the run', async () => {
    const run = await runCli(['conform', '--adapter', `${HOSTILE}/noisy-strays.ts`, '--runs', '2', '--requirements', 'AIK-ID-001', '--format', 'json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as ConformanceReport;
    expect(report.verdict).toBe('NOT CONFORMANT');
    // Each escaped error is a failure: of the check in flight when it surfaced, or of AIK-ID-001/escaped-errors outside any check.
    const lines = report.failures.flatMap((failure) => failure.message.split('\n'));
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^adapter: unhandled rejection from adapter code .*: Error: stray at load$/), expect.stringMatching(/^adapter: uncaught exception from adapter code .*: Error: thrown from a timer$/)]));
    expect(report.adapterOutput).toEqual({ stdout: '{ "not": "the report" }\n', stderr: 'adapter warning\n' });
    expect(report.strays).toEqual(expect.arrayContaining([expect.objectContaining({ origin: 'unhandled rejection', message: 'Error: stray at load' }), expect.objectContaining({ origin: 'uncaught exception', message: 'Error: thrown from a timer' })]));
    expect(run.stderr).toContain('adapter stdout | { "not": "the report" }\nadapter stderr | adapter warning\n');
    expect(run.stderr).toMatch(/agent-identity-kit: uncaught exception from adapter code (during AIK-ID-001\/one-key-everywhere|outside any check)[^\n]*: Error: thrown from a timer\n/);
  });

  it('an adapter exiting while it loads is unusable: no verdict, exit 2 (not the NOT CONFORMANT 1), one line naming it and why', async () => {
    const run = await runCli(['conform', '--adapter', `${HOSTILE}/exit-at-load.ts`, '--requirements', 'AIK-ID-001', '--format', 'json']);
    expect({ ...run, stderr: withoutProgress(run.stderr) }).toEqual({ code: 2, stdout: '', stderr: `agent-identity-kit: ${HOSTILE}/exit-at-load.ts: the worker process exited with code 3 (adapter code called process.exit, or the process crashed) while loading the adapter module\n` });
    // The report of the supervised run says the same.
    const report = await superviseConformance({ adapter: adapterSpec(`${HOSTILE}/exit-at-load.ts`), options: { runs: 0, requirements: ['AIK-ID-001'] }, log: () => undefined });
    expect(report.adapter).toEqual({ error: 'adapter: the worker process exited with code 3 (adapter code called process.exit, or the process crashed) while loading the adapter module' });
    expect(report.requirements.map((result) => result.status)).toEqual(['NOT-TESTED']);
  });

  it('with --workers 2, an adapter that is unusable in its workers is one usage error; a usable one gives what it printed in all of them', async () => {
    const exiting = await runCli(['conform', '--adapter', `${HOSTILE}/exit-at-load.ts`, '--requirements', 'AIK-ID-001', '--workers', '2', '--format', 'json']);
    expect({ ...exiting, stderr: withoutProgress(exiting.stderr) }).toEqual({ code: 2, stdout: '', stderr: expect.stringMatching(/^agent-identity-kit: [^\n]*exit-at-load\.ts: the worker process exited with code 3 .* while loading the adapter module\n$/) });
    const noisy = await runCli(['conform', '--adapter', `${HOSTILE}/noisy-strays.ts`, '--runs', '2', '--requirements', 'AIK-ID-001', '--workers', '2', '--format', 'json']);
    // Its escaped errors fail the run.
    expect(noisy.code).toBe(1);
    const report = JSON.parse(noisy.stdout) as ConformanceReport;
    // Each worker loads the adapter: its output and strays are gathered from both.
    expect(report.adapterOutput?.stdout).toContain('{ "not": "the report" }');
    expect(report.strays?.length).toBeGreaterThan(0);
  });
});

describe('superviseConformance, stopped', () => {
  it('an aborted run kills its worker, blocked in adapter code, and rejects with the reason', async () => {
    const marker = `AIK_STOP_RUN=${randomUUID()}`;
    const looped = join(mkdtempSync(join(tmpdir(), 'aik-stop-')), 'looped');
    const stop = new AbortController();
    process.env['AIK_STOP_RUN'] = marker.slice(marker.indexOf('=') + 1);
    process.env['AIK_LOOP_MARKER'] = looped;
    try {
      const run = superviseConformance({ adapter: adapterSpec(`${HOSTILE}/loop-twice.ts`), options: { runs: 0, requirements: ['AIK-ID-001'] }, log: () => undefined, signal: stop.signal });
      // The adapter writes the marker file as it enters its loop.
      await vi.waitFor(() => expect(existsSync(looped)).toBe(true), { timeout: 30_000, interval: 50 });
      expect(processesMarked(marker).length).toBeGreaterThan(0);
      stop.abort(new Error('stopped by the test'));
      await expect(run).rejects.toThrow('stopped by the test');
      expect(processesMarked(marker)).toEqual([]);
    } finally {
      delete process.env['AIK_STOP_RUN'];
      delete process.env['AIK_LOOP_MARKER'];
    }
  }, 60_000);
});

describe('replay --adapter, supervised', { timeout: 60_000 }, () => {
  it('a lost worker fails the scenario in flight and the others still replay', async () => {
    const run = await runCli(['replay', 'scenarios/identity', 'scenarios/resume/resume-not-persisted-is-not-found.json', '--adapter', `${HOSTILE}/exit-in-create.ts`]);
    expect(run.code).toBe(1);
    // The first scenario resumes without creating; the second one creates, and the adapter exits there.
    expect(run.stdout).toMatch(/^PASS {2}id-header-is-the-one-home — /);
    expect(run.stdout).toMatch(/^FAIL {2}id-is-opaque — .*\n {6}scenarios\/identity\/id-is-opaque\.json\n {6}adapter: the worker process exited with code 0 \(adapter code called process\.exit, or the process crashed\)\n/m);
    // The third one never creates: it replays in a fresh worker and passes.
    expect(run.stdout).toMatch(/^PASS {2}resume-not-persisted-is-not-found — /m);
    expect(run.stdout).toContain('3 scenarios: 2 passed, 1 failed, 0 not applicable\n');
  });

  it('an adapter that exits at load is a usage error naming it', async () => {
    const run = await runCli(['replay', 'scenarios/identity', '--adapter', `${HOSTILE}/exit-at-load.ts`]);
    expect(run).toMatchObject({ code: 2, stdout: '', stderr: `agent-identity-kit: ${HOSTILE}/exit-at-load.ts: the worker process exited with code 3 (adapter code called process.exit, or the process crashed) while loading the adapter module\n` });
  });
});
