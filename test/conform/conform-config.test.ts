import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConformConfig } from '../../src/cli/conform-config.js';
import { runCli } from '../support/run-cli.js';

const legacyAdapter = join(import.meta.dirname, '..', '..', 'examples', 'legacy', 'adapter.ts');

/** Runs the CLI in-process in `cwd` and returns its exit code and output. */
const run = (cwd: string, ...argv: string[]) => runCli(argv, { cwd });

function project(config: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'aik-conform-config-'));
  writeFileSync(join(dir, 'agent-identity-kit.config.json'), JSON.stringify(config));
  return dir;
}

describe('conform reads its defaults from agent-identity-kit.config.json', () => {
  it('takes the adapter, the scope and the run count from the conform key', async () => {
    const dir = project({ conform: { adapter: legacyAdapter, requirements: ['AIK-CREATE-001'], runs: 3, seed: 7 } });
    const result = await run(dir, 'conform', '--format', 'json');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { seed: number; runs: number; verdict: string; requirements: { id: string; status: string }[] };
    expect(report).toMatchObject({ seed: 7, runs: 3, verdict: 'NOT CONFORMANT' });
    expect(report.requirements.filter((entry) => entry.status === 'FAIL').map((entry) => entry.id)).toEqual(['AIK-CREATE-001']);
  });

  it('lets a flag win over the configuration', async () => {
    const dir = project({ conform: { adapter: legacyAdapter, requirements: ['AIK-CREATE-001'], runs: 3 } });
    const result = await run(dir, 'conform', '--format', 'json', '--requirements', 'AIK-CREATE-002');
    expect(JSON.parse(result.stdout).requirements.filter((entry: { status: string }) => entry.status !== 'NOT-APPLICABLE' && entry.status !== 'STATIC').map((entry: { id: string }) => entry.id)).toEqual(['AIK-CREATE-002']);
  });

  it('refuses a malformed conform key with one line naming the file and the field (exit 2)', async () => {
    const dir = project({ conform: { runs: 'many' } });
    const result = await run(dir, 'conform');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('agent-identity-kit: agent-identity-kit.config.json: conform.runs must be integer\n');
  });
});

describe('loadConformConfig', () => {
  const message = async (cwd: string): Promise<string | undefined> => {
    try {
      await loadConformConfig(cwd);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('is empty without the file or without the conform key', async () => {
    expect(await loadConformConfig(mkdtempSync(join(tmpdir(), 'aik-no-config-')))).toEqual({});
    expect(await loadConformConfig(project({ lint: {} }))).toEqual({});
  });

  it('names the file and the problem for text that is not JSON, and for a conform key of the wrong shape', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'aik-broken-config-'));
    writeFileSync(join(broken, 'agent-identity-kit.config.json'), '{ "conform": ');
    expect(await message(broken)).toMatch(/^agent-identity-kit\.config\.json: not valid JSON \(/);
    expect(await message(project({ conform: { runs: 'many' } }))).toMatch(/^agent-identity-kit\.config\.json: .*runs/);
    expect(await message(project(['conform']))).toMatch(/^agent-identity-kit\.config\.json: /);
  });
});

describe('a graph key (documented by graph --help) beside the others', () => {
  it('is read by graph and accepted by conform, lint and check: no "unknown key" (issue 37)', async () => {
    const dir = project({ graph: { exclude: ['^sandbox/'] }, conform: { runs: 5 } });
    writeFileSync(join(dir, 'README.md'), '# A project\n');
    writeFileSync(join(dir, 'index.ts'), 'export const one = 1;\n');
    expect(await loadConformConfig(dir)).toEqual({ runs: 5 });
    const lint = await run(dir, 'lint', '.');
    expect([lint.code, lint.stderr]).toEqual([0, '']);
    const check = await run(dir, 'check');
    expect(check.stderr).not.toMatch(/unknown key/);
    expect(check.code).not.toBe(2);
  });
});
