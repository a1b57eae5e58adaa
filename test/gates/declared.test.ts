/**
 * The graph gate on what a repository declares (`test/fixtures/gates/declared`, nothing
 * installed): the imports its packages' `package.json` allow resolve to their sources, and only
 * the planted problems are findings.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../tools/docs/run-docs.js';
import { runGraph } from '../../tools/graph/run-graph.js';
import { fixtureRepo, removeFixtureRepos } from './_fixture-repo.js';

afterAll(removeFixtureRepos);

const declared = (): string => fixtureRepo({ name: 'declared' });
const found = (report: { findings: readonly { rule: string; file: string; message: string }[] }): string[] => report.findings.map((finding) => `${finding.rule} ${finding.file} ${finding.message}`);

describe('package.json resolution', () => {
  it('resolves wildcard exports with conditions, imports and main to sources; a subpath with no source is the one finding', async () => {
    const report = await runGraph({ root: declared() });
    expect(found(report)).toEqual(['not-to-unresolvable packages/app/src/main.ts imports @declared/core/api/close']);
    // The ui package's icons are build output of a wildcard export, and no source folder is there for them.
    expect(report.notes).toContain('1 imports of build or code-generation output that is not there (not built yet): not checked');
  });

  it('resolves the same subpaths in fences, to the same sources', () => {
    const report = runDocs({ root: declared() });
    expect(report.findings).toEqual([]);
    expect(report.notes.join('\n')).not.toContain('not resolved');
  });
});
