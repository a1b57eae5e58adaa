/**
 * `init --language python` writes a Python stdio adapter skeleton and a configuration that drives
 * it with `adapterCmd`; as written, every requirement it cannot test names the operation it needs.
 * An adapter named on the command line replaces the configuration's, of either kind.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'aik-init-python-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('init --language python', () => {
  it('writes the skeleton and a configuration that runs it over stdio; conform names what each requirement needs', { timeout: 60_000 }, async () => {
    const init = await runCli(['init', '--language', 'python'], { cwd: dir });
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('wrote conformance/adapter.py\nwrote agent-identity-kit.config.json\n');
    expect(readFileSync(join(dir, 'conformance/adapter.py'), 'utf8')).toBe(readFileSync(join(import.meta.dirname, '../../examples/skeleton/adapter.py'), 'utf8'));
    expect(JSON.parse(readFileSync(join(dir, 'agent-identity-kit.config.json'), 'utf8'))).toEqual({ conform: { adapterCmd: 'python3 conformance/adapter.py' } });
    const run = await runCli(['conform', '--runs', '2', '--format', 'json'], { cwd: dir });
    const report = JSON.parse(run.stdout) as { verdict: string; summary: Record<string, number>; requirements: { id: string; status: string; note?: string }[]; subset?: object };
    expect([run.code, report.verdict, report.summary['PASS'], report.summary['FAIL']]).toEqual([1, 'NOT CONFORMANT', 0, 0]);
    expect(report.subset).toBeDefined();
    expect(report.requirements.find((result) => result.id === 'AIK-CREATE-001')).toMatchObject({ status: 'NOT-TESTED', note: 'needs create; the adapter reports it unsupported' });
    expect(report.requirements.find((result) => result.id === 'AIK-CONFIG-003')).toMatchObject({ status: 'NOT-TESTED', note: 'needs config; the adapter reports it unsupported' });
  });

  it('--adapter on the command line replaces the configuration\'s adapterCmd (and --adapter-cmd an adapter module)', { timeout: 60_000 }, async () => {
    const module = await runCli(['conform', '--adapter', resolve('examples/independent/adapter.ts'), '--runs', '0', '--requirements', 'AIK-ID-001'], { cwd: dir });
    expect([module.code, module.stdout.includes('stdio subset')]).toEqual([0, false]);
    const stdio = await runCli(['conform', '--adapter-cmd', `python3 ${resolve('examples/python/adapter.py')}`, '--runs', '0', '--requirements', 'AIK-ID-001'], { cwd: dir });
    expect([stdio.code, stdio.stdout.includes('CONFORMANT (stdio subset)')]).toEqual([0, true]);
  });
});
