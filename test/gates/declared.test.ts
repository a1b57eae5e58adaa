/**
 * The graph gate on what a repository declares (`test/fixtures/gates/declared`, nothing
 * installed): the imports its packages' `package.json` allow resolve to their sources, and only
 * the planted problems are findings.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { workspaceAliases } from '../../tools/check/workspace-aliases.js';
import { readWorkspace } from '../../tools/check/workspace.js';
import { runDocs } from '../../tools/docs/run-docs.js';
import { runGraph } from '../../tools/graph/run-graph.js';
import { fixtureRepo, removeFixtureRepos, write } from './_fixture-repo.js';

afterAll(removeFixtureRepos);

const declared = (): string => fixtureRepo({ name: 'declared' });
const unresolvable = async (root: string): Promise<string[]> =>
  (await runGraph({ root })).findings.filter((finding) => finding.rule === 'not-to-unresolvable').map((finding) => finding.message);
const found = (report: { findings: readonly { rule: string; file: string; message: string }[] }): string[] => report.findings.map((finding) => `${finding.rule} ${finding.file} ${finding.message}`);

describe('package.json resolution', () => {
  it('resolves wildcard exports with conditions, imports and main to sources; a subpath with no source is the one finding', async () => {
    const report = await runGraph({ root: declared() });
    expect(found(report)).toEqual([
      'no-orphans packages/app/src/leftover.ts orphan module: nothing imports it and it imports nothing',
      'not-to-unresolvable packages/app/src/main.ts imports @declared/core/api/close',
    ]);
    // The ui package's icons are build output of a wildcard export, and no source folder is there for them.
    expect(report.notes).toContain('1 imports of build or code-generation output that is not there (not built yet): not checked');
  });

  it('resolves a package that declares no entry point by its name (src/index.ts)', () => {
    const root = declared();
    write(root, 'packages/bare/package.json', JSON.stringify({ name: '@declared/bare' }));
    write(root, 'packages/bare/src/index.ts', 'export const bare = true;\n');
    expect(workspaceAliases(root, readWorkspace(root)).find((alias) => alias.name === '@declared/bare' && alias.onlyModule === true)?.alias).toBe(join(root, 'packages/bare/src/index.ts'));
  });

  it('resolves the same subpaths in fences, to the same sources', () => {
    const report = runDocs({ root: declared() });
    expect(report.findings).toEqual([]);
    expect(report.notes.join('\n')).not.toContain('not resolved');
  });
});

describe('Node built-ins', () => {
  const withEngines = (root: string, node: string | undefined): void => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    write(root, 'package.json', JSON.stringify({ ...manifest, engines: node === undefined ? undefined : { node } }));
  };

  it('are those of the Node releases engines.node declares, not of the Node running the gate', async () => {
    // >=22.5 (the fixture's): node:sqlite (22.5.0) and node:sea (21.7.0, 20.12.0) are built-ins, whatever Node runs this test.
    expect(await unresolvable(declared())).toEqual(['imports @declared/core/api/close']);
    // ^20: node:sea was backported to 20.12.0, node:sqlite never reached 20.
    const twenty = declared();
    withEngines(twenty, '^20.0.0');
    expect(await unresolvable(twenty)).toEqual(['imports @declared/core/api/close', 'imports node:sqlite']);
    // ^18: neither.
    withEngines(twenty, '^18.0.0');
    expect(await unresolvable(twenty)).toEqual(['imports @declared/core/api/close', 'imports node:sea', 'imports node:sqlite']);
  });

  it('include the module of a host the repository declares in engines (VS Code gives an extension `vscode`), whatever tsconfig paths map it to', async () => {
    const root = declared();
    write(root, 'package.json', JSON.stringify({ name: 'ext', private: true, engines: { vscode: '^1.90.0' } }));
    write(root, 'tsconfig.json', JSON.stringify({ compilerOptions: { module: 'nodenext', paths: { vscode: ['./test/vscodeShim.ts'] } } }));
    write(root, 'test/vscodeShim.ts', 'export const window = { show(): void {} };\n');
    write(root, 'extension.ts', "import * as vscode from 'vscode';\nexport const activate = (): void => vscode.window.show();\n");
    const shim = (report: Awaited<ReturnType<typeof runGraph>>): string[] => found(report).filter((line) => line.includes('vscodeShim'));
    expect(shim(await runGraph({ root }))).toEqual([]);
    // Without the engine, the import is the shim's, a production file importing test code.
    write(root, 'package.json', JSON.stringify({ name: 'ext', private: true }));
    expect(shim(await runGraph({ root }))).toEqual(['not-to-test extension.ts imports test/vscodeShim.ts']);
  });

  it('are the newest Node release’s without a readable engines.node', async () => {
    const root = declared();
    withEngines(root, undefined);
    expect(await unresolvable(root)).toEqual(['imports @declared/core/api/close']);
    withEngines(root, 'the latest one');
    expect(await unresolvable(root)).toEqual(['imports @declared/core/api/close']);
  });
});

describe('code the tsconfig excludes', () => {
  it('an unresolvable import from a file the tsconfig excludes is counted, not reported, unless a tsconfig of its own takes the file in', async () => {
    const root = declared();
    write(root, 'tsconfig.json', JSON.stringify({ compilerOptions: { module: 'nodenext' }, exclude: ['copies/**/*', 'projects/p1'] }));
    write(root, 'copies/upstream.ts', "import { gone } from '../../elsewhere/gone.js';\nexport const copied = gone;\n");
    write(root, 'projects/p1/tsconfig.json', JSON.stringify({ compilerOptions: { module: 'nodenext' } }));
    write(root, 'projects/p1/index.ts', "import { gone } from './gone.js';\nexport const project = gone;\n");
    const broken = (report: Awaited<ReturnType<typeof runGraph>>): string[] => found(report).filter((line) => line.includes('gone'));
    const report = await runGraph({ root });
    expect(broken(report)).toEqual(['not-to-unresolvable projects/p1/index.ts imports ./gone.js']);
    expect(report.notes).toContain('1 imports from files the tsconfig excludes (not compiled with the project): not resolved');
    write(root, 'tsconfig.json', JSON.stringify({ compilerOptions: { module: 'nodenext' } }));
    expect(broken(await runGraph({ root }))).toEqual(['not-to-unresolvable copies/upstream.ts imports ../../elsewhere/gone.js', 'not-to-unresolvable projects/p1/index.ts imports ./gone.js']);
  });
});

describe('generated and ignored code', () => {
  it('an import of a file git ignores is counted, not reported; without the .gitignore it is a finding', async () => {
    const root = declared();
    const report = await runGraph({ root });
    expect(report.notes).toContain('2 imports of files git ignores that are not there (generated or written by a build): not checked');
    rmSync(join(root, 'packages/app/.gitignore'));
    expect(await unresolvable(root)).toEqual(['imports ./proto/session_pb.js', 'imports @declared/core/api/close']);
  });

  it('leaves out what git ignores and the build output the package entry points name', async () => {
    const root = declared();
    // Generated locally (git ignores it): an orphan and a broken import, neither the repository's.
    write(root, 'packages/app/src/proto/stale_pb.ts', "import { gone } from './gone.js';\nexport const stale = gone;\n");
    const report = await runGraph({ root });
    expect(report.findings.map((finding) => finding.file)).toEqual(['packages/app/src/leftover.ts', 'packages/app/src/main.ts']);
    // lib/ is not output when nothing says so: a package without a main in lib/ keeps it as source.
    const manifest = JSON.parse(readFileSync(join(root, 'packages/core/package.json'), 'utf8')) as { exports: Record<string, unknown> };
    write(root, 'packages/core/package.json', JSON.stringify({ ...manifest, main: undefined, types: undefined, exports: { ...manifest.exports, '.': './src/index.ts', './api/*': './src/api/*.ts' } }));
    expect(found(await runGraph({ root }))).toEqual([
      'no-orphans packages/app/src/leftover.ts orphan module: nothing imports it and it imports nothing',
      'not-to-unresolvable packages/app/src/main.ts imports @declared/core/api/close',
      'not-to-unresolvable packages/core/lib/index.js imports ./api/client.js',
      'no-orphans packages/core/lib/legacy.js orphan module: nothing imports it and it imports nothing',
    ]);
  });
});

describe('dev dependencies', () => {
  it('are findings only in code that ships: not in test helpers or stress tests, not in a package its build bundles', async () => {
    const root = fixtureRepo({ name: 'declared', linkNodeModules: true });
    const report = await runGraph({ root });
    expect(found(report).filter((line) => line.startsWith('not-to-dev-dep'))).toEqual(['not-to-dev-dep packages/core/src/debug.ts imports vitest (npm-dev)']);
    expect(report.notes).toContain('2 dev-dependency imports in code that does not ship as written, not findings: 1 in modules only tests use, 1 in packages their build bundles (packages/tool: tsup in scripts.build)');
    // Without the bundling script, commander is a dev dependency the CLI needs at run time.
    const manifest = JSON.parse(readFileSync(join(root, 'packages/tool/package.json'), 'utf8')) as Record<string, unknown>;
    write(root, 'packages/tool/package.json', JSON.stringify({ ...manifest, scripts: { build: 'tsc' } }));
    rmSync(join(root, 'packages/tool/tsup.config.ts'));
    expect(found(await runGraph({ root })).filter((line) => line.startsWith('not-to-dev-dep'))).toEqual([
      'not-to-dev-dep packages/core/src/debug.ts imports vitest (npm-dev)',
      'not-to-dev-dep packages/tool/src/cli.ts imports commander (npm-dev)',
    ]);
  });
});

describe('files loaded by configuration', () => {
  it('are not orphans: vitest setupFiles, tsup entries, files package.json scripts run', async () => {
    const root = declared();
    const report = await runGraph({ root });
    expect(found(report).filter((line) => line.startsWith('no-orphans'))).toEqual(['no-orphans packages/app/src/leftover.ts orphan module: nothing imports it and it imports nothing']);
    expect(report.notes).toContain('4 modules that only configuration loads (package.json scripts, tool config files name them): not orphans');
    // Without the configuration that names them, they are orphans.
    for (const file of ['packages/core/vitest.config.ts', 'packages/tool/tsup.config.ts']) rmSync(join(root, file));
    const manifest = JSON.parse(readFileSync(join(root, 'packages/app/package.json'), 'utf8')) as Record<string, unknown>;
    write(root, 'packages/app/package.json', JSON.stringify({ ...manifest, scripts: {} }));
    expect((await runGraph({ root })).findings.filter((finding) => finding.rule === 'no-orphans').map((finding) => finding.file)).toEqual([
      'packages/app/src/leftover.ts',
      'packages/app/src/register.ts',
      'packages/app/src/seed.ts',
      'packages/core/src/setup/matchers.ts',
      'packages/tool/src/worker.ts',
    ]);
  });
  it('are not orphans when a shell script a package script runs names them (from the package or from its own folder); a file it does not name stays an orphan', async () => {
    const root = declared();
    const manifest = JSON.parse(readFileSync(join(root, 'packages/app/package.json'), 'utf8')) as Record<string, unknown>;
    write(root, 'packages/app/package.json', JSON.stringify({ ...manifest, scripts: { ...(manifest['scripts'] as Record<string, string>), conformance: 'bash conformance/run.sh client' } }));
    write(root, 'packages/app/conformance/run.sh', '#!/usr/bin/env bash\ncd "$(dirname "$0")/.."\nDRIVER="conformance/driver.mjs"\nnode "$DRIVER" && node ./suite.mjs "$@"\n');
    write(root, 'packages/app/conformance/driver.mjs', 'export const driver = 1;\n');
    write(root, 'packages/app/conformance/suite.mjs', 'export const suite = 1;\n');
    write(root, 'packages/app/conformance/unused.mjs', 'export const unused = 1;\n');
    const orphans = (await runGraph({ root })).findings.filter((finding) => finding.rule === 'no-orphans').map((finding) => finding.file);
    expect(orphans).toEqual(['packages/app/conformance/unused.mjs', 'packages/app/src/leftover.ts']);
  });
});

describe('code that is not a package’s own', () => {
  const orphans = async (root: string): Promise<string[]> => (await runGraph({ root })).findings.filter((finding) => finding.rule === 'no-orphans').map((finding) => finding.file);

  it('a module outside every package, under a root that only holds the packages, is not an orphan; under a root package with code of its own it is', async () => {
    const root = declared();
    write(root, 'sandbox/sample.ts', 'export const opened = "by hand";\n');
    const report = await runGraph({ root });
    expect(await orphans(root)).toEqual(['packages/app/src/leftover.ts']);
    expect(report.notes).toContain("1 modules outside every package (the root holds the packages and declares no entry point of its own): no package's code, not orphans");
    // A root that declares an entry point is a package: its files are its code.
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    write(root, 'package.json', JSON.stringify({ ...manifest, main: './index.js' }));
    expect(await orphans(root)).toEqual(['packages/app/src/leftover.ts', 'sandbox/sample.ts']);
  });

  it('a cycle among files whose header says DO NOT EDIT (copied or generated), and such an orphan, are not findings; one hand-written file on the cycle makes it one', async () => {
    const root = declared();
    const copied = '//!!! DO NOT modify, this file was COPIED from another project\n';
    write(root, 'packages/core/src/copied/a.ts', `${copied}import { b } from './b.js';\nexport const a = (): number => b() + 1;\n`);
    write(root, 'packages/core/src/copied/b.ts', `${copied}import { a } from './a.js';\nexport const b = (): number => a() - 1;\n`);
    write(root, 'packages/core/src/proto/unused_pb.ts', '// @generated by a protocol compiler\nexport const unused = 1;\n');
    const cycles = (report: Awaited<ReturnType<typeof runGraph>>): string[] => found(report).filter((line) => line.startsWith('no-circular'));
    const report = await runGraph({ root });
    expect(cycles(report)).toEqual([]);
    expect(await orphans(root)).toEqual(['packages/app/src/leftover.ts']);
    expect(report.notes).toContain('3 files marked generated or copied ("DO NOT EDIT", "@generated" in their header) are orphans or on cycles among themselves: the generator\'s or upstream project\'s shape, not findings');
    // The notice must be in the header: the same words further down are not one.
    write(root, 'packages/core/src/copied/b.ts', `import { a } from './a.js';\nexport const b = (): number => a() - 1;\n${copied}`);
    expect(cycles(await runGraph({ root }))).toEqual(['no-circular packages/core/src/copied/a.ts import cycle: packages/core/src/copied/a.ts → packages/core/src/copied/b.ts → packages/core/src/copied/a.ts']);
  });

  it('a module an MDX page imports (relative, or from the site root) is not an orphan; an import inside a code fence of the page does not count', async () => {
    const root = declared();
        write(root, 'packages/site/package.json', JSON.stringify({ name: '@declared/site', private: true }));
    write(root, 'packages/site/snippets/Banner.jsx', 'export const Banner = () => null;\n');
    write(root, 'packages/site/guide/Steps.jsx', 'export const Steps = () => null;\n');
    write(root, 'packages/site/guide/Fenced.jsx', 'export const Fenced = () => null;\n');
    write(root, 'packages/site/guide/start.mdx', "import { Banner } from '/snippets/Banner.jsx'\nimport { Steps } from \"./Steps\";\n\n# Start\n\n```js\nimport { Fenced } from './Fenced.jsx'\n```\n\n<Banner />\n");
    const report = await runGraph({ root });
    expect(await orphans(root)).toEqual(['packages/app/src/leftover.ts', 'packages/site/guide/Fenced.jsx']);
    expect(report.notes).toContain("2 modules that only MDX pages import (a documentation site's components): not orphans");
  });
});

describe('links of a published README', () => {
  const links = (root: string): string[] => runDocs({ root }).findings.filter((finding) => finding.rule === 'dead-link').map((finding) => `${finding.file} ${finding.message}`);
  const extension = (root: string, manifest: Record<string, unknown>): void => {
    write(root, 'packages/ext/package.json', JSON.stringify({ name: 'ext', ...manifest }));
    write(root, 'docs/images/demo.gif', 'GIF89a');
    write(root, 'packages/ext/README.md', '# Extension\n\n![demo](docs/images/demo.gif)\n\n[gone](docs/gone.md)\n');
  };

  it('of a VS Code extension resolve from the repository root, where vsce points them; a link that resolves nowhere is still dead', () => {
    const root = declared();
    extension(root, { engines: { vscode: '^1.90.0' }, repository: { type: 'git', url: 'https://github.com/acme/declared' } });
    expect(links(root)).toEqual(['packages/ext/README.md relative link docs/gone.md does not resolve']);
    expect(runDocs({ root }).notes).toContain('1 relative links of VS Code extension READMEs resolve only from the repository root, where vsce points them on the Marketplace: not dead');
  });

  it('of any other package resolve from the README’s folder, as GitHub shows them', () => {
    const root = declared();
    extension(root, { repository: { type: 'git', url: 'https://github.com/acme/declared' } });
    expect(links(root)).toEqual(['packages/ext/README.md relative link docs/images/demo.gif does not resolve', 'packages/ext/README.md relative link docs/gone.md does not resolve']);
  });
});

describe('backticked paths of another repository', () => {
  it('are not checked when an external link beside them points to that path; a link to another path leaves them checked', () => {
    const root = declared();
    write(root, 'NOTES.md', [
      'Copy the settings into the `packages/vs/product.ts` file [upstream](https://github.com/other/project/blob/0123abc/packages/vs/product.ts#L72).',
      '',
      'Then edit `packages/vs/config.ts` as [shown here](https://github.com/other/project/blob/0123abc/packages/vs/product.ts).',
      '',
    ].join('\n'));
    const paths = runDocs({ root }).findings.filter((finding) => finding.rule === 'dead-path').map((finding) => finding.message);
    expect(paths).toEqual(['`packages/vs/config.ts` names a path that does not exist']);
  });
});
