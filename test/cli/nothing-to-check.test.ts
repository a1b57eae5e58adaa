import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refuseUndecided } from '../../src/cli/nothing-to-check.js';
import { runCli } from '../support/run-cli.js';

describe('a command with nothing to check', () => {
  it('lint, graph, docs, check and trace exit 2 with one line, and 0 with --allow-empty', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'aik-empty-'));
    writeFileSync(join(empty, 'empty.jsonl'), '');
    const refused = {
      lint: await runCli(['lint', '.'], { cwd: empty }),
      graph: await runCli(['graph'], { cwd: empty }),
      docs: await runCli(['docs'], { cwd: empty }),
      check: await runCli(['check'], { cwd: empty }),
      trace: await runCli(['trace', 'empty.jsonl'], { cwd: empty }),
    };
    const shown = Object.fromEntries(Object.entries(refused).map(([name, run]) => [name, [run.code, run.stdout, run.stderr]]));
    expect({ lint: shown['lint'], trace: shown['trace'] }).toEqual({
      lint: [2, '', 'agent-identity-kit: lint .: nothing to check (pass --allow-empty if that is expected)\n'],
      trace: [2, '', 'agent-identity-kit: empty.jsonl: the history has no records: nothing to check (pass --allow-empty if that is expected)\n'],
    });
    // The gates say what each read, so a vacuous run shows why it is refused (check lists every gate).
    expect(refused.graph.code).toBe(2);
    expect(refused.graph.stderr).toMatch(/^agent-identity-kit: graph: read nothing, so checked nothing \(0 modules.*\); pass --allow-empty if that is expected\n$/);
    expect(refused.docs.code).toBe(2);
    expect(refused.docs.stderr).toMatch(/^agent-identity-kit: docs: read nothing, so checked nothing \(0 Markdown files.*\); pass --allow-empty if that is expected\n$/);
    expect(refused.check.code).toBe(2);
    for (const gate of ['lint', 'graph', 'docs']) expect(refused.check.stdout).toMatch(new RegExp(`^  ${gate}: read nothing, so checked nothing`, 'm'));
    for (const argv of [["lint", "."], ["graph"], ["docs"], ["check"], ["trace", "empty.jsonl"]]) {
      expect((await runCli([...argv, '--allow-empty'], { cwd: empty })).code, argv.join(' ')).toBe(0);
    }
    // Ten runs of the gates: 17–20 s on a loaded machine, over vitest's default 20 s.
  }, 120_000);
});

describe('check is judged by what it checked (issue 37)', () => {
  it('a fresh project with code and no Markdown: lint and graph check it, docs is skipped and says why, exit 0', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'aik-no-markdown-'));
    writeFileSync(join(fresh, 'package.json'), JSON.stringify({ name: 'fresh', type: 'module' }));
    writeFileSync(join(fresh, 'index.ts'), 'export const one = 1;\n');
    const run = await runCli(['check'], { cwd: fresh });
    expect(run.stdout).toMatch(/^docs: skipped\n {2}\(docs: read nothing, so checked nothing \(0 Markdown files[^\n]*\); skipped, the other gates checked their input\)$/m);
    expect(run.stdout).toMatch(/^lint: pass$/m);
    expect(run.stdout).toMatch(/^graph: pass$/m);
    expect(run.stdout).toMatch(/\nPASSED\n$/);
    expect([run.code, run.stderr]).toEqual([0, '']);
    const json = JSON.parse((await runCli(['check', '--format', 'json'], { cwd: fresh })).stdout) as { gates: { gate: string; status: string }[] };
    expect(json.gates.map((gate) => `${gate.gate} ${gate.status}`)).toEqual(['lint pass', 'graph pass', 'docs skipped']);
  }, 120_000);
});

describe('refuseUndecided (in process)', () => {
  const report = (summary: Record<string, number>, verdict = 'CONFORMANT', scope: readonly string[] | 'all' = ['AIK-REMOTE']) => ({ verdict, summary, scope }) as never;

  it('refuses a CONFORMANT run that decided no requirement, naming its scope and statuses, unless allowed', () => {
    expect(() => refuseUndecided(report({ PASS: 0, FAIL: 0, 'NOT-APPLICABLE': 3, 'NOT-TESTED': 0, STATIC: 0 }), false)).toThrow(
      'conformance run of requirements AIK-REMOTE: no requirement decided (3 NOT-APPLICABLE): nothing to check (pass --allow-empty if that is expected)',
    );
    expect(() => refuseUndecided(report({ PASS: 0, FAIL: 0 }, 'CONFORMANT', 'all'), undefined)).toThrow('conformance run of all requirements: no requirement decided (none in scope)');
    expect(() => refuseUndecided(report({ PASS: 0, FAIL: 0, STATIC: 1 }), true)).not.toThrow();
  });

  it('leaves a run that passed or failed anything to its own exit code', () => {
    expect(() => refuseUndecided(report({ PASS: 1, FAIL: 0 }), false)).not.toThrow();
    expect(() => refuseUndecided(report({ PASS: 0, FAIL: 1 }, 'NOT CONFORMANT'), false)).not.toThrow();
  });
});
