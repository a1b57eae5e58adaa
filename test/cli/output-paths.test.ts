/**
 * Output paths are checked before the work (issue 34): `--out`, `replay --record`,
 * `--baseline-update` and `--cache-location` that cannot be written, or that name a file the run
 * reads, are refused on one line with exit 2 before anything runs or is linted — not after
 * minutes of work, and never by overwriting the adapter or an input.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '../support/run-cli.js';

const work = mkdtempSync(join(tmpdir(), 'aik-output-paths-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ADAPTER = 'examples/minimal/adapter.ts';
/** A finding that needs no confirmation, so the lint has something to write. */
const FINDING = "export const isLocal = (sessionId: string) => sessionId.startsWith('local-');\n";
const shown = (run: CliRun) => [run.code, run.stdout, run.stderr];

describe('an output path', () => {
  it('conform --out refuses the adapter module, an --import preload and a source file beside the adapter, before the run', async () => {
    const before = readFileSync(ADAPTER, 'utf8');
    expect(shown(await runCli(['conform', '--adapter', ADAPTER, '--requirements', 'AIK-ID-001', '--runs', '2', '--out', ADAPTER]))).toEqual([2, '', `agent-identity-kit: ${ADAPTER}: --out names the adapter module, which this run reads; write to another file\n`]);
    expect(readFileSync(ADAPTER, 'utf8')).toBe(before);
    const preload = join(work, 'preload.mjs');
    writeFileSync(preload, '');
    expect((await runCli(['conform', '--adapter', ADAPTER, '--import', preload, '--out', preload])).stderr).toBe(`agent-identity-kit: ${preload}: --out names an --import preload, which this run reads; write to another file\n`);
    expect((await runCli(['conform', '--adapter', ADAPTER, '--out', 'examples/minimal/agents.ts'])).stderr).toBe('agent-identity-kit: examples/minimal/agents.ts: --out names a source file beside the adapter module; write to another file\n');
  });

  it('merge --out refuses a partial report it merges', async () => {
    const part = join(work, 'part.json');
    writeFileSync(part, '{}');
    expect(shown(await runCli(['merge', part, '--out', part]))).toEqual([2, '', `agent-identity-kit: ${part}: --out names the partial report ${part}, which this run reads; write to another file\n`]);
  });

  it('replay --record that names a directory (one scenario), a file (several) or a scenario is refused before any scenario runs', async () => {
    const scenario = 'scenarios/create/create-publishes-exactly-the-id.json';
    const folder = mkdtempSync(join(work, 'record-'));
    expect(shown(await runCli(['replay', scenario, '--record', folder]))).toEqual([2, '', `agent-identity-kit: ${folder}: --record names a directory, not a file\n`]);
    const file = join(work, 'history.jsonl');
    writeFileSync(file, 'previous\n');
    expect(shown(await runCli(['replay', 'scenarios/create', '--record', file]))).toEqual([2, '', `agent-identity-kit: ${file}: --record names a file, not a directory\n`]);
    expect(readFileSync(file, 'utf8')).toBe('previous\n');
    const copy = join(work, 'scenario.json');
    writeFileSync(copy, readFileSync(scenario));
    expect(shown(await runCli(['replay', copy, '--record', copy]))).toEqual([2, '', `agent-identity-kit: ${copy}: --record names the scenario ${copy}, which this run reads; write to another file\n`]);
  });

  it('lint --baseline-update and --cache-location that cannot be written are refused before any file is linted', async () => {
    const root = mkdtempSync(join(work, 'lint-'));
    writeFileSync(join(root, 'a.ts'), FINDING);
    mkdirSync(join(root, 'folder'));
    expect(shown(await runCli(['lint', '--baseline', 'folder', '--baseline-update'], { cwd: root }))).toEqual([2, '', 'agent-identity-kit: folder: --baseline-update names a directory, not a file\n']);
    // The baseline the configuration names is checked as well.
    writeFileSync(join(root, 'agent-identity-kit.config.json'), JSON.stringify({ lint: { baseline: 'missing/baseline.json' } }));
    expect(shown(await runCli(['lint', '--baseline-update'], { cwd: root }))).toEqual([2, '', `agent-identity-kit: ${join('missing', 'baseline.json')}: --baseline-update directory missing does not exist\n`]);
    rmSync(join(root, 'agent-identity-kit.config.json'));
    expect(shown(await runCli(['lint', '--cache', '--cache-location', 'folder'], { cwd: root }))).toEqual([2, '', 'agent-identity-kit: folder: --cache-location names a directory, not a file\n']);
    writeFileSync(join(root, 'blocker'), '');
    expect(shown(await runCli(['lint', '--cache', '--cache-location', 'blocker/lint.json'], { cwd: root }))).toEqual([2, '', 'agent-identity-kit: blocker/lint.json: --cache-location cannot be created: blocker is not a directory\n']);
    // A cache folder that does not exist yet is made.
    expect((await runCli(['lint', '--cache', '--cache-location', 'new/cache/lint.json'], { cwd: root })).code).toBe(1);
    expect(JSON.parse(readFileSync(join(root, 'new/cache/lint.json'), 'utf8')).files).toBeDefined();
  });
});
