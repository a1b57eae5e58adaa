import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs the CLI in-process and returns its exit code and what it wrote. */
const run = (...argv: string[]) => runCli(argv);

/** A finding that needs no confirmation: ownership read from a session id's text. */
const PARSES = "export const isLocal = (sessionId: string) => sessionId.startsWith('local-');\n";

describe('agent-identity-kit lint (CLI)', () => {
  const scratch: string[] = [];
  afterEach(() => {
    for (const folder of scratch.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  function workspace(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'aik-lint-cli-'));
    scratch.push(root);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
    return root;
  }

  it("reports nothing on the kit's own repository (its config ignores the planted fixtures, mutants and legacy example)", async () => {
    const result = await run('lint', repo, '--config', join(repo, 'agent-identity-kit.config.json'), '--format', 'json');
    const output = JSON.parse(result.stdout) as { findings: unknown[]; summary: { files: number } };
    expect(output.findings).toEqual([]);
    expect(output.summary.files).toBeGreaterThan(50);
    expect(result.code).toBe(0);
  });

  it('exits 1 on findings and 0 when there are none', async () => {
    const root = workspace({
      'bad.ts': PARSES,
      'good.ts': 'export function open(sessionId: string) {}\n',
    });
    expect((await run('lint', join(root, 'bad.ts'))).code).toBe(1);
    expect((await run('lint', join(root, 'good.ts'))).code).toBe(0);
  });

  it('lists a candidate only names relate as a warning by default (exit 0); --unconfirmed and lint.unconfirmed set its level; --level error lists errors only; --syntactic reports it', async () => {
    const root = workspace({
      'plain.ts': 'export function open(agentId: string, sessionId: string) {}\n',
      'quiet.json': '{ "lint": { "unconfirmed": "off" } }',
      'strict.json': '{ "lint": { "unconfirmed": "error" } }',
      'gate.json': '{ "lint": { "level": "error" } }',
    });
    const listed = await run('lint', root);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('warning  two-id-parameters');
    expect(listed.stdout).toContain("(Unconfirmed: only names relate 'agentId' and 'sessionId'");
    expect(listed.stdout).toContain('⚠ 1 finding (1 warning) in 1 file');
    const quiet = await run('lint', root, '--config', join(root, 'quiet.json'));
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toContain('✔ no findings');
    expect(quiet.stdout).toContain('1 candidate that only names relate left out (lint.unconfirmed is "off"; --unconfirmed warning lists them)');
    const json = await run('lint', root, '--format', 'json', '--unconfirmed', 'off');
    expect(JSON.parse(json.stdout).summary).toMatchObject({ findings: 0, unconfirmedLeftOut: 1 });
    // The flag wins over the configuration, both ways.
    expect((await run('lint', root, '--config', join(root, 'quiet.json'), '--unconfirmed', 'warning')).stdout).toContain('warning  two-id-parameters');
    expect((await run('lint', root, '--config', join(root, 'strict.json'))).code).toBe(1);
    expect((await run('lint', root, '--unconfirmed', 'error')).code).toBe(1);
    const gate = await run('lint', root, '--level', 'error');
    expect(gate.code).toBe(0);
    expect(gate.stdout).toContain('✔ no findings');
    expect(gate.stdout).toContain('1 warning not listed (--level error; --level warning lists them)');
    expect((await run('lint', root, '--config', join(root, 'gate.json'))).stdout).toContain('1 warning not listed');
    const bad = await run('lint', root, '--level', 'info');
    expect(bad.code).toBe(2);
    const syntactic = await run('lint', root, '--syntactic');
    expect(syntactic.code).toBe(1);
    expect(syntactic.stdout).not.toContain('Unconfirmed');
  });

  it('uses lint.baseline of the configuration when no --baseline is given, and --baseline-update rewrites it', async () => {
    const root = workspace({
      'legacy.ts': PARSES,
      'agent-identity-kit.config.json': '{ "lint": { "baseline": "identity-baseline.json" } }',
    });
    const adopted = await runCli(['lint', '--baseline-update'], { cwd: root });
    expect(adopted.code).toBe(0);
    expect(adopted.stderr).toBe('agent-identity-kit: wrote 1 finding(s) to identity-baseline.json\n');
    expect((await runCli(['lint'], { cwd: root })).code).toBe(0);
    writeFileSync(join(root, 'fresh.ts'), "export const owner = (sessionId: string) => sessionId.split(':')[0];\n");
    const fresh = await runCli(['lint', '--format', 'json'], { cwd: root });
    expect(fresh.code).toBe(1);
    expect(JSON.parse(fresh.stdout).findings.map((finding: { file: string }) => finding.file)).toEqual(['fresh.ts']);
  });

  it('exits 2 with one line naming the path or file on a usage or configuration error', async () => {
    const root = workspace({ 'a.ts': 'export const a = 1;\n', 'bad.json': '{ "lint": { "rules": { "no-such-rule": "error" } } }', 'tsconfig.json': '{ nope' });
    const missing = await run('lint', join(root, 'missing'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`agent-identity-kit: ${join(root, 'missing')}: no such file or folder\n`);

    const config = await run('lint', join(root, 'a.ts'), '--config', join(root, 'bad.json'));
    expect(config.code).toBe(2);
    expect(config.stderr).toMatch(/^agent-identity-kit: .*bad\.json: lint\.rules .*must be equal to one of the allowed values.*\n$/);

    // A malformed tsconfig the walk finds is passed by; one named with --project is an error.
    expect((await run('lint', root)).code).toBe(0);
    const tsconfig = await run('lint', '--project', join(root, 'tsconfig.json'));
    expect(tsconfig.code).toBe(2);
    expect(tsconfig.stderr).toMatch(/^agent-identity-kit: .*tsconfig\.json: cannot parse tsconfig: .*\n$/);
    expect(tsconfig.stdout).toBe('');

    const baseline = await run('lint', join(root, 'a.ts'), '--baseline-update');
    expect(baseline.code).toBe(2);
    expect(baseline.stderr).toBe('agent-identity-kit: --baseline-update needs --baseline <file> (or lint.baseline in the configuration) to know where to write\n');

    expect((await run('lint', join(root, 'a.ts'), '--format', 'xml')).code).toBe(2);

    const unreadable = await run('lint', join(root, 'a.ts'), '--config', root);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toMatch(/: cannot read configuration \(EISDIR\)\n$/);

    const notJson = await run('lint', join(root, 'a.ts'), '--config', join(root, 'tsconfig.json'));
    expect(notJson.stderr).toMatch(/tsconfig\.json: not valid JSON \(/);
    expect((await run('lint', join(root, 'a.ts'), '--config', join(root, 'absent.json'))).stderr).toMatch(/absent\.json: configuration file not found\n$/);
  });

  it('--baseline-update writes the baseline, then --baseline fails only on new findings', async () => {
    const root = workspace({ 'legacy.ts': PARSES });
    const baseline = join(root, 'baseline.json');
    const update = await run('lint', root, '--baseline', baseline, '--baseline-update');
    expect(update.code).toBe(0);
    expect(JSON.parse(readFileSync(baseline, 'utf8')).entries).toHaveLength(1);
    expect((await run('lint', root, '--baseline', baseline)).code).toBe(0);

    writeFileSync(join(root, 'new.ts'), "export const isRemote = (sessionId: string) => sessionId.startsWith('remote-');\n");
    const after = await run('lint', root, '--baseline', baseline, '--format', 'github');
    expect(after.code).toBe(1);
    expect(after.stdout).toMatch(/^::error file=.*new\.ts,line=1,col=\d+,title=agent-identity-kit id-text-parsing::/);
  });

  it('--project lints the tsconfig files; --cache writes the cache file it is pointed at', async () => {
    const root = workspace({
      'tsconfig.json': JSON.stringify({ include: ['src'] }),
      'outside.ts': PARSES,
    });
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src/in.ts'), "export const owner = (sessionId: string) => sessionId.split(':')[0];\n");
    const project = await run('lint', '--project', join(root, 'tsconfig.json'), '--format', 'json');
    expect(JSON.parse(project.stdout).findings.map((finding: { file: string }) => finding.file.split(/[\\/]/).slice(-2).join('/'))).toEqual(['src/in.ts']);
    const cache = join(root, 'cache/lint.json');
    expect((await run('lint', root, '--cache', '--cache-location', cache)).code).toBe(1);
    expect(JSON.parse(readFileSync(cache, 'utf8')).files).toBeDefined();
  });

  it('prints SARIF and text on request; a warning-level rule does not fail the run', async () => {
    const root = workspace({
      'a.ts': "export const isRemote = (sessionId: string) => sessionId.startsWith('acp:');\n",
      'agent-identity-kit.config.json': JSON.stringify({ lint: { rules: { 'id-text-parsing': 'warning' } } }),
    });
    const sarif = await run('lint', root, '--config', join(root, 'agent-identity-kit.config.json'), '--format', 'sarif');
    expect(sarif.code).toBe(0);
    expect(JSON.parse(sarif.stdout).runs[0].results[0].level).toBe('warning');
    const text = await run('lint', root, '--config', join(root, 'agent-identity-kit.config.json'));
    expect(text.stdout).toContain('warning  id-text-parsing');
  });
});
