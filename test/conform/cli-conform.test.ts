import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { withoutProgress } from '../support/without-progress.js';
import type { Scenario } from '../../src/contract/scenario.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { replayScenario } from '../../scenarios/replay/replay-scenario.js';

const FIXTURES = 'test/fixtures/conform';

/** Runs the CLI in process and captures what it prints. */
const cli = (...argv: string[]) => runCli(argv);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('conform', () => {
  it('prints the verdict for the reference runtime by default, with the seed, and exits 0', async () => {
    const { code, stdout } = await cli('conform', '--runs', '10');
    expect(code).toBe(0);
    expect(stdout).toMatch(/seed 202611 · 10 generated runs/);
    expect(stdout).toMatch(/^CONFORMANT — \d+ pass, 0 fail/m);
  });

  it('json: the stable envelope', async () => {
    const { code, stdout } = await cli('conform', '--runs', '3', '--seed', '7', '--format', 'json', '--requirements', 'AIK-ID');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { tool: string; contract: string; seed: number; scope: string[]; requirements: { id: string; checks: unknown[] }[] };
    expect(report).toMatchObject({ tool: 'agent-identity-kit', contract: '2026-12', seed: 7, runs: 3, runsRequested: 3, scope: ['AIK-ID'] });
    expect(report.requirements.map((result) => result.id)).toEqual(['AIK-ID-001', 'AIK-ID-002', 'AIK-ID-003', 'AIK-ID-004']);
  });

  it('a failing adapter exits 1 and --out writes a replayable counterexample scenario', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aik-conform-'));
    const out = join(dir, 'counterexample.json');
    const { code, stdout } = await cli('conform', '--adapter', `${FIXTURES}/misclassifying-adapter.ts`, '--runs', '20', '--requirements', 'AIK-RESUME-002', '--out', out);
    expect(code).toBe(1);
    expect(stdout).toMatch(/FAIL\s+AIK-RESUME-002/);
    const scenario = JSON.parse(readFileSync(out, 'utf8')) as Scenario;
    expect(scenario.requirements).toEqual(['AIK-RESUME-002']);
    expect(scenario.steps).toContainEqual(expect.objectContaining({ op: 'resume', input: { resumeSessionId: 'ghost' }, expect: { reject: 'not-found' } }));
    // The scenario passes on the reference runtime and diverges on the broken adapter.
    expect((await replayScenario(scenario, referenceAdapter())).status).toBe('PASS');
    const fixture = pathToFileURL(resolve(`${FIXTURES}/misclassifying-adapter.ts`)).href;
    const { default: broken } = (await import(fixture)) as { default: Parameters<typeof replayScenario>[1] };
    expect((await replayScenario(scenario, broken)).status).toBe('FAIL');
  });

  it('--expected-failures: a listed failure passes the run; a stale entry fails it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aik-conform-'));
    const known = join(dir, 'known.yaml');
    writeFileSync(known, '- AIK-RESUME-002\n');
    const adapter = `${FIXTURES}/misclassifying-adapter.ts`;
    expect((await cli('conform', '--adapter', adapter, '--runs', '5', '--requirements', 'AIK-RESUME', '--expected-failures', known)).code).toBe(0);
    writeFileSync(known, 'expected-failures:\n  - AIK-RESUME-002\n  - AIK-RESUME-001\n');
    const stale = await cli('conform', '--adapter', adapter, '--runs', '5', '--requirements', 'AIK-RESUME', '--expected-failures', known);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/Stale expected failures \(they pass now\): AIK-RESUME-001/);
  });

  it('--out with nothing failing writes nothing and says so', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'aik-conform-')), 'none.json');
    const { code, stderr } = await cli('conform', '--runs', '2', '--requirements', 'AIK-ID-001', '--out', out);
    expect(code).toBe(0);
    expect(withoutProgress(stderr)).toBe('agent-identity-kit: no failure, no counterexample written\n');
    expect(existsSync(out)).toBe(false);
  });

  it('a named export is selected with #', async () => {
    expect((await cli('conform', '--adapter', `${FIXTURES}/misclassifying-adapter.ts#good`, '--runs', '3', '--requirements', 'AIK-RESUME-002')).code).toBe(0);
  });

  it('runs the adapter in a worker with --import preloads (and without them it cannot load)', async () => {
    const adapter = `${FIXTURES}/needs-preload-adapter.ts`;
    const preloaded = await cli('conform', '--adapter', adapter, '--import', `${FIXTURES}/preload.mjs`, '--runs', '3', '--requirements', 'AIK-CREATE-001');
    expect(preloaded.code).toBe(0);
    expect(preloaded.stdout).toMatch(/^CONFORMANT/m);
    const bare = await cli('conform', '--adapter', adapter, '--runs', '3');
    expect(bare.code).toBe(2);
    expect(withoutProgress(bare.stderr)).toBe(`agent-identity-kit: ${adapter}:4:58: cannot load the adapter module (the preload did not run)\n`);
  });

  it('runs a .ts adapter with its own tsconfig (path mappings) in a worker', async () => {
    const { code, stdout } = await cli('conform', '--adapter', `${FIXTURES}/path-mapped-adapter.ts`, '--tsconfig', `${FIXTURES}/tsconfig.paths.json`, '--runs', '3', '--requirements', 'AIK-QUIESCE-004');
    expect(code).toBe(0);
    expect(stdout).toMatch(/PASS\s+AIK-QUIESCE-004 .*checked variant scope-first/);
    expect((await cli('conform', '--adapter', `${FIXTURES}/path-mapped-adapter.ts`, '--tsconfig', 'missing.json')).stderr).toBe('agent-identity-kit: missing.json: tsconfig not found\n');
  });

  it('a counterexample written by conform --import … --tsconfig … replays with the same flags; without them the adapter does not load', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'aik-conform-')), 'counterexample.json');
    const adapter = `${FIXTURES}/preload-and-paths-adapter.ts`;
    const flags = ['--adapter', adapter, '--import', `${FIXTURES}/preload.mjs`, '--tsconfig', `${FIXTURES}/tsconfig.paths.json`];
    const conform = await cli('conform', ...flags, '--runs', '5', '--requirements', 'AIK-RESUME-002', '--out', out);
    expect(conform.code).toBe(1);
    expect(conform.stderr).toContain(`wrote the counterexample of AIK-RESUME-002/`);
    const replay = await cli('replay', out, ...flags);
    expect(replay.stdout).toMatch(/^FAIL {2}counterexample-aik-resume-002-/m);
    expect(replay.code).toBe(1);
    // The scenario passes on the reference runtime: what fails is the adapter's classification.
    expect((await cli('replay', out)).code).toBe(0);
    const withoutPreload = await cli('replay', out, '--adapter', adapter, '--tsconfig', `${FIXTURES}/tsconfig.paths.json`);
    expect(withoutPreload).toMatchObject({ code: 2, stdout: '', stderr: `agent-identity-kit: ${adapter}:5:58: cannot load the adapter module (the preload did not run)\n` });
    const withoutPaths = await cli('replay', out, '--adapter', adapter, '--import', `${FIXTURES}/preload.mjs`);
    expect(withoutPaths).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/^agent-identity-kit: [^\n]*cannot load the adapter module \([^\n]*@kit\/misclassifying[^\n]*\)\n$/) });
    expect((await cli('replay', out, '--import', `${FIXTURES}/preload.mjs`)).stderr).toBe('agent-identity-kit: --import and --tsconfig load an --adapter module: name one\n');
    expect((await cli('replay', out, '--adapter', adapter, '--tsconfig', 'missing.json')).stderr).toBe('agent-identity-kit: missing.json: tsconfig not found\n');
  });

  it('usage errors: one line naming the file or flag, exit 2, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aik-conform-'));
    const out = join(dir, 'never.json');
    const missing = await cli('conform', '--adapter', 'nowhere/adapter.ts', '--out', out);
    expect({ ...missing, stderr: withoutProgress(missing.stderr) }).toMatchObject({ code: 2, stderr: 'agent-identity-kit: nowhere/adapter.ts: adapter module not found\n' });
    expect(existsSync(out)).toBe(false);
    const noExport = await cli('conform', '--adapter', `${FIXTURES}/misclassifying-adapter.ts#absent`);
    expect({ ...noExport, stderr: withoutProgress(noExport.stderr) }).toMatchObject({ code: 2, stderr: `agent-identity-kit: ${FIXTURES}/misclassifying-adapter.ts: exports no adapter factory named "absent"\n` });
    expect((await cli('conform', '--requirements', 'AIK-NOPE-99')).stderr).toBe('agent-identity-kit: --requirements: not a requirement id or area prefix of the contract: AIK-NOPE-99\n');
    expect((await cli('conform', '--runs', 'many')).code).toBe(2);
    const notYaml = join(dir, 'broken.yaml');
    writeFileSync(notYaml, '- [unclosed\n');
    expect((await cli('conform', '--expected-failures', notYaml)).stderr).toMatch(new RegExp(`^agent-identity-kit: ${notYaml.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not valid YAML \\(`));
    expect((await cli('conform', '--expected-failures', join(dir, 'absent.yaml'))).stderr).toBe(`agent-identity-kit: ${join(dir, 'absent.yaml')}: expected-failures file not found\n`);
    const badYaml = join(dir, 'bad.yaml');
    writeFileSync(badYaml, '- AIK-FOO-01\n');
    expect((await cli('conform', '--expected-failures', badYaml)).stderr).toBe(`agent-identity-kit: ${badYaml}: "AIK-FOO-01" is not a requirement id or a check id (<requirement>/<name>)\n`);
    expect((await cli('conform', '--format', 'xml')).code).toBe(2);
    expect((await cli('conform', '--import', `${FIXTURES}/preload.mjs`)).stderr).toBe('agent-identity-kit: --import and --tsconfig load an --adapter module: name one\n');
  });
});

describe('conform bad input', () => {
  it('unknown requirement prefixes, out-of-range --timeout and --seed, an unwritable --out: one line, exit 2, before any run', async () => {
    const lines = async (...argv: string[]) => {
      const run = await cli('conform', ...argv);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      return run.stderr;
    };
    expect(await lines('--requirements', 'AIK-TXNN')).toBe('agent-identity-kit: --requirements: not a requirement id or area prefix of the contract: AIK-TXNN\n');
    expect(await lines('--requirements', 'AIK-ID,AIK-NOPE')).toBe('agent-identity-kit: --requirements: not a requirement id or area prefix of the contract: AIK-NOPE\n');
    expect(await lines('--timeout', String(2 ** 31))).toBe('agent-identity-kit: --timeout must be an integer from 1 to 2147483647 (the longest delay a timer holds), got "2147483648"\n');
    expect(await lines('--seed', String(2 ** 32))).toBe('agent-identity-kit: --seed must be an integer from -2147483648 to 2147483647 (a 32-bit seed, as fast-check takes), got "4294967296"\n');
    const dir = mkdtempSync(join(tmpdir(), 'aik-conform-'));
    expect(await lines('--out', join(dir, 'missing', 'x.json'))).toBe(`agent-identity-kit: ${join(dir, 'missing', 'x.json')}: --out directory ${join(dir, 'missing')} does not exist\n`);
    expect(await lines('--out', dir)).toBe(`agent-identity-kit: ${dir}: --out names a directory, not a file\n`);
  });

  it('an unknown key of the configuration file, top-level or nested, names the key and the closest known one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aik-conform-'));
    writeFileSync(join(dir, 'agent-identity-kit.config.json'), JSON.stringify({ conform: { timout: 500 } }));
    expect((await runCli(['conform'], { cwd: dir })).stderr).toBe('agent-identity-kit: agent-identity-kit.config.json: conform: unknown key "timout" (did you mean "timeout"?)\n');
    writeFileSync(join(dir, 'agent-identity-kit.config.json'), JSON.stringify({ confrom: {} }));
    const top = await runCli(['conform'], { cwd: dir });
    expect(top).toMatchObject({ code: 2, stderr: 'agent-identity-kit: agent-identity-kit.config.json: unknown key "confrom" (did you mean "conform"?); the keys are conform, lint, docs, graph\n' });
  });
});
