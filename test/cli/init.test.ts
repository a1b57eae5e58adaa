import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const work = mkdtempSync(join(tmpdir(), 'aik-init-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function project(name: string, packageJson?: object): string {
  const dir = join(work, name);
  mkdirSync(dir);
  if (packageJson !== undefined) writeFileSync(join(dir, 'package.json'), JSON.stringify(packageJson));
  return dir;
}

describe('agent-identity-kit init', () => {
  it('writes the skeleton adapter, a config file naming it and a CI workflow', async () => {
    const dir = project('module', { type: 'module', devDependencies: { typescript: '5.9.3' } });
    const run = await runCli(['init'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('wrote conformance/adapter.ts\nwrote agent-identity-kit.config.json\nwrote .github/workflows/agent-identity-kit.yml\n');
    expect(readFileSync(join(dir, 'conformance/adapter.ts'), 'utf8')).toBe(readFileSync(join(import.meta.dirname, '../../examples/skeleton/adapter.ts'), 'utf8'));
    expect(JSON.parse(readFileSync(join(dir, 'agent-identity-kit.config.json'), 'utf8'))).toEqual({ conform: { adapter: 'conformance/adapter.ts' } });
    expect(readFileSync(join(dir, '.github/workflows/agent-identity-kit.yml'), 'utf8')).toContain('run: npx agent-identity-kit conform');
  });

  it('writes an .mts skeleton outside an ES module package, and where --adapter says', async () => {
    const commonjs = project('commonjs', { devDependencies: { typescript: '5.9.3' } });
    expect((await runCli(['init'], { cwd: commonjs })).code).toBe(0);
    expect(existsSync(join(commonjs, 'conformance/adapter.mts'))).toBe(true);
    const chosen = project('chosen', { type: 'module' });
    expect((await runCli(['init', '--adapter', 'test/kit/adapter.ts'], { cwd: chosen })).code).toBe(0);
    expect(JSON.parse(readFileSync(join(chosen, 'agent-identity-kit.config.json'), 'utf8'))).toEqual({ conform: { adapter: 'test/kit/adapter.ts' } });
  });

  it('writes a JavaScript skeleton in a project without TypeScript: .js in an ES module package, .mjs elsewhere (issue 37)', async () => {
    const plain = project('plain-js', { type: 'module' });
    expect((await runCli(['init'], { cwd: plain })).stdout).toContain('wrote conformance/adapter.js\n');
    const written = readFileSync(join(plain, 'conformance/adapter.js'), 'utf8');
    // JavaScript Node runs as it is: no type annotation or type import left, the guide's comments kept, typed through JSDoc.
    const check = spawnSync(process.execPath, ['--check', join(plain, 'conformance/adapter.js')], { encoding: 'utf8' });
    expect([check.status, check.stderr]).toEqual([0, '']);
    expect(written).not.toMatch(/import type|: AdapterFactory|: System|<\{/);
    expect(written).toMatch(/^\/\/ @ts-check\n\/\*\*\n \* The conformance adapter of your implementation/);
    expect(written).toContain("/** @type {import('agent-identity-kit/adapter').AdapterFactory} */\nconst adapter = async (env, options) => {");
    expect(written).toContain('// TODO ("Creations")');
    expect(JSON.parse(readFileSync(join(plain, 'agent-identity-kit.config.json'), 'utf8'))).toEqual({ conform: { adapter: 'conformance/adapter.js' } });
    const commonjs = project('plain-commonjs', {});
    expect((await runCli(['init'], { cwd: commonjs })).code).toBe(0);
    expect(existsSync(join(commonjs, 'conformance/adapter.mjs'))).toBe(true);
    // A tsconfig.json makes it a TypeScript project.
    const typed = project('tsconfig-only', { type: 'module' });
    writeFileSync(join(typed, 'tsconfig.json'), '{}');
    expect((await runCli(['init'], { cwd: typed })).stdout).toContain('wrote conformance/adapter.ts\n');
  });

  it('refuses to overwrite: one line naming the existing file, exit 2, nothing written', async () => {
    const dir = project('existing', { type: 'module' });
    writeFileSync(join(dir, 'agent-identity-kit.config.json'), '{}');
    const run = await runCli(['init'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual(['agent-identity-kit: agent-identity-kit.config.json: already exists; init writes nothing over an existing file (move it away or edit it by hand)']);
    expect(existsSync(join(dir, 'conformance'))).toBe(false);
    expect(readFileSync(join(dir, 'agent-identity-kit.config.json'), 'utf8')).toBe('{}');
  });

  it('writes all or nothing: a later file that cannot be written leaves none of the earlier ones (issue 34)', async () => {
    const dir = project('blocked', { type: 'module' });
    // A file where the workflow's folder should go: the adapter and the configuration could be written, the workflow cannot.
    writeFileSync(join(dir, '.github'), 'not a folder');
    const run = await runCli(['init'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^agent-identity-kit: \.github\/workflows\/agent-identity-kit\.yml: cannot be written \(ENOTDIR: .*\); init wrote nothing$/)]);
    expect(readdirSync(dir).sort()).toEqual(['.github', 'package.json']);
    expect(readFileSync(join(dir, '.github'), 'utf8')).toBe('not a folder');
  });
});
