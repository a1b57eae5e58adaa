import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../tools/check/config-error.js';
import { readWorkspace } from '../../tools/check/workspace.js';
import { loadGraphConfig } from '../../tools/graph/load-graph-config.js';
import { runGraph } from '../../tools/graph/run-graph.js';
import { fixtureRepo, removeFixtureRepos, write } from './_fixture-repo.js';

afterAll(removeFixtureRepos);

const rules = (report: { findings: readonly { rule: string; file: string }[] }): string[] => report.findings.map((finding) => `${finding.rule} ${finding.file}`);

describe('graph gate on a repository without its own config (the kit preset)', () => {
  it('passes the clean fixture, including its committed docs/module-graph.md', async () => {
    const report = await runGraph({ root: fixtureRepo(), moduleGraph: 'check' });
    expect(report.findings).toEqual([]);
    expect(report.config).toBe('(kit preset)');
    expect(report.modules).toBeGreaterThanOrEqual(5);
  });

  it('fails on an injected import cycle, naming the file and the cycle', async () => {
    const root = fixtureRepo();
    write(root, 'src/util/describe-id.ts', "import { openSession } from '../session.js';\nexport function describeId(id: string): string {\n  return typeof openSession === 'function' ? id : '';\n}\n");
    const report = await runGraph({ root });
    expect(rules(report)).toEqual(['no-circular src/session.ts']);
    expect(report.findings[0]?.message).toBe('import cycle: src/session.ts → src/util/describe-id.ts → src/session.ts');
  });

  it('lets a cycle closed only by a type-only import pass (it is erased at compile time)', async () => {
    const root = fixtureRepo();
    write(root, 'src/util/describe-id.ts', "import type { Session } from '../session.js';\nexport function describeId(id: string, _of?: Session): string {\n  return id;\n}\n");
    expect((await runGraph({ root })).findings).toEqual([]);
  });

  it('fails when production code imports a test module', async () => {
    const root = fixtureRepo();
    write(root, 'src/session.ts', `import { FIXED_ID } from '../test/helpers.js';\n${readFileSync(join(root, 'src/session.ts'), 'utf8')}\nexport const DEFAULT_ID = FIXED_ID;\n`);
    const report = await runGraph({ root });
    expect(report.findings).toEqual([{ rule: 'not-to-test', file: 'src/session.ts', message: 'imports test/helpers.ts' }]);
  });

  it('lets production code import a test module’s types (type-only: erased, no test code ships)', async () => {
    const root = fixtureRepo();
    write(root, 'src/session.ts', `import type { FIXED_ID } from '../test/helpers.js';\n${readFileSync(join(root, 'src/session.ts'), 'utf8')}\nexport type DefaultId = typeof FIXED_ID;\n`);
    expect((await runGraph({ root })).findings).toEqual([]);
  });

  it('fails when production code imports a dev dependency', async () => {
    const root = fixtureRepo({ linkNodeModules: true });
    write(root, 'src/util/assert.ts', "import { expect } from 'vitest';\nexport const check = expect;\n");
    write(root, 'src/index.ts', `${readFileSync(join(root, 'src/index.ts'), 'utf8')}export { check } from './util/assert.js';\n`);
    const report = await runGraph({ root });
    expect(report.findings).toEqual([{ rule: 'not-to-dev-dep', file: 'src/util/assert.ts', message: 'imports vitest (npm-dev)' }]);
    // Declared as a peer dependency too, it is the user's to install: no finding.
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    write(root, 'package.json', JSON.stringify({ ...manifest, peerDependencies: { vitest: '>=4' } }));
    expect((await runGraph({ root })).findings).toEqual([]);
  });

  it('counts the package entry points (bin, exports, main) as roots, not orphans', async () => {
    const root = fixtureRepo();
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    write(root, 'package.json', JSON.stringify({ ...manifest, bin: { fx: './bin/fx.mjs' }, exports: { '.': './src/index.ts', './standalone': { import: './src/standalone.ts' } } }));
    write(root, 'bin/fx.mjs', "console.log('fx');\n");
    write(root, 'src/stray.mjs', "console.log('stray');\n");
    write(root, 'src/standalone.ts', 'export const standalone = true;\n');
    expect(rules(await runGraph({ root }))).toEqual(['no-orphans src/stray.mjs']);
    // A package.json that cannot be read is a finding, never the end of the gate: the rest is still cruised.
    write(root, 'examples/demo/package.json', 'Package configuration\n');
    expect(rules(await runGraph({ root }))).toEqual(['package-json-invalid examples/demo/package.json', 'no-orphans src/stray.mjs']);
    write(root, 'package.json', '{ "name": ');
    const broken = (await runGraph({ root })).findings.find((finding) => finding.file === 'package.json');
    expect(broken?.rule).toBe('package-json-invalid');
    expect(broken?.message).toMatch(/^package\.json is not valid JSON \(.+\): not read$/);
  });

  it('leaves test fixtures out (they are other code, broken on purpose)', async () => {
    const root = fixtureRepo();
    write(root, 'test/fixtures/cycle/a.ts', "import { b } from './b.js';\nexport const a = b;\n");
    write(root, 'test/fixtures/cycle/b.ts', "import { a } from './a.js';\nexport const b = a;\n");
    expect((await runGraph({ root })).findings).toEqual([]);
  });

  it('resolves `./x.js` to `x.ts` as TypeScript does, also with an `x.mjs` beside it', async () => {
    const root = fixtureRepo();
    write(root, 'src/util/boot.mjs', "await import('./describe-id.ts');\n");
    write(root, 'src/util/boot.ts', 'export interface BootData { readonly id: string }\n');
    write(root, 'src/index.ts', `${readFileSync(join(root, 'src/index.ts'), 'utf8')}export type { BootData } from './util/boot.js';\n`);
    expect((await runGraph({ root })).findings).toEqual([]);
  });

  it('counts JavaScript in a public/ folder (served by URL as it is) as a root, not TypeScript there', async () => {
    const root = fixtureRepo();
    write(root, 'web/public/sw.js', "self.addEventListener('install', () => self.skipWaiting());\n");
    write(root, 'web/public/vendor/analytics.mjs', 'export {};\n');
    write(root, 'web/public/helper.ts', 'export const helper = 1;\n');
    expect(rules(await runGraph({ root }))).toEqual(['no-orphans web/public/helper.ts']);
  });

  it('fails on an orphan module and on an import that does not resolve', async () => {
    const root = fixtureRepo();
    write(root, 'src/lonely.ts', 'export const lonely = 1;\n');
    write(root, 'src/index.ts', `${readFileSync(join(root, 'src/index.ts'), 'utf8')}export { gone } from './gone.js';\n`);
    expect(rules(await runGraph({ root }))).toEqual(['not-to-unresolvable src/index.ts', 'no-orphans src/lonely.ts']);
  });
});

describe('docs/module-graph.md', () => {
  it('is stale after a new folder joins the graph, and current again after --update', async () => {
    const root = fixtureRepo();
    write(root, 'src/labels/label.ts', "export const LABEL = 'fixture';\n");
    write(root, 'src/index.ts', `${readFileSync(join(root, 'src/index.ts'), 'utf8')}export { LABEL } from './labels/label.js';\n`);
    const stale = await runGraph({ root, moduleGraph: 'check' });
    expect(stale.findings).toEqual([
      { rule: 'module-graph-stale', file: 'docs/module-graph.md', message: 'stale: it no longer matches the module graph; run `agent-identity-kit graph --update`' },
    ]);
    await runGraph({ root, moduleGraph: 'update' });
    const written = readFileSync(join(root, 'docs/module-graph.md'), 'utf8');
    expect(written).toContain('f_src --> f_src_labels');
    expect((await runGraph({ root, moduleGraph: 'check' })).findings).toEqual([]);
    // Deterministic: a second render of the same tree is byte for byte the same.
    expect((await runGraph({ root })).moduleGraph).toBe(written);
  });

  it.each([
    ['`..`', (root: string, outside: string) => write(root, 'agent-identity-kit.config.json', JSON.stringify({ graph: { moduleGraph: { file: `../${basename(outside)}/module-graph.md` } } }))],
    ['a symbolic link', (root: string, outside: string) => (rmSync(join(root, 'docs'), { recursive: true }), symlinkSync(outside, join(root, 'docs'), 'dir'))],
  ])('--update writes nothing outside the root, named through %s: a configuration error', async (_, plant) => {
    const root = fixtureRepo();
    const outside = `${root}-escaped`;
    mkdirSync(outside);
    try {
      plant(root, outside);
      await expect(runGraph({ root, moduleGraph: 'update' })).rejects.toThrow(/^(?:\.\.\/aik-gates-\w+-escaped|docs)\/module-graph\.md: outside the repository root \(--root\), through `\.\.`, an absolute path or a symbolic link: the module graph is written only inside it$/);
      expect(readdirSync(outside)).toEqual([]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('is reported missing under check, and left alone by default', async () => {
    const root = fixtureRepo();
    write(root, 'docs/module-graph.md', '');
    expect((await runGraph({ root })).findings).toEqual([]);
    rmSync(join(root, 'docs/module-graph.md'));
    expect((await runGraph({ root, moduleGraph: 'check' })).findings.map((finding) => finding.message)).toEqual([
      'missing; run `agent-identity-kit graph --update`',
    ]);
  });

  it('draws folders grouped by top-level folder, with tests left out', async () => {
    const { moduleGraph } = await runGraph({ root: fixtureRepo() });
    expect(moduleGraph).toContain('```mermaid\nflowchart LR\n  subgraph g_src["src/"]\n    f_src["src"]\n    f_src_util["src/util"]\n  end\n  f_src --> f_src_util\n```');
    expect(moduleGraph).not.toMatch(/f_test|spec/);
  });
});

describe('graph gate with the repository’s own dependency-cruiser config', () => {
  it('applies its rules, extending the kit preset', async () => {
    const root = fixtureRepo();
    const preset = join(process.cwd(), 'tools/graph/preset.cjs');
    write(
      root,
      '.dependency-cruiser.cjs',
      `module.exports = { extends: ${JSON.stringify(preset)}, forbidden: [{ name: 'util-is-a-leaf', severity: 'error', comment: 'helpers import nothing of ours', from: { path: '^src/util/' }, to: { path: '^src/(?!util/)' } }] };\n`,
    );
    write(root, 'src/util/describe-id.ts', "import type { Session } from '../session.js';\nexport function describeId(id: string, _of?: Session): string {\n  return id;\n}\n");
    const report = await runGraph({ root });
    expect(report.config).toBe('.dependency-cruiser.cjs');
    expect(report.findings).toEqual([{ rule: 'util-is-a-leaf', file: 'src/util/describe-id.ts', message: 'imports src/session.ts' }]);
  });

  it('counts violations below error severity in a note, not as findings', async () => {
    const root = fixtureRepo();
    write(root, '.dependency-cruiser.json', JSON.stringify({ forbidden: [{ name: 'no-util', severity: 'warn', from: {}, to: { path: '^src/util/' } }] }));
    const report = await runGraph({ root });
    expect(report.findings).toEqual([]);
    expect(report.notes).toContain('1 violations below error severity (not failing)');
  });

  it.each([
    ['.dependency-cruiser.cjs', 'module.exports = { forbidden: [ ;\n', /^\.dependency-cruiser\.cjs: dependency-cruiser config does not load: /],
    ['.dependency-cruiser.json', '{ "forbidden": [{ "name": "x", "from": { "path": 3 }, "to": {} }] }', /^\.dependency-cruiser\.json: dependency-cruiser rejects the config: /],
  ])('a broken %s is a configuration error naming it', async (file, text, message) => {
    const root = fixtureRepo();
    write(root, file, text);
    const error = await runGraph({ root }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it.each([
    ['exits', 'process.exit(0);\n', 'it ended the process (exit code 0) before its options were read'],
    ['is killed', "process.kill(process.pid, 'SIGKILL');\n", 'it ended the process (SIGKILL) before its options were read'],
    ['throws later', "setTimeout(() => { throw new Error('late'); }, 0);\nmodule.exports = new Promise(() => {});\n", 'late'],
    ['never returns', 'for (;;);\n', 'still loading after 1 s (a loop or a wait that never ends)'],
  ])('a config that %s is a configuration error naming it, and this process goes on', async (_, text, problem) => {
    const root = fixtureRepo();
    write(root, '.dependency-cruiser.cjs', text);
    await expect(loadGraphConfig(root, readWorkspace(root), undefined, 1000)).rejects.toThrow(new ConfigError('.dependency-cruiser.cjs', `dependency-cruiser config does not load: ${problem}`));
  });

  it('what a config starts is ended with it', async () => {
    const root = fixtureRepo();
    const mark = join(root, 'still-running');
    // A detached-looking grandchild that would write the mark a moment after the load failed.
    write(root, '.dependency-cruiser.cjs', `require('node:child_process').spawn(process.execPath, ['-e', 'setTimeout(() => require("node:fs").writeFileSync(${JSON.stringify(JSON.stringify(mark))}, ""), 1500)'], { stdio: 'ignore' });\nfor (;;);\n`);
    await expect(loadGraphConfig(root, readWorkspace(root), undefined, 500)).rejects.toThrow(/still loading after 0\.5 s/);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(existsSync(mark)).toBe(false);
  });

  it('`check` on a repository whose config calls process.exit(0) exits 2 with one line, not 0 with nothing', () => {
    const root = fixtureRepo();
    write(root, 'src/util/describe-id.ts', "import { openSession } from '../session.js';\nexport const describeId = (id: string): string => (openSession ? id : '');\n");
    write(root, '.dependency-cruiser.cjs', 'process.exit(0);\n');
    const run = spawnSync(process.execPath, ['bin/agent-identity-kit.mjs', 'check', '--root', root], { encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr).toBe('agent-identity-kit: .dependency-cruiser.cjs: dependency-cruiser config does not load: it ended the process (exit code 0) before its options were read\n');
    expect(run.stdout).toMatch(/^graph +error /m);
    expect(run.status).toBe(2);
  }, 120_000);

  it('a missing --config file is a configuration error naming it', async () => {
    const root = fixtureRepo();
    await expect(runGraph({ root, config: join(root, 'nope.cjs') })).rejects.toThrow(new ConfigError('nope.cjs', 'dependency-cruiser config not found'));
  });

  it('a --project that does not parse is a configuration error naming it', async () => {
    const root = fixtureRepo();
    write(root, 'tsconfig.build.json', '{ "compilerOptions": { "strict": "very" } }');
    await expect(runGraph({ root, tsconfig: join(root, 'tsconfig.build.json') })).rejects.toThrow(/^tsconfig\.build\.json: TS5024: Compiler option 'strict' requires a value of type boolean\.$/);
  });

  it('a root tsconfig found broken is a finding naming it, and the graph is still cruised without it', async () => {
    const root = fixtureRepo();
    write(root, 'tsconfig.json', '{ "extends": "./tsconfig.base.json", "include": ["src", "test"] }');
    write(root, 'src/util/describe-id.ts', "import { openSession } from '../session.js';\nexport const describeId = (id: string): string => (openSession ? id : '');\n");
    const report = await runGraph({ root });
    expect(report.findings.map((finding) => `${finding.rule} ${finding.file} ${finding.rule === 'tsconfig-invalid' ? finding.message : ''}`.trimEnd())).toEqual([
      'no-circular src/session.ts',
      "tsconfig-invalid tsconfig.json TS5083: Cannot read file 'tsconfig.base.json'.",
    ]);
    expect(report.notes[0]).toContain('tsconfig (none)');
  });
});
