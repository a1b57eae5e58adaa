/**
 * Issue 34: hostile adapters never end a supervised run with exit 0, and never hold it for long.
 * Errors escaping adapter code, a hang that does not recur, a message forged on the worker's
 * channel, a broken built-in and memory held past the limit each end the run non-zero with one
 * line saying what and where, in under 60 s (the tests' timeout); a run whose every creation
 * hangs reaches its verdict in under 90 s. Each of these ended CONFORMANT (exit 0), or ran for
 * minutes, before the supervisor decided.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../properties/report/conformance-report.js';
import { runCli } from '../support/run-cli.js';

const HOSTILE = 'test/fixtures/hostile';

/** Runs `conform` on the hostile adapter `name` with `flags` (JSON report). */
async function conform(name: string, ...flags: string[]) {
  const run = await runCli(['conform', '--adapter', `${HOSTILE}/${name}.ts`, '--format', 'json', ...flags]);
  return { ...run, report: JSON.parse(run.stdout) as ConformanceReport };
}

describe('hostile adapters end the run non-zero, saying what and where', { timeout: 60_000 }, () => {
  it.each([
    ['unhandled-rejection', 'unhandled rejection', 'Error: unhandled rejection in create'],
    ['stray-rejection', 'unhandled rejection', 'Error: background work of create failed'],
    ['stray-throw', 'uncaught exception', 'Error: thrown on the next tick of create'],
    ['late-rejection', 'unhandled rejection', 'Error: rejection handled late in create'],
  ])('%s: an error escaping adapter code fails the check it escaped in', async (name, origin, error) => {
    const run = await conform(name, '--requirements', 'AIK-ID-001', '--runs', '2');
    expect(run.code).toBe(1);
    expect(run.report.verdict).toBe('NOT CONFORMANT');
    expect(run.report.failures).toEqual([
      expect.objectContaining({ check: 'AIK-ID-001/one-key-everywhere', adapter: true, message: `adapter: ${origin} from adapter code during this check (the last step started: shutdown()): ${error}` }),
    ]);
    expect(run.stderr).toContain(`agent-identity-kit: ${origin} from adapter code during AIK-ID-001/one-key-everywhere (the last step started: shutdown()): ${error}\n`);
    // The failure comes from the escaped error alone: its counterexample is the check's steps, up to the one last started, and the error with its origin.
    const { counterexample } = run.report.failures[0]!;
    expect(counterexample.commands).toEqual(['open() ✓', 'create(one, cwd=/work) → h1 ✓', 'prompt(h1) ✓', 'spawn(h1) → h2 ✓', 'shutdown() ✓']);
    expect(counterexample.steps.map((step) => step.op)).toEqual(['open', 'create', 'prompt', 'spawn', 'shutdown']);
    expect(counterexample.escaped).toEqual([{ origin, message: error, check: 'AIK-ID-001/one-key-everywhere', step: 'shutdown()' }]);
  });

  it('an escaped error alone: the text report shows it after the steps it escaped during, and --out writes those steps, saying what a replay cannot check', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'aik-escaped-')), 'counterexample.json');
    const run = await runCli(['conform', '--adapter', `${HOSTILE}/stray-rejection.ts`, '--requirements', 'AIK-ID-001', '--runs', '2', '--out', out]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('    counterexample (seed 202611):\n      open() ✓\n      create(one, cwd=/work) → h1 ✓\n      prompt(h1) ✓\n      spawn(h1) → h2 ✓\n      shutdown() ✓\n      ⚠ unhandled rejection after shutdown() started: Error: background work of create failed\n');
    expect(run.stderr).toContain(`agent-identity-kit: wrote the counterexample of AIK-ID-001/one-key-everywhere to ${out} (the steps during which the unhandled rejection escaped adapter code: a replay runs them and fails if an error escapes again; its title names the error)\n`);
    const scenario = JSON.parse(readFileSync(out, 'utf8')) as { title: string; steps: { op: string }[] };
    expect(scenario.title).toContain('Error: background work of create failed');
    expect(scenario.steps.map((step) => step.op)).toEqual(['create', 'prompt', 'spawn']);
    // Replayed against the same adapter, the error escapes again: the scenario fails (it passed, exit 0, before).
    const replayed = await runCli(['replay', out, '--adapter', `${HOSTILE}/stray-rejection.ts`]);
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toMatch(/^FAIL /);
    expect(replayed.stdout).toContain('adapter: unhandled rejection escaped from adapter code: Error: background work of create failed\n');
  });

  it('a prompt that hangs once per process is flaky: the confirming re-run passing does not forgive it', async () => {
    const run = await conform('hang-once', '--requirements', 'AIK-ID-001', '--runs', '2', '--timeout', '200');
    expect(run.code).toBe(1);
    const [failure] = run.report.failures;
    expect(failure).toMatchObject({ check: 'AIK-ID-001/one-key-everywhere', flaky: true });
    expect(failure?.message).toMatch(/^flaky: prompt\(h1\) did not settle within its limit on the first run and had not settled after as long again as the confirming limit, while the confirming re-run passed/);
    // The confirmation is shown as it starts.
    expect(run.stderr).toContain('agent-identity-kit: prompt(h1) did not settle within its limit (base 200 ms) in AIK-ID-001/one-key-everywhere; running the check again with longer limits to confirm the hang\n');
  });

  it('a prompt that hangs once per process inside the generated runs is flaky: named with its check, the step and what the confirming re-run did', async () => {
    const run = await conform('hang-once-generated', '--requirements', 'AIK-DETACH-001', '--runs', '20', '--timeout', '200');
    expect(run.code).toBe(1);
    expect(run.report.verdict).toBe('NOT CONFORMANT');
    const [failure] = run.report.failures;
    expect(run.report.failures).toHaveLength(1);
    expect(failure).toMatchObject({ check: 'AIK-DETACH-001/generated-settles', flaky: true });
    expect(failure?.message).toMatch(
      /^flaky: prompt\(h\d+\) did not settle within its limit in a generated run and had not settled after as long again as the confirming limit, while the confirming re-run of the same 20 runs \(seed 202611\) with 10× the limit passed \(a hang that does not recur\)\n/,
    );
  });

  it.each([
    ['loop-once-generated', ['--requirements', 'AIK-DETACH-001', '--runs', '20'], 'AIK-DETACH-001/generated-runs', 'the generated runs'],
    ['loop-once-at-load', ['--requirements', 'AIK-ID-001', '--runs', '2'], 'AIK-ID-001/adapter-load', 'loading the adapter'],
  ])('%s: a worker blocked once outside any check, whose re-run goes through, is a flaky finding of that phase', async (name, flags, check, phase) => {
    const marker = join(mkdtempSync(join(tmpdir(), 'aik-flaky-')), 'looped');
    process.env['AIK_LOOP_MARKER'] = marker;
    try {
      const run = await conform(name, ...flags, '--timeout', '200');
      expect(run.code).toBe(1);
      expect(readFileSync(marker, 'utf8')).toBe('1');
      const message = `flaky: hung: the worker showed no sign of life for 5200 ms (a synchronous loop or a blocked thread in adapter code) and was stopped in ${phase}; the confirming re-run in a fresh worker went through (a hang that does not recur)`;
      expect(run.report.failures.map((failure) => [failure.check, failure.flaky, failure.adapter, failure.message])).toEqual([[check, true, true, message]]);
      expect(run.stderr).toContain(`agent-identity-kit: flaky: the hang in ${name === 'loop-once-at-load' ? 'load' : 'generated'} did not recur on the confirming re-run\n`);
    } finally {
      delete process.env['AIK_LOOP_MARKER'];
    }
  });

  it('a worker blocked once, whose re-run in a fresh worker passes, is flaky: named with its check, step and what the re-run did', async () => {
    // loop-twice blocks while its marker counts fewer than 2 blocks: starting at 1, it blocks in the first worker only.
    const marker = join(mkdtempSync(join(tmpdir(), 'aik-flaky-')), 'looped');
    writeFileSync(marker, '1');
    process.env['AIK_LOOP_MARKER'] = marker;
    try {
      const run = await conform('loop-twice', '--requirements', 'AIK-ID-001', '--runs', '2', '--timeout', '200');
      expect(run.code).toBe(1);
      expect(run.report.failures).toEqual([expect.objectContaining({ check: 'AIK-ID-001/one-key-everywhere', flaky: true, adapter: true })]);
      const message = 'flaky: adapter: hung: the worker showed no sign of life for 5200 ms (a synchronous loop or a blocked thread in adapter code) and was stopped (the last step started: spawn(h1)) on its first run; the confirming re-run in a fresh worker passed (a hang that does not recur)';
      expect(run.report.failures[0]?.message).toBe(message);
      expect(run.stderr).toContain(`agent-identity-kit: AIK-ID-001/one-key-everywhere: ${message}\n`);
    } finally {
      delete process.env['AIK_LOOP_MARKER'];
    }
  });

  it('a report forged on the worker channel is a finding, never the verdict', async () => {
    const run = await conform('forged-report', '--requirements', 'AIK-ID-001', '--runs', '2');
    expect(run.code).toBe(1);
    expect(run.report.verdict).toBe('NOT CONFORMANT');
    expect(run.report.summary.PASS).toBe(0);
    expect(run.report.failures.map((failure) => failure.check)).toEqual(['AIK-ID-001/escaped-errors']);
    expect(run.stderr).toMatch(/^agent-identity-kit: forged message from adapter code outside any check \(while loading the adapter\): a message on the worker's channel: \{"kind":"report",/m);
  });

  it('a polyfill that breaks Array.prototype.some fails the run, naming it', async () => {
    const run = await conform('some-polyfill', '--requirements', 'AIK-ID-001', '--runs', '2');
    expect(run.code).toBe(1);
    expect(run.report.verdict).toBe('NOT CONFORMANT');
    expect(run.stderr).toContain('agent-identity-kit: built-in replaced from adapter code outside any check (while loading the adapter): Array.prototype.some no longer behaves as specified (replaced by adapter code or an --import preload); the engine relies on it\n');
  });

  it('a polyfill that answers the known-answer probes right but drops recorded failures cannot make a failing check pass: the engine records with safe copies', async () => {
    const run = await runCli(['conform', '--adapter', 'test/fixtures/conform/misclassifying-adapter.ts', '--import', `./${HOSTILE}/lying-push.mjs`, '--requirements', 'AIK-RESUME-002', '--runs', '0', '--format', 'json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as ConformanceReport;
    expect(report.verdict).toBe('NOT CONFORMANT');
    expect(report.failures.map((failure) => failure.check)).toEqual(['AIK-RESUME-002/not-persisted-is-not-found']);
  });

  // The resident set is read on the worker's heartbeat: whether that lands in a check or between two is the machine's timing.
  it('memory held past the worker limit fails the run as the adapter’s, with the figure (naming the check in flight, if any)', async () => {
    const run = await conform('memory-hog', '--requirements', 'AIK-ID', '--runs', '50', '--max-memory', '320');
    expect(run.code).toBe(1);
    const over = run.report.failures.filter((failure) => /^adapter: the worker used \d+ MB, over its memory limit of 320 MB \(memory held by adapter code\), and was stopped/.test(failure.message));
    expect(over.length).toBeGreaterThan(0);
    expect(over.every((failure) => failure.adapter)).toBe(true);
    expect(run.stderr).toMatch(/^agent-identity-kit: the worker used \d+ MB, over its memory limit of 320 MB \(memory held by adapter code\), and was stopped(?: in AIK-ID-\d+\/[a-z-]+)?; going on in a fresh worker$/m);
  });
});

describe('bounded time', () => {
  // The bound (90 s) is the test's timeout: the run used to go on for over 6 minutes, silent.
  it('a run whose every creation hangs reaches its verdict: the hang is confirmed once, shown as it happens, and the checks that need create are NOT-TESTED naming it', async () => {
    const run = await conform('create-hangs');
    expect(run.code).toBe(1);
    const note = 'needs create, which hangs (confirmed in AIK-ID-001/one-key-everywhere: create(one, cwd=/work)): not waited for again';
    expect(run.report.requirements.find((result) => result.id === 'AIK-CREATE-001')).toMatchObject({ status: 'NOT-TESTED', note });
    expect(run.report.failures.map((failure) => failure.check)).toEqual(['AIK-ID-001/one-key-everywhere']);
    expect(run.stderr).toContain('agent-identity-kit: the hang of create is confirmed (AIK-ID-001/one-key-everywhere, create(one, cwd=/work)): a check it hangs in again is NOT-TESTED, without waiting to confirm it again\n');
  }, 90_000);

  it('a run whose every creation blocks the thread reaches its verdict: confirmed once, then each worker it blocks again costs one silence limit, and after 3 the checks that need create are not tried', async () => {
    const run = await conform('create-loops', '--timeout', '200');
    expect(run.code).toBe(1);
    expect(run.report.failures.map((failure) => failure.check)).toEqual(['AIK-ID-001/one-key-everywhere']);
    const note = 'needs create, which hangs (confirmed in AIK-ID-001/one-key-everywhere: create(one, cwd=/work)): not waited for again';
    expect(run.report.requirements.filter((result) => result.status === 'NOT-TESTED').every((result) => result.note === note || result.note === `generated runs not made: ${note}`)).toBe(true);
    expect(run.report.summary['NOT-TESTED']).toBeGreaterThan(40);
    expect(run.stderr.match(/in create again: NOT-TESTED; going on in a fresh worker$/gm)).toHaveLength(3);
  }, 90_000);

  it('a run whose registry listing blocks the thread reaches its verdict: the blocked observation is a known hang, confirmed once, not waited for again by each check', async () => {
    const run = await conform('loop-forever', '--timeout', '200');
    expect(run.code).toBe(1);
    expect(run.report.failures.map((failure) => failure.check)).toEqual(['AIK-ID-001/one-key-everywhere']);
    expect(run.report.failures[0]?.message).toMatch(/^adapter: hung: .* and was stopped in the observation agents\(\) \(the last step started: /);
    expect(run.stderr).toContain('agent-identity-kit: the hang of agents is confirmed (AIK-ID-001/one-key-everywhere, agents()): a check it hangs in again is NOT-TESTED, without waiting to confirm it again\n');
    const note = 'needs agents, which hangs (confirmed in AIK-ID-001/one-key-everywhere: agents()): not waited for again';
    const untested = run.report.requirements.filter((result) => result.status === 'NOT-TESTED');
    expect(untested.length).toBeGreaterThan(10);
    expect(untested.every((result) => result.note === note || result.note === `generated runs not made: ${note}`)).toBe(true);
    // Each later check it blocks costs one silence limit, three times; then agents is not called any more.
    expect(run.stderr.match(/in agents again: NOT-TESTED; going on in a fresh worker$/gm)).toHaveLength(3);
  }, 90_000);
});
