import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../tools/check/config-error.js';
import type { GateOutcome } from '../../tools/check/gate-outcome.js';
import { REPORTERS } from '../../tools/check/reporters/index.js';
import { runCheck } from '../../tools/check/run-check.js';
import { fixtureRepo, removeFixtureRepos, write } from './_fixture-repo.js';

afterAll(removeFixtureRepos);

const statuses = (outcomes: readonly GateOutcome[]): string[] => outcomes.map((outcome) => `${outcome.gate} ${outcome.status}`);

describe('check', () => {
  it('passes the clean fixture with exit code 0', async () => {
    const report = await runCheck({ root: fixtureRepo() });
    expect(statuses(report.outcomes)).toEqual(['lint pass', 'graph pass', 'docs pass']);
    expect(report.exitCode).toBe(0);
  });

  it('exits 1 when one gate has findings, and still runs the others', async () => {
    const root = fixtureRepo();
    write(root, 'src/util/describe-id.ts', "import { openSession } from '../session.js';\nexport const describeId = (id: string): string => (openSession ? id : '');\n");
    write(root, 'docs/extra.md', '[gone](./gone.md)\n');
    const report = await runCheck({ root });
    expect(statuses(report.outcomes)).toEqual(['lint pass', 'graph fail', 'docs fail']);
    expect(report.outcomes.map((outcome) => outcome.findings.map((finding) => `${finding.rule} ${finding.file}`))).toEqual([
      [],
      // The new arrow src/util → src also makes the committed module graph stale.
      ['module-graph-stale docs/module-graph.md', 'no-circular src/session.ts'],
      ['dead-link docs/extra.md'],
    ]);
    expect(report.exitCode).toBe(1);
  });

  it('exits 2 when a gate cannot run, reporting the one-line error naming the file', async () => {
    const root = fixtureRepo();
    write(root, 'tsconfig.build.json', '{ "compilerOptions": { "strict": "yes" } }');
    write(root, 'docs/extra.md', '[gone](./gone.md)\n');
    const report = await runCheck({ root, project: join(root, 'tsconfig.build.json') });
    expect(statuses(report.outcomes)).toEqual(['lint error', 'graph error', 'docs error']);
    expect(report.outcomes[1]?.error).toBe("tsconfig.build.json: TS5024: Compiler option 'strict' requires a value of type boolean.");
    expect(report.exitCode).toBe(2);
  });

  it('a broken tsconfig found in the tree (its extends missing) is a finding of the gates that read it, never the end of a gate', async () => {
    const root = fixtureRepo();
    write(root, 'evals/tsconfig.json', '{ "extends": "./missing-base.json", "include": ["*.ts"] }');
    write(root, 'evals/run.ts', "import { openSession } from '../src/session.js';\nexport const score = openSession;\n");
    write(root, 'tsconfig.json', '{ "extends": "./tsconfig.base.json", "include": ["src", "test"], "references": [{ "path": "./evals" }] }');
    write(root, 'docs/extra.md', '[gone](./gone.md)\n');
    const report = await runCheck({ root });
    expect(statuses(report.outcomes)).toEqual(['lint pass', 'graph fail', 'docs fail']);
    expect(report.outcomes.map((outcome) => outcome.findings.map((finding) => `${finding.rule} ${finding.file}`))).toEqual([
      [],
      // The new folder evals/ also makes the committed module graph stale.
      ['module-graph-stale docs/module-graph.md', 'tsconfig-invalid tsconfig.json'],
      ['dead-link docs/extra.md', 'tsconfig-invalid evals/tsconfig.json', 'tsconfig-invalid tsconfig.json'],
    ]);
    expect(report.exitCode).toBe(1);
  });

  it('lets a gate’s own bug surface instead of passing it off as a configuration error', async () => {
    const broken = { name: 'broken', run: () => Promise.reject(new RangeError('bug')) };
    await expect(runCheck({ root: fixtureRepo() }, [broken])).rejects.toThrow(RangeError);
    const misconfigured = { name: 'misconfigured', run: () => Promise.reject(new ConfigError('x.json', 'bad')) };
    expect((await runCheck({ root: fixtureRepo() }, [misconfigured])).exitCode).toBe(2);
  });
});

describe('reporters', () => {
  const outcomes: GateOutcome[] = [
    { gate: 'graph', status: 'fail', findings: [{ rule: 'no-circular', file: 'src/a.ts', message: 'import cycle: src/a.ts → src/b.ts → src/a.ts' }], notes: ['2 modules'], read: 2, durationMs: 1200 },
    { gate: 'docs', status: 'fail', findings: [{ rule: 'dead-link', file: 'README.md', line: 3, column: 5, message: 'relative link x|y.md does not resolve' }], notes: [], read: 1, durationMs: 300 },
    { gate: 'lint', status: 'error', findings: [], notes: [], error: 'tsconfig.json: broken', read: 0, durationMs: 5 },
  ];

  it('text: findings as file:line:column, the summary table, one verdict', () => {
    expect(REPORTERS.text(outcomes, 2)).toBe(
      [
        'graph: 1 finding',
        '  src/a.ts  no-circular  import cycle: src/a.ts → src/b.ts → src/a.ts',
        '  (2 modules)',
        'docs: 1 finding',
        '  README.md:3:5  dead-link  relative link x|y.md does not resolve',
        'lint: configuration error',
        '  tsconfig.json: broken',
        '',
        'gate   status  findings  time',
        'graph  fail    1         1.2 s',
        'docs   fail    1         0.3 s',
        'lint   error   0         0.0 s',
        '',
        'FAILED: 1 gate could not run (configuration error)',
        '',
      ].join('\n'),
    );
    expect(REPORTERS.text([{ gate: 'docs', status: 'pass', findings: [], notes: [], read: 1, durationMs: 1 }], 0)).toBe('docs: pass\n\nPASSED\n');
  });

  it('json: a stable envelope with the tool, version, exit code and every gate', () => {
    const parsed = JSON.parse(REPORTERS.json(outcomes, 2)) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['tool', 'version', 'exitCode', 'gates']);
    expect(parsed['tool']).toBe('agent-identity-kit');
    expect(parsed['version']).toMatch(/^\d+\.\d+\.\d+/);
    expect(parsed['gates']).toEqual([
      { gate: 'graph', status: 'fail', findings: outcomes[0]?.findings, notes: ['2 modules'], read: 2, durationMs: 1200 },
      { gate: 'docs', status: 'fail', findings: outcomes[1]?.findings, notes: [], read: 1, durationMs: 300 },
      { gate: 'lint', status: 'error', error: 'tsconfig.json: broken', findings: [], notes: [], read: 0, durationMs: 5 },
    ]);
  });

  it('markdown: the summary table and a table of findings per failing gate, pipes escaped', () => {
    const text = REPORTERS.markdown(outcomes, 2);
    expect(text).toContain('| graph | fail | 1 | 2 modules |\n| docs | fail | 1 |  |\n| lint | error | 0 | tsconfig.json: broken |');
    expect(text).toContain('### docs\n\n| where | rule | message |\n| --- | --- | --- |\n| `README.md:3:5` | dead-link | relative link x\\|y.md does not resolve |');
    expect(text).not.toContain('### lint');
  });
});
