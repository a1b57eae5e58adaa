/** The `graph`, `docs` and `check` commands: output formats, exit codes 0/1/2, one-line errors. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { MARKDOWN_SIZE_LIMIT } from '../../tools/docs/markdown-document.js';
import { renderClauseCoverageMarkdown } from '../../tools/docs/clause-coverage-markdown.js';
import { renderRequirementsMarkdown } from '../../tools/docs/requirements-markdown.js';
import { RULES } from '../../tools/lint/index.js';
import { fixtureRepo, removeFixtureRepos, write } from './_fixture-repo.js';

afterAll(removeFixtureRepos);

const out: string[] = [];
const err: string[] = [];
afterEach(() => {
  out.length = 0;
  err.length = 0;
});
const run = async (...argv: string[]): Promise<number> => {
  const { code, stdout, stderr } = await runCli(argv);
  out.push(stdout);
  err.push(stderr);
  return code;
};
const cycle = (root: string): void =>
  write(root, 'src/util/describe-id.ts', "import { openSession } from '../session.js';\nexport const describeId = (id: string): string => (openSession ? id : '');\n");

// check forks a Node process per gate (each loads its gate's code, through tsx in the checkout): seconds each on a loaded 2-core machine.
describe('check command', { timeout: 60_000 }, () => {
  it('exits 0 on a clean repository and prints the summary table', async () => {
    expect(await run('check', '--root', fixtureRepo())).toBe(0);
    const text = out.join('');
    expect(text).toMatch(/^gate +status +findings +time$/m);
    expect(text).toMatch(/^graph +pass +0 /m);
    expect(text).toMatch(/^docs +pass +0 /m);
    expect(text.trimEnd().endsWith('PASSED')).toBe(true);
  });

  it('--format json: exits 1 with the findings, machine-readable', async () => {
    const root = fixtureRepo();
    cycle(root);
    expect(await run('check', '--root', root, '--format', 'json')).toBe(1);
    const report = JSON.parse(out.join('')) as { exitCode: number; gates: { gate: string; status: string; findings: { rule: string }[] }[] };
    expect(report.exitCode).toBe(1);
    expect(report.gates.map((gate) => [gate.gate, gate.status, gate.findings.map((finding) => finding.rule)])).toEqual([
      ['lint', 'pass', []],
      ['graph', 'fail', ['module-graph-stale', 'no-circular']],
      ['docs', 'pass', []],
    ]);
  });

  it('exits 2 on a configuration error, with one line per failing gate on stderr', async () => {
    const root = fixtureRepo();
    write(root, 'agent-identity-kit.config.json', '{ "docs": { "project": "tsconfig.docs.json" } }');
    expect(await run('check', '--root', root, '--format', 'markdown')).toBe(2);
    expect(err.join('')).toBe('agent-identity-kit: tsconfig.docs.json: tsconfig not found\n');
    expect(out.join('')).toContain('| docs | error | 0 | tsconfig.docs.json: tsconfig not found |');
  });

  it('exits 1, not 2, when one Markdown file cannot be read: it is a finding and the rest is checked', async () => {
    const root = fixtureRepo();
    write(root, 'docs/bad.md', Uint8Array.from([0xff, 0xfe, 0x00]));
    expect(await run('check', '--root', root, '--format', 'markdown')).toBe(1);
    expect(err.join('')).toBe('');
    expect(out.join('')).toContain('| `docs/bad.md` | markdown-unreadable | Markdown file not valid UTF-8: not checked |');
    expect(out.join('')).toMatch(/^\| graph \| pass \| 0 \|/m);
  });

  it.each(['check', 'graph', 'docs'])('%s --format sarif and --format github report the findings for code scanning and annotations', async (command) => {
    const root = fixtureRepo();
    cycle(root);
    write(root, 'docs/extra.md', '[gone](./gone.md)\n');
    expect(await run(command, '--root', root, '--format', 'sarif')).toBe(1);
    const log = JSON.parse(out.join('')) as { version: string; runs: { results: { ruleId: string }[] }[] };
    const expected = { check: ['module-graph-stale', 'no-circular', 'dead-link'], graph: ['no-circular'], docs: ['dead-link'] }[command];
    expect([log.version, log.runs[0]?.results.map((result) => result.ruleId)]).toEqual(['2.1.0', expected]);
    out.length = 0;
    expect(await run(command, '--root', root, '--format', 'github')).toBe(1);
    expect(out.join('').split('\n').filter((line) => line !== '').map((line) => /title=agent-identity-kit ([\w-]+)::/.exec(line)?.[1])).toEqual(expected);
  });

  it.each(['check', 'graph', 'docs'])('%s exits 2 when --root is not a directory', async (command) => {
    expect(await run(command, '--root', 'no/such/dir')).toBe(2);
    expect(err.join('')).toBe('agent-identity-kit: no/such/dir: not a directory\n');
  });
});

describe('graph command', () => {
  it('reports findings as text and exits 1', async () => {
    const root = fixtureRepo();
    cycle(root);
    expect(await run('graph', '--root', root)).toBe(1);
    expect(out.join('')).toContain('  src/session.ts  no-circular  import cycle: src/session.ts → src/util/describe-id.ts → src/session.ts\n');
  });

  it('--check fails on a stale docs/module-graph.md; --update rewrites it and nothing else', async () => {
    const root = fixtureRepo();
    write(root, 'docs/module-graph.md', '# Module graph\n\n<!-- Generated by `agent-identity-kit graph --update` -->\nold\n');
    expect(await run('graph', '--root', root, '--check')).toBe(1);
    expect(out.join('')).toContain('docs/module-graph.md  module-graph-stale');
    expect(await run('graph', '--root', root, '--update')).toBe(0);
    expect(readFileSync(join(root, 'docs/module-graph.md'), 'utf8')).toContain('```mermaid');
    expect(await run('graph', '--root', root, '--check', '--format', 'json')).toBe(0);
  });

  it('refuses --update with --check, and a --config that does not exist, with exit 2', async () => {
    const root = fixtureRepo();
    expect(await run('graph', '--root', root, '--update', '--check')).toBe(2);
    err.length = 0;
    const config = join(root, 'missing.cjs');
    expect(await run('graph', '--root', root, '--config', relative(process.cwd(), config))).toBe(2);
    expect(err.join('')).toBe('agent-identity-kit: missing.cjs: dependency-cruiser config not found\n');
    expect(out.join('')).toBe('');
  });

  it('exits 2 naming a broken dependency-cruiser config', async () => {
    const root = fixtureRepo();
    write(root, '.dependency-cruiser.js', 'module.exports = {');
    expect(await run('graph', '--root', root)).toBe(2);
    expect(err.join('')).toMatch(/^agent-identity-kit: \.dependency-cruiser\.js: dependency-cruiser config does not load: [^\n]+\n$/);
  });
});

describe('docs command', () => {
  it('on a repository whose only Markdown file is over the size limit: one line naming it, exit 2', async () => {
    const root = mkdtempSync(join(tmpdir(), 'aik-huge-md-'));
    try {
      write(root, 'docs/huge.md', `# Dump\n\n${'x'.repeat(MARKDOWN_SIZE_LIMIT)}\n`);
      expect(await run('docs', '--root', root)).toBe(2);
      expect(err.join('')).toMatch(/^agent-identity-kit: docs: read nothing, so checked nothing \(0 Markdown files \(1 not read, first docs\/huge\.md: Markdown file is over the size limit \(2\.0 MiB; at most 2 MiB is read\): not checked\), [^\n]+\n$/);
      expect(out.join('')).toBe('');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('reports findings with their options applied', async () => {
    const root = fixtureRepo();
    write(root, 'notes/todo.md', '[gone](./gone.md)\n');
    write(root, 'docs/extra.md', 'The `actorKey` of an agent.\n');
    expect(await run('docs', '--root', root, '--vocabulary', 'actorKey', '--exclude', 'notes/**', '--project', join(root, 'tsconfig.json'))).toBe(1);
    expect(out.join('')).toContain('docs/extra.md:1:5  stale-vocabulary  `actorKey` mentions `actorKey`, which the code no longer defines');
    expect(out.join('')).not.toContain('notes/todo.md');
  });

  it('exits 2 for a --project that does not parse and for --update outside the kit, 1 for a root tsconfig that does not', async () => {
    const root = fixtureRepo();
    expect(await run('docs', '--root', root, '--update')).toBe(2);
    expect(err.join('')).toContain("--update regenerates the kit's own docs");
    err.length = 0;
    write(root, 'tsconfig.docs.json', '{ "compilerOptions": { "target": 5 } }');
    expect(await run('docs', '--root', root, '--project', join(root, 'tsconfig.docs.json'))).toBe(2);
    expect(err.join('')).toMatch(/^agent-identity-kit: tsconfig\.docs\.json: TS\d+: [^\n]+\n$/);
    err.length = 0;
    out.length = 0;
    write(root, 'tsconfig.json', '{ "compilerOptions": { "target": 5 } }');
    expect(await run('docs', '--root', root)).toBe(1);
    expect(out.join('')).toMatch(/^ {2}tsconfig\.json {2}tsconfig-invalid {2}TS\d+: /m);
  });

  it('in the kit, fills and compares the README CLI block with the real --help output, checks the lint rule pages and regenerates docs/requirements.md and docs/clause-coverage.md', async () => {
    expect(await run('--help')).toBe(0);
    const help = out.join('');
    out.length = 0;
    const root = fixtureRepo();
    write(root, 'package.json', JSON.stringify({ name: 'agent-identity-kit', version: '0.0.0', type: 'module' }));
    // The README section needs only the command line: --update fills in the help.
    write(root, 'README.md', '# agent-identity-kit\n\n## CLI\n\n```text\n$ agent-identity-kit --help\n```\n');
    write(root, 'docs/guide.md', '# Guide\n');
    for (const rule of RULES) write(root, `docs/rules/${rule.id}.md`, `# ${rule.id}\n`);
    rmSync(join(root, 'docs/requirements.md'), { force: true });
    expect(await run('docs', '--root', root, '--update')).toBe(0);
    expect(readFileSync(join(root, 'docs/requirements.md'), 'utf8')).toBe(renderRequirementsMarkdown());
    expect(readFileSync(join(root, 'docs/clause-coverage.md'), 'utf8')).toBe(renderClauseCoverageMarkdown());
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toBe(`# agent-identity-kit\n\n## CLI\n\n\`\`\`text\n$ agent-identity-kit --help\n${help}\`\`\`\n`);
    expect(await run('docs', '--root', root, '--check')).toBe(0);
    const [first] = RULES;
    rmSync(join(root, `docs/rules/${first?.id ?? ''}.md`));
    expect(await run('docs', '--root', root)).toBe(1);
    expect(out.join('')).toContain(`docs/rules/${first?.id ?? ''}.md  rule-doc-missing`);
    write(root, `docs/rules/${first?.id ?? ''}.md`, '# restored\n');
    expect(await run('check', '--root', root)).toBe(0);
    write(root, 'README.md', `# agent-identity-kit\n\n## CLI\n\n\`\`\`text\n$ agent-identity-kit --help\n${help.replace('Usage:', 'Use:')}\`\`\`\n`);
    out.length = 0;
    expect(await run('docs', '--root', root)).toBe(1);
    expect(out.join('')).toContain('README.md:7  cli-help-sync  the block for `agent-identity-kit --help` differs from the real help: expected "Usage: agent-identity-kit [options] [command]"');
  });
});
