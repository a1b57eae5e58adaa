/** `--format html` and `--html <file>` of conform, merge and replay (issue 37): the page on stdout or in a file beside the chosen format; bad paths refused before the run. */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { withoutProgress } from '../support/without-progress.js';

const LEGACY = 'examples/legacy/adapter.ts';
/** A scenario the legacy example fails at step 3 (it files the agent under a minted id). */
const OPAQUE = 'scenarios/identity/id-is-opaque.json';

afterEach(() => {
  vi.restoreAllMocks();
});

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'aik-html-'));
}

describe('conform and merge', () => {
  it('--format html prints the page; --html writes it beside the format printed (json here), saying where', async () => {
    const printed = await runCli(['conform', '--runs', '0', '--requirements', 'AIK-RESUME-002', '--format', 'html']);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toMatch(/^<!DOCTYPE html>\n/);
    expect(printed.stdout).toContain('<p class="verdict pass" id="verdict">CONFORMANT — 1 pass');
    const file = join(folder(), 'report.html');
    const beside = await runCli(['conform', '--runs', '0', '--requirements', 'AIK-RESUME-002', '--format', 'json', '--html', file]);
    expect(beside.code).toBe(0);
    expect(JSON.parse(beside.stdout)).toMatchObject({ verdict: 'CONFORMANT' });
    expect(withoutProgress(beside.stderr)).toBe(`agent-identity-kit: wrote the HTML report to ${file}\n`);
    // The same page either way: the run's timing is not in it.
    expect(readFileSync(file, 'utf8')).toBe(printed.stdout);
  });

  it('--html that cannot be written, names the --out file, or comes with --shard is a usage error before the run (exit 2)', async () => {
    const dir = folder();
    const cases: [string[], RegExp][] = [
      [['--html', join(dir, 'missing', 'report.html')], /^.*missing\/report\.html: --html .*\n$/],
      [['--html', join(dir, 'same.json'), '--out', join(dir, 'same.json')], /same\.json: --html names the --out file, which this run writes too; write to another file\n$/],
      [['--html', LEGACY, '--adapter', LEGACY], /--html names the adapter module, which this run reads/],
      [['--shard', '1/2', '--html', join(dir, 'r.html')], /--shard prints the shard's partial JSON report: the HTML report of the run is written by merge/],
      [['--shard', '1/2', '--format', 'html'], /--shard prints the shard's partial JSON report/],
    ];
    for (const [argv, message] of cases) {
      const run = await runCli(['conform', '--runs', '0', '--requirements', 'AIK-RESUME-002', ...argv]);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(withoutProgress(run.stderr)).toMatch(message);
      expect(withoutProgress(run.stderr).trimEnd().split('\n')).toHaveLength(1);
    }
    expect(existsSync(join(dir, 'r.html'))).toBe(false);
  });

  it('merge --html: the page of the merged run, the text verdict still printed', async () => {
    const dir = folder();
    const argv = ['conform', '--adapter', LEGACY, '--runs', '0', '--requirements', 'AIK-ID-001,AIK-RESUME-002'];
    for (const shard of ['1/2', '2/2']) {
      const part = await runCli([...argv, '--shard', shard]);
      expect(part.code).toBe(0);
      writeFileSync(join(dir, `part-${shard[0]}.json`), part.stdout);
    }
    const file = join(dir, 'merged.html');
    const merged = await runCli(['merge', join(dir, 'part-1.json'), join(dir, 'part-2.json'), '--html', file]);
    expect(merged.code).toBe(1);
    expect(merged.stdout).toMatch(/\nNOT CONFORMANT — /);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('<title>agent-identity-kit conform: NOT CONFORMANT</title>');
    expect(html).toContain('<section class="failure" id="failure-0">');
    expect(html).toMatch(/<g class="message [a-z]+ failing-step"/);
    // merge refuses an --html path over one of the parts it reads.
    const over = await runCli(['merge', join(dir, 'part-1.json'), join(dir, 'part-2.json'), '--html', join(dir, 'part-1.json')]);
    expect(over.code).toBe(2);
    expect(over.stderr).toMatch(/--html names the partial report .*part-1\.json, which this run reads/);
  });
});

describe('replay', () => {
  it('--format html: each failed scenario with where it diverged, its run drawn with the events heard, the command that replays it alone', async () => {
    const run = await runCli(['replay', OPAQUE, '--adapter', LEGACY, '--format', 'html']);
    expect(run.code).toBe(1);
    const html = run.stdout;
    expect(html).toMatch(/^<!DOCTYPE html>\n/);
    expect(html).toContain('<p class="verdict fail" id="verdict">1 scenario: 0 passed, 1 failed, 0 not applicable</p>');
    expect(html).toContain(`<tr data-status="FAIL"><td class="status status-FAIL">FAIL</td><td class="short"><a href="#failure-0">id-is-opaque</a></td><td>${OPAQUE}</td>`);
    expect(html).toContain('first divergence at step 3: ');
    expect(html).toContain('expected: a live agent filed under &quot;a&quot;\nobserved: none');
    // The run: calls, outcomes and events; the diverging step's call and outcome marked, once.
    expect(html).toMatch(/<g class="message operation failing-step" data-row="\d+"><title>create\(&quot;/);
    expect(html).toMatch(/<g class="message outcome failing-step" data-row="\d+"><title>ok → unicode<\/title>/);
    expect(html.match(/class="failing-mark"[^>]*>✗ first divergence \(step 3\)</g)).toHaveLength(1);
    expect(html).toMatch(/<g class="message event" data-row="\d+"><title>session\/created a<\/title>/);
    expect(html).toContain(`<pre class="rerun">npx agent-identity-kit replay --adapter ${LEGACY} ${OPAQUE}</pre>`);
  });

  it('--html beside the text: the text as before, the page in the file; over a scenario it reads, a usage error', async () => {
    const file = join(folder(), 'replay.html');
    const run = await runCli(['replay', 'scenarios/identity', '--html', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^PASS {2}/);
    expect(run.stdout).toMatch(/\n2 scenarios: 2 passed, 0 failed, 0 not applicable\n$/);
    expect(run.stderr).toBe(`agent-identity-kit: wrote the HTML report to ${file}\n`);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('<p class="verdict pass" id="verdict">2 scenarios: 2 passed, 0 failed, 0 not applicable</p>');
    expect(html).not.toContain('<section class="failure');
    const over = await runCli(['replay', OPAQUE, '--html', OPAQUE]);
    expect(over.code).toBe(2);
    expect(over.stderr).toBe(`agent-identity-kit: ${OPAQUE}: --html names the scenario ${OPAQUE}, which this run reads; write to another file\n`);
  });
});
