import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lint, LintConfigError } from '../../tools/lint/index.js';
import { expectedFindings, findingKeys } from './expected-findings.js';

const fixture = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/lint/monorepo');
const LEGACY_INPUT = 'export interface Planted { agentId: string; sessionId: string }\n';

describe('identity lint project discovery (fixture mini-monorepo, two packages, project references)', () => {
  let root: string;

  beforeAll(() => {
    // Work on a copy: node_modules and dist cannot be committed (they are git-ignored), so the
    // copy gets them here, each with a finding that must never be reported.
    root = mkdtempSync(join(tmpdir(), 'aik-lint-monorepo-'));
    cpSync(fixture, root, { recursive: true });
    for (const planted of ['node_modules/dep/index.ts', 'packages/app/node_modules/dep/src/index.ts', 'dist/index.ts', 'packages/app/build-out/app-options.ts']) {
      mkdirSync(dirname(join(root, planted)), { recursive: true });
      writeFileSync(join(root, planted), LEGACY_INPUT);
    }
  });

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('walks folders: every .ts/.tsx/.mts/.cts source, skipping node_modules, build output (dist, outDirs) and .d.ts', async () => {
    const result = await lint({ cwd: root, config: { unconfirmed: 'warning' } });
    expect(findingKeys(result.findings)).toEqual(expectedFindings(root));
    expect(result.files).toBe(7);
    expect(result.projects).toEqual(['packages/app/tsconfig.json', 'packages/core/tsconfig.json', 'tsconfig.json']);
  });

  it('keeps going past a file with a syntax error and reports it as such', async () => {
    const result = await lint({ cwd: root, paths: ['packages/app/src/broken.ts'], config: { unconfirmed: 'warning' } });
    expect(result.findings.map((finding) => finding.ruleId)).toEqual(['two-id-parameters', 'syntax-error']);
    expect(result.findings[1]?.message).toMatch(/^Syntax error: Expression expected\./);
  });

  it('with --project follows the solution tsconfig to both referenced packages and lints only their files', async () => {
    const result = await lint({ cwd: root, project: 'tsconfig.json', config: { unconfirmed: 'warning' } });
    const walked = expectedFindings(root).filter((key) => !key.startsWith('packages/app/scripts/'));
    expect(findingKeys(result.findings)).toEqual(walked);
    expect(result.projects).toEqual(['packages/app/tsconfig.json', 'packages/core/tsconfig.json', 'tsconfig.json']);
  });

  it('resolves an interface extended from the other package (cross-file shapes)', async () => {
    const result = await lint({ cwd: root, paths: ['packages'], config: { unconfirmed: 'warning' } });
    expect(result.findings.find((finding) => finding.symbol === 'AppOptions')?.message).toContain("'agentId' (from 'StartOptions')");
  });

  it('lints .d.ts files only when asked', async () => {
    const result = await lint({ cwd: root, paths: ['packages/core'], config: { unconfirmed: 'warning' }, includeDeclarationFiles: true });
    expect(findingKeys(result.findings)).toEqual(['packages/core/src/ambient.d.ts:2:two-id-members']);
  });

  it('skips configured ignores', async () => {
    const result = await lint({ cwd: root, config: { ignores: [{ pattern: 'packages/app/**', reason: 'test' }] } });
    expect(result.files).toBe(1);
    expect(result.findings).toEqual([]);
  });

  it('names the path or the tsconfig in one line on a usage or configuration error', async () => {
    await expect(lint({ cwd: root, paths: ['missing'], config: { unconfirmed: 'warning' } })).rejects.toThrow(new LintConfigError('missing: no such file or folder'));
    await expect(lint({ cwd: root, project: 'nope.json', config: { unconfirmed: 'warning' } })).rejects.toThrow(/^nope\.json: tsconfig not found$/);
    writeFileSync(join(root, 'packages/core/tsconfig.broken.json'), '{ "compilerOptions": ');
    try {
      await expect(lint({ cwd: root, project: 'packages/core/tsconfig.broken.json', config: { unconfirmed: 'warning' } })).rejects.toThrow(/^packages\/core\/tsconfig\.broken\.json: cannot parse tsconfig: /);
    } finally {
      rmSync(join(root, 'packages/core/tsconfig.broken.json'));
    }
  });

  it('skips the folders every gate leaves out (fixtures, generated, vendored) when walking, and lints one named explicitly', async () => {
    writeFileSync(join(root, 'packages/core/fixtures.ts'), 'export const fine = 1;\n');
    mkdirSync(join(root, 'packages/core/fixtures'), { recursive: true });
    writeFileSync(join(root, 'packages/core/fixtures/copied.ts'), LEGACY_INPUT);
    try {
      const walked = await lint({ cwd: root, config: { unconfirmed: 'warning' } });
      expect(walked.findings.filter((finding) => finding.file.includes('fixtures/'))).toEqual([]);
      const named = await lint({ cwd: root, paths: ['packages/core/fixtures'], config: { unconfirmed: 'warning' } });
      expect(named.findings.map((finding) => finding.file)).toContain('packages/core/fixtures/copied.ts');
    } finally {
      rmSync(join(root, 'packages/core/fixtures'), { recursive: true });
      rmSync(join(root, 'packages/core/fixtures.ts'));
    }
  });

  it('walks past a malformed tsconfig it finds (the graph and docs gates report it): the same findings as without it', async () => {
    const without = await lint({ cwd: root, config: { unconfirmed: 'warning' } });
    writeFileSync(join(root, 'packages/core/tsconfig.broken.json'), '{ "compilerOptions": ');
    try {
      const withBroken = await lint({ cwd: root, config: { unconfirmed: 'warning' } });
      expect(findingKeys(withBroken.findings)).toEqual(findingKeys(without.findings));
      expect(without.findings.length).toBeGreaterThan(0);
    } finally {
      rmSync(join(root, 'packages/core/tsconfig.broken.json'));
    }
  });
});
