/**
 * The doc-sync checks that apply to the kit's own repository: the generated requirement list and
 * clause coverage, one docs page per lint rule, and the README's CLI usage equal to the real help.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLAUSES } from '../../src/contract/clauses.js';
import { REQUIREMENTS } from '../../src/contract/requirements.js';
import { renderClauseCoverageMarkdown } from '../../tools/docs/clause-coverage-markdown.js';
import type { KitDocsOptions } from '../../tools/docs/kit-docs-options.js';
import { renderRequirementsMarkdown } from '../../tools/docs/requirements-markdown.js';
import { runDocs } from '../../tools/docs/run-docs.js';
import { fixtureRepo, removeFixtureRepos, write } from './_fixture-repo.js';

afterAll(removeFixtureRepos);

const PROGRAM_HELP = 'Usage: agent-identity-kit [options] [command]\n\nOptions:\n  -h, --help  display help\n';
const GRAPH_HELP = 'Usage: agent-identity-kit graph [options]\n\nOptions:\n  --update  write docs/module-graph.md\n';
const helpTexts: ReadonlyMap<string, string> = new Map([
  ['', PROGRAM_HELP],
  ['graph', GRAPH_HELP],
]);

const README = ['# fixture-kit', '', '## CLI', '', '```text', '$ agent-identity-kit --help', PROGRAM_HELP.trimEnd(), '```', '', '```text', '$ agent-identity-kit graph --help', GRAPH_HELP.trimEnd(), '```', '', '## Other', ''].join('\n');

/** A fixture that already satisfies every kit check. */
function kitLike(kit: KitDocsOptions = { helpTexts, ruleIds: ['two-id-members'] }): { root: string; kit: KitDocsOptions } {
  const root = fixtureRepo();
  write(root, 'README.md', README);
  write(root, 'docs/requirements.md', renderRequirementsMarkdown());
  write(root, 'docs/clause-coverage.md', renderClauseCoverageMarkdown());
  write(root, 'docs/rules/two-id-members.md', '# two-id-members\n');
  write(root, 'docs/rules/README.md', '# Rules\n');
  return { root, kit };
}

const findings = (root: string, kit: KitDocsOptions, update = false): string[] =>
  runDocs({ root, kit, update }).findings.map((finding) => `${finding.rule} ${finding.file}${finding.line === undefined ? '' : `:${finding.line}`} ${finding.message}`);

describe('clause coverage', () => {
  it('lists every clause once under its requirement, quoted, with its checks or the reason it is not observable', () => {
    const text = renderClauseCoverageMarkdown();
    for (const entry of CLAUSES) expect(text.split('\n').filter((line) => line.startsWith(`| ${entry.id} |`)), entry.id).toHaveLength(1);
    expect(text).toContain('| AIK-TXN-004.c3 | the creation rejects with the thrown value, and the store is unchanged | Transaction and rollback | `AIK-TXN-004/listener-veto`<br>`AIK-TXN-004/seeded-and-resumed-vetoes-write-nothing` |');
    expect(text).toMatch(/\| AIK-ID-004\.c1 \| .+ \| not observable: STATIC/);
  });

  it('is stale when it differs from the clause map, missing when absent, and rewritten by --update', () => {
    const { root, kit } = kitLike();
    write(root, 'docs/clause-coverage.md', renderClauseCoverageMarkdown().replace('AIK-TXN-004.c3', 'AIK-TXN-004.c9'));
    expect(findings(root, kit)).toEqual(['clause-coverage-doc-stale docs/clause-coverage.md stale: it no longer matches src/contract/clauses.ts; run `agent-identity-kit docs --update`']);
    rmSync(join(root, 'docs/clause-coverage.md'));
    expect(findings(root, kit)).toEqual(['clause-coverage-doc-stale docs/clause-coverage.md missing; run `agent-identity-kit docs --update`']);
    expect(findings(root, kit, true)).toEqual([]);
    expect(readFileSync(join(root, 'docs/clause-coverage.md'), 'utf8')).toBe(renderClauseCoverageMarkdown());
  });
});

describe('requirement list', () => {
  it('lists every requirement once, grouped by area, with its tier and when it applies', () => {
    const text = renderRequirementsMarkdown();
    for (const entry of REQUIREMENTS) expect(text.split('\n').filter((line) => line.startsWith(`| ${entry.id} | ${entry.tier} |`))).toHaveLength(1);
    expect(text).toContain('## Identity\n\n| id | tier | applies | statement |');
    expect(text).toMatch(/\| AIK-SUB-001 \| CAP \| capability `subagents` \|/);
    expect(text).toMatch(/\| AIK-QUIESCE-004 \| PROFILE \| profile `teardown`: `scope-last` or `scope-first` \|/);
    expect(text).toMatch(/\| AIK-ID-004 \| STATIC \| on source code \|/);
    expect(renderRequirementsMarkdown()).toBe(text);
  });

  it('is stale when it differs from the registry, and rewritten by --update', () => {
    const { root, kit } = kitLike();
    expect(findings(root, kit)).toEqual([]);
    write(root, 'docs/requirements.md', renderRequirementsMarkdown().replace('AIK-ID-001 | MUST', 'AIK-ID-001 | SHOULD'));
    expect(findings(root, kit)).toEqual(['requirements-doc-stale docs/requirements.md stale: it no longer matches src/contract/requirements.ts; run `agent-identity-kit docs --update`']);
    expect(findings(root, kit, true)).toEqual([]);
    expect(readFileSync(join(root, 'docs/requirements.md'), 'utf8')).toBe(renderRequirementsMarkdown());
  });

  it('is rewritten when another Markdown file is not UTF-8, which is reported as a finding (it is no bad input to the rewrite)', () => {
    const { root, kit } = kitLike();
    write(root, 'docs/requirements.md', 'old');
    write(root, 'docs/latin1.md', Uint8Array.from([0x63, 0x61, 0x66, 0xe9]));
    expect(runDocs({ root, kit, update: true }).findings.filter((finding) => finding.file === 'docs/latin1.md').map((finding) => finding.rule)).toEqual(['markdown-unreadable']);
    expect(readFileSync(join(root, 'docs/requirements.md'), 'utf8')).toBe(renderRequirementsMarkdown());
  });

  it('is reported missing when absent, and only checked for the kit', () => {
    const { root, kit } = kitLike();
    rmSync(join(root, 'docs/requirements.md'));
    expect(runDocs({ root }).findings).toEqual([]);
    expect(findings(root, kit)).toEqual(['requirements-doc-stale docs/requirements.md missing; run `agent-identity-kit docs --update`']);
  });
});

describe('lint rule pages', () => {
  it('needs a page per rule and a rule per page (an index page aside)', () => {
    const { root } = kitLike();
    write(root, 'docs/rules/retired-rule.md', '# retired\n');
    expect(findings(root, { helpTexts, ruleIds: ['two-id-members', 'id-translation-map'] })).toEqual([
      'rule-doc-missing docs/rules/id-translation-map.md lint rule id-translation-map has no docs page',
      'rule-doc-orphan docs/rules/retired-rule.md documents retired-rule, which is not a lint rule',
    ]);
  });

  it('are not checked without a rule list, and a note says so', () => {
    const { root } = kitLike();
    write(root, 'docs/rules/retired-rule.md', '# retired\n');
    const report = runDocs({ root, kit: { helpTexts } });
    expect(report.findings).toEqual([]);
    expect(report.notes).toContain('lint rule pages not checked: no rule list given');
  });
});

describe('README CLI usage', () => {
  it('passes when every help block equals the real help', () => {
    const { root, kit } = kitLike();
    expect(findings(root, kit)).toEqual([]);
  });

  it('fails at the first differing line of a block', () => {
    const { root, kit } = kitLike();
    write(root, 'README.md', README.replace('  --update  write docs/module-graph.md', '  --update  write the graph'));
    const line = README.split('\n').indexOf('  --update  write docs/module-graph.md') + 1;
    expect(findings(root, kit)).toEqual([
      `cli-help-sync README.md:${line} the block for \`agent-identity-kit graph --help\` differs from the real help: expected "  --update  write docs/module-graph.md", found "  --update  write the graph"`,
    ]);
  });

  it('fails when the help grew a line the README lacks', () => {
    const { root } = kitLike();
    const longer = new Map([...helpTexts, ['', `${PROGRAM_HELP}  -V, --version  output the version\n`]]);
    expect(findings(root, { helpTexts: longer, ruleIds: ['two-id-members'] })).toHaveLength(1);
    expect(findings(root, { helpTexts: longer, ruleIds: ['two-id-members'] })[0]).toMatch(/expected "  -V, --version  output the version", found "\(end of block\)"$/);
  });

  it('with --update, rewrites stale blocks to the real help and keeps everything else', () => {
    const { root, kit } = kitLike();
    const stale = README.replace('  --update  write docs/module-graph.md', '  --update  write the graph').replace(PROGRAM_HELP.trimEnd(), 'Usage: old');
    write(root, 'README.md', stale);
    expect(findings(root, kit, true)).toEqual([]);
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toBe(README);
    write(root, 'README.md', README.replace('$ agent-identity-kit graph --help', '$ agent-identity-kit graf --help'));
    expect(findings(root, kit, true)).toHaveLength(1);
  });

  it('fails on a block for a command that does not exist', () => {
    const { root, kit } = kitLike();
    write(root, 'README.md', README.replace('$ agent-identity-kit graph --help', '$ agent-identity-kit graf --help'));
    expect(findings(root, kit)[0]).toMatch(/^cli-help-sync README\.md:\d+ `agent-identity-kit graf --help`: no such command$/);
  });

  it('fails without a README, without a ## CLI section, or without the program’s own help block', () => {
    const { root, kit } = kitLike();
    write(root, 'README.md', '# fixture-kit\n\n## Usage\n\nRun it.\n');
    expect(findings(root, kit)).toEqual(['cli-help-sync README.md has no `## CLI` section with the output of `agent-identity-kit --help`']);
    write(root, 'README.md', README.replace(/```text\n\$ agent-identity-kit --help[^`]*```/, ''));
    expect(findings(root, kit)).toEqual(['cli-help-sync README.md the `## CLI` section has no block starting with `$ agent-identity-kit --help`']);
    rmSync(join(root, 'README.md'));
    expect(existsSync(join(root, 'README.md'))).toBe(false);
    expect(findings(root, kit).filter((line) => line.startsWith('cli-help-sync'))).toEqual([
      'cli-help-sync README.md missing: the README must show `agent-identity-kit --help` under `## CLI`',
    ]);
  });
});
