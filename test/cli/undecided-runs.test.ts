/**
 * Runs that decided nothing never exit 0 silently (issue 34): a conformance scope with no
 * requirement decided, a replay of no scenario or of scenarios all not applicable, and a merge of
 * shards that do not hold their share of the run. Each exits 2 with one line, as `lint` with no
 * files does; `--allow-empty` opts out where an empty run can be expected.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../properties/report/conformance-report.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { runCli } from '../support/run-cli.js';
import { withoutProgress } from '../support/without-progress.js';

const NO_REMOTE = 'examples/minimal/adapter.ts';
const refusal = (what: string) => `agent-identity-kit: ${what}: nothing to check (pass --allow-empty if that is expected)\n`;

describe('a run that decided nothing', () => {
  it('conform: a scope of requirements all not applicable, or only decided on source code, exits 2 with one line; --allow-empty exits 0', async () => {
    const remote = await runCli(['conform', '--adapter', NO_REMOTE, '--requirements', 'AIK-REMOTE', '--runs', '2']);
    expect([remote.code, withoutProgress(remote.stderr)]).toEqual([2, refusal('conformance run of requirements AIK-REMOTE: no requirement decided (3 NOT-APPLICABLE)')]);
    // The report is still printed: it says why each requirement was not decided.
    expect(remote.stdout).toMatch(/NOT-APPLICABLE AIK-REMOTE-001 .* capability remote not declared/);
    const lintOnly = await runCli(['conform', '--requirements', 'AIK-ID-004', '--runs', '2']);
    expect([lintOnly.code, withoutProgress(lintOnly.stderr)]).toEqual([2, refusal('conformance run of requirements AIK-ID-004: no requirement decided (1 STATIC)')]);
    expect((await runCli(['conform', '--requirements', 'AIK-ID-004', '--runs', '2', '--allow-empty'])).code).toBe(0);
    // A scope with one decided requirement is a real run.
    expect((await runCli(['conform', '--adapter', NO_REMOTE, '--requirements', 'AIK-REMOTE,AIK-ID-001', '--runs', '2'])).code).toBe(0);
  }, 120_000);

  it('replay: an empty folder and scenarios all not applicable exit 2 with one line; --allow-empty exits 0', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'aik-replay-empty-'));
    const none = await runCli(['replay', empty]);
    expect([none.code, none.stdout, none.stderr]).toEqual([2, '', refusal(`replay ${empty}: no scenario file`)]);
    expect((await runCli(['replay', empty, '--allow-empty'])).code).toBe(0);
    const skipped = await runCli(['replay', 'scenarios/remote', '--adapter', NO_REMOTE]);
    expect(skipped.stdout).toMatch(/\n5 scenarios: 0 passed, 0 failed, 5 not applicable\n$/);
    expect([skipped.code, skipped.stderr]).toEqual([2, refusal('replay scenarios/remote: every scenario was not applicable')]);
    expect((await runCli(['replay', 'scenarios/remote', '--adapter', NO_REMOTE, '--allow-empty'])).code).toBe(0);
  }, 120_000);

  it('merge: a shard that does not hold its share of the run (chunks or directed checks dropped) is refused, naming the file', async () => {
    const options = { seed: 5, runs: 200, requirements: ['AIK-CREATE-001', 'AIK-ID-001'] };
    const shards = await Promise.all([0, 1].map((index) => runConformance(referenceAdapter(), { ...options, shard: { index, count: 2 } })));
    const dir = mkdtempSync(join(tmpdir(), 'aik-merge-share-'));
    const write = (name: string, report: ConformanceReport) => {
      writeFileSync(join(dir, name), JSON.stringify(report));
      return join(dir, name);
    };
    const [first, second] = shards as [ConformanceReport, ConformanceReport];
    const part = first.part as NonNullable<ConformanceReport['part']>;
    const whole = await runCli(['merge', write('1.json', first), write('2.json', second)]);
    expect(whole.code).toBe(0);
    expect(whole.stdout).toContain('200 generated runs');
    const emptied = write('emptied.json', { ...first, part: { ...part, chunks: [] } });
    const merged = await runCli(['merge', emptied, join(dir, '2.json')]);
    expect([merged.code, merged.stdout, merged.stderr]).toEqual([2, '', `agent-identity-kit: ${emptied}: shard 1/2 of a 200-run run owes generated chunks 1, but holds none; not merged (run the shard again)\n`]);
    const shortened = write('shortened.json', { ...first, part: { ...part, chunks: part.chunks.map((chunk) => ({ ...chunk, runs: 10 })) } });
    expect((await runCli(['merge', shortened, join(dir, '2.json')])).stderr).toBe(`agent-identity-kit: ${shortened}: shard 1/2: generated chunk 1 does not hold the runs it owes (10 of 100) and was not interrupted; not merged (run the shard again)\n`);
    const unchecked = write('unchecked.json', { ...first, part: { ...part, directed: [] } });
    const noChecks = await runCli(['merge', unchecked, join(dir, '2.json')]);
    expect([noChecks.code, noChecks.stderr]).toEqual([2, `agent-identity-kit: ${unchecked}: shard 1/2 lacks the outcome of 1 directed check it owes (AIK-ID-001/one-key-everywhere); not merged (run the shard again)\n`]);
  }, 120_000);
});
