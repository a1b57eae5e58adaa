import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import type { Log } from 'sarif';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../tools/check/config-error.js';
import type { GateOutcome } from '../../tools/check/gate-outcome.js';
import { REPORTERS } from '../../tools/check/reporters/index.js';
import { runCheck } from '../../tools/check/run-check.js';
import { fixtureRepo, removeFixtureRepos, write } from './_fixture-repo.js';

afterAll(removeFixtureRepos);

// The official SARIF 2.1.0 schema (rtm.5, JSON Schema draft-04) from @microsoft/jest-sarif; its
// `language` pattern is only legal without the `u` flag, hence `unicodeRegExp: false`.
const sarifSchema = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as object;

const statuses = (outcomes: readonly GateOutcome[]): string[] => outcomes.map((outcome) => `${outcome.gate} ${outcome.status}`);

// check forks a Node process per gate (each loads its gate's code, through tsx in the checkout): seconds each on a loaded 2-core machine.
describe('check', { timeout: 60_000 }, () => {
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
  const ROOT = '/work/repo';
  const outcomes: GateOutcome[] = [
    { gate: 'graph', status: 'fail', findings: [{ rule: 'no-circular', file: 'src/a.ts', message: 'import cycle: src/a.ts → src/b.ts → src/a.ts' }], notes: ['2 modules'], read: 2, durationMs: 1200 },
    { gate: 'docs', status: 'fail', findings: [{ rule: 'dead-link', file: 'README.md', line: 3, column: 5, message: 'relative link x|y.md does not resolve' }], notes: [], read: 1, durationMs: 300 },
    { gate: 'lint', status: 'error', findings: [], notes: [], error: 'tsconfig.json: broken', read: 0, durationMs: 5 },
  ];

  it('text: findings as file:line:column, the summary table, one verdict', () => {
    expect(REPORTERS.text(outcomes, 2, ROOT)).toBe(
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
    expect(REPORTERS.text([{ gate: 'docs', status: 'pass', findings: [], notes: [], read: 1, durationMs: 1 }], 0, ROOT)).toBe('docs: pass\n\nPASSED\n');
  });

  it('text and markdown: a file name or message quoting a repository file shows its control characters escaped, never raw', () => {
    const outcomes: GateOutcome[] = [
      { gate: 'docs', status: 'fail', findings: [{ rule: 'dead-link', file: 'docs/\u001b[2Jclear.md', message: 'relative link ./\u0007bell.md does not resolve' }], notes: [], read: 1, durationMs: 1 },
    ];
    const text = REPORTERS.text(outcomes, 1, ROOT);
    expect(text).toContain('  docs/\\x1b[2Jclear.md  dead-link  relative link ./\\x07bell.md does not resolve\n');
    expect(REPORTERS.markdown(outcomes, 1, ROOT)).toContain('| `docs/\\x1b[2Jclear.md` | dead-link | relative link ./\\x07bell.md does not resolve |');
    for (const report of [text, REPORTERS.markdown(outcomes, 1, ROOT)]) expect(report).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
  });

  it('json: a stable envelope with the tool, version, exit code and every gate', () => {
    const parsed = JSON.parse(REPORTERS.json(outcomes, 2, ROOT)) as Record<string, unknown>;
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
    const text = REPORTERS.markdown(outcomes, 2, ROOT);
    expect(text).toContain('| graph | fail | 1 | 2 modules |\n| docs | fail | 1 |  |\n| lint | error | 0 | tsconfig.json: broken |');
    expect(text).toContain('### docs\n\n| where | rule | message |\n| --- | --- | --- |\n| `README.md:3:5` | dead-link | relative link x\\|y.md does not resolve |');
    expect(text).not.toContain('### lint');
  });

  it('sarif: a SARIF 2.1.0 log that validates against the schema, one result per finding, a gate error as a notification', () => {
    const ajv = new Ajv04.default({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats.default(ajv);
    const validate = ajv.compile(sarifSchema);
    const text = REPORTERS.sarif(outcomes, 2, ROOT);
    const log = JSON.parse(text) as Log;
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const run = log.runs[0];
    expect(run?.tool.driver.rules?.map((rule) => [rule.id, rule.properties?.['gate']])).toEqual([['no-circular', 'graph'], ['dead-link', 'docs']]);
    expect(run?.results?.map((result) => [result.ruleId, result.ruleIndex, result.level, result.locations?.[0]?.physicalLocation?.artifactLocation?.uri, result.locations?.[0]?.physicalLocation?.region])).toEqual([
      ['no-circular', 0, 'error', 'src/a.ts', undefined],
      ['dead-link', 1, 'error', 'README.md', { startLine: 3, startColumn: 5 }],
    ]);
    expect(run?.originalUriBaseIds?.['SRCROOT']?.uri).toBe('file:///work/repo/');
    expect(run?.invocations?.[0]).toMatchObject({ executionSuccessful: false, exitCode: 2 });
    expect(run?.invocations?.[0]?.toolExecutionNotifications?.filter((notification) => notification.level === 'error').map((notification) => notification.message.text)).toEqual(['tsconfig.json: broken']);
    // Same outcomes, same bytes (no timings in the log).
    expect(REPORTERS.sarif(outcomes.map((outcome) => ({ ...outcome, durationMs: 0 })), 2, ROOT)).toBe(text);
  });

  it('sarif: the schema check can fail (a result without a message is rejected)', () => {
    const ajv = new Ajv04.default({ strict: false, unicodeRegExp: false });
    addFormats.default(ajv);
    const log = JSON.parse(REPORTERS.sarif(outcomes, 2, ROOT)) as { runs: { results: Record<string, unknown>[] }[] };
    delete log.runs[0]?.results[0]?.['message'];
    expect(ajv.validate(sarifSchema, log)).toBe(false);
  });

  it('github: one workflow command per finding and per gate error, data and properties escaped (control characters too)', () => {
    const tricky: GateOutcome[] = [
      { gate: 'docs', status: 'fail', findings: [{ rule: 'dead-path', file: 'docs/a,b:c\u001b[2J.md', line: 7, column: 2, message: '100% gone\r\nsee: x, y \u202eevil' }], notes: ['ignored'], read: 1, durationMs: 1 },
      ...outcomes,
    ];
    expect(REPORTERS.github(tricky, 2, ROOT)).toBe(
      [
        '::error file=docs/a%2Cb%3Ac\\x1b[2J.md,line=7,col=2,title=agent-identity-kit dead-path::100%25 gone%0D%0Asee: x, y \\u202eevil',
        '::error file=src/a.ts,title=agent-identity-kit no-circular::import cycle: src/a.ts → src/b.ts → src/a.ts',
        '::error file=README.md,line=3,col=5,title=agent-identity-kit dead-link::relative link x|y.md does not resolve',
        '::error title=agent-identity-kit lint::tsconfig.json: broken',
        '',
      ].join('\n'),
    );
  });
});
