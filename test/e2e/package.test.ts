/**
 * The first five minutes of a new user, end to end: the kit is packed as npm would publish it,
 * installed from the tarball into an empty project (dependencies from the local npm cache), and
 * every command is run there through `npx agent-identity-kit`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'aik-e2e-'));
const project = join(work, 'project');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Runs the installed CLI in the project through its `node_modules/.bin` link (what `npx` runs,
 * without npx's start-up cost); never throws, so exit codes can be asserted.
 */
function kit(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(project, 'node_modules', '.bin', 'agent-identity-kit'), ...args], { cwd: project, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function write(path: string, text: string): void {
  mkdirSync(join(project, path, '..'), { recursive: true });
  writeFileSync(join(project, path), text);
}

beforeAll(() => {
  // Pack from a copy of the tree, so building dist/ never races with the other test files.
  const source = join(work, 'source');
  const packed = ['package.json', 'package-lock.json', 'README.md', 'tsconfig.json', 'tsconfig.build.json', 'bin', 'src', 'properties', 'scenarios', 'tools', 'docs', 'scripts'];
  for (const entry of packed) cpSync(join(repo, entry), join(source, entry), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(source, 'node_modules'), 'dir');
  execFileSync(npm, ['pack', '--silent', '--pack-destination', work], { cwd: source, stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('npm pack wrote no tarball');
  mkdirSync(project);
  write('package.json', JSON.stringify({ name: 'first-five-minutes', private: true, type: 'module', exports: './src/index.ts' }, null, 2));
  execFileSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', join(work, tarball)], { cwd: project, stdio: ['ignore', 'ignore', 'inherit'] });
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }), 120_000);

// Each test starts the installed CLI several times: generous timeouts, as a loaded 2-core CI machine is slow to start processes.
describe('the packed kit, installed from its tarball', { timeout: 120_000 }, () => {
  it('ships compiled JavaScript and declarations, and no TypeScript sources', () => {
    const installed = join(project, 'node_modules', 'agent-identity-kit');
    const top = readdirSync(installed).sort();
    expect(top).toEqual(expect.arrayContaining(['bin', 'dist', 'package.json', 'README.md', 'scenarios']));
    expect(top).not.toContain('src');
    expect(readdirSync(join(installed, 'dist', 'src'))).toEqual(expect.arrayContaining(['index.js', 'index.d.ts']));
  });

  it('npx agent-identity-kit --help lists every command, --version prints the version, an unknown flag is a usage error', () => {
    const npx = spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--no-install', 'agent-identity-kit', '--help'], { cwd: project, encoding: 'utf8', timeout: 120_000 });
    const help = kit('--help');
    expect(npx.status).toBe(0);
    expect(npx.stdout).toBe(help.stdout);
    expect(help.code).toBe(0);
    for (const command of ['conform', 'lint', 'check', 'graph', 'docs', 'replay', 'simulate', 'trace']) expect(help.stdout).toContain(`  ${command}`);
    const version = kit('--version');
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const bad = kit('conform', '--no-such-flag');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown option '--no-such-flag'");
  });

  it('conform with no adapter reaches a verdict on the bundled reference runtime', () => {
    const run = kit('conform');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^CONFORMANT/m);
  });

  it('conform loads a TypeScript adapter file with no configuration, and reports a missing one as a usage error', () => {
    write(
      'conformance/adapter.ts',
      [
        "import type { AdapterFactory } from 'agent-identity-kit';",
        "import { referenceAdapter } from 'agent-identity-kit/reference-adapter';",
        '',
        "const factory: AdapterFactory = referenceAdapter({ profiles: { teardown: 'scope-first' } });",
        'export default factory;',
        '',
      ].join('\n'),
    );
    const run = kit('conform', '--adapter', 'conformance/adapter.ts', '--format', 'json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ tool: 'agent-identity-kit', verdict: 'CONFORMANT' });
    const missing = kit('conform', '--adapter', 'conformance/missing.ts');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('conformance/missing.ts');
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('lint finds a two-id API (a warning while its ids are plain strings, exit 1 once typed), and passes once it takes one id (exit 0)', () => {
    write('src/index.ts', "import { open } from './open.js';\nexport const opened = open('a', 's');\n");
    write('src/open.ts', 'export function open(agentId: string, sessionId: string): string {\n  return agentId + sessionId;\n}\n');
    // Plain-string ids: the type checker cannot confirm the shape, so it is a warning (exit 0).
    const unconfirmed = kit('lint', '--format', 'json', 'src');
    expect(unconfirmed.code).toBe(0);
    expect(JSON.parse(unconfirmed.stdout).findings).toEqual([expect.objectContaining({ file: 'src/open.ts', line: 1, symbol: 'open' })]);
    write('src/open.ts', "type SessionId = string & { readonly __brand: 'SessionId' };\nexport function open(agentId: string, sessionId: SessionId): string {\n  return agentId + sessionId;\n}\n");
    const findings = kit('lint', '--format', 'json', 'src');
    expect(findings.code).toBe(1);
    expect(JSON.parse(findings.stdout).findings).toEqual([expect.objectContaining({ file: 'src/open.ts', line: 2, symbol: 'open' })]);
    write('src/index.ts', "import { open } from './open.js';\nexport const opened = open('s');\n");
    write('src/open.ts', 'export function open(sessionId: string): string {\n  return sessionId;\n}\n');
    expect(kit('lint', 'src').code).toBe(0);
  });

  it('graph, docs and check pass on a small clean project', () => {
    write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'NodeNext', strict: true, noEmit: true }, include: ['src'] }));
    write('README.md', '# Demo\n\nStart at `src/index.ts`.\n\n```ts\nimport { open } from "./src/open.js";\nopen("s");\n```\n');
    expect(kit('graph').code).toBe(0);
    expect(kit('docs').code).toBe(0);
    const check = kit('check');
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/PASSED/);
  });

  it('replay and simulate run a shipped scenario; trace checks the history replay recorded', () => {
    const scenario = 'node_modules/agent-identity-kit/scenarios/identity/id-is-opaque.json';
    const replay = kit('replay', scenario, '--record', 'history.jsonl');
    expect(replay.code).toBe(0);
    expect(replay.stdout).toContain('PASS');
    const simulate = kit('simulate', scenario, '--format', 'mermaid');
    expect(simulate.code).toBe(0);
    expect(simulate.stdout).toContain('sequenceDiagram');
    const trace = kit('trace', 'history.jsonl');
    expect(trace.code).toBe(0);
    expect(trace.stdout).toContain('OK');
    write('broken.jsonl', '{"seq":0,"kind":"invoke"\n');
    const malformed = kit('trace', 'broken.jsonl');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('broken.jsonl');
  });
});
