import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readWorkspace } from '../../tools/check/workspace.js';
import { bundledPackages } from '../../tools/graph/bundled-packages.js';
import { write } from './_fixture-repo.js';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A repository with one package per entry: its scripts, and the files beside its package.json. */
function repository(packages: Record<string, { scripts?: Record<string, string>; files?: Record<string, string> }>): string {
  const root = mkdtempSync(join(tmpdir(), 'aik-bundled-'));
  roots.push(root);
  for (const [dir, { scripts, files }] of Object.entries(packages)) {
    write(root, `${dir}/package.json`, JSON.stringify({ name: dir, ...(scripts === undefined ? {} : { scripts }) }));
    for (const [file, text] of Object.entries(files ?? {})) write(root, `${dir}/${file}`, text);
  }
  return root;
}

describe('bundledPackages', () => {
  it('reads the bundler from scripts and from config files, and esbuild only when it bundles packages', () => {
    const root = repository({
      tsup: { scripts: { build: 'tsup src/index.ts' } },
      cli: { scripts: { build: 'esbuild src/cli.ts --bundle --platform=node --outfile=dist/cli.js' } },
      external: { scripts: { build: 'esbuild src/cli.ts --bundle --packages=external --outfile=dist/cli.js' } },
      transpile: { scripts: { build: 'esbuild src/*.ts --outdir=dist' } },
      api: { scripts: { build: 'tsc -p tsconfig.build.json && node --no-warnings build.mjs' }, files: { 'build.mjs': "import * as esbuild from 'esbuild';\nawait esbuild.build({ entryPoints: ['src/cli.ts'], bundle: true });\n" } },
      apiexternal: { scripts: { bundle: 'node esbuild.mjs' }, files: { 'esbuild.mjs': "import { build } from 'esbuild';\nawait build({ bundle: true, packages: 'external' });\n" } },
      notesbuild: { scripts: { build: 'node scripts/build.mjs' }, files: { 'scripts/build.mjs': "import { rolldown } from 'other-bundler';\nawait rolldown({ bundle: true });\n" } },
      rollup: { files: { 'rollup.config.mjs': 'export default {};\n' } },
      esconfig: { files: { 'esbuild.config.js': "const { build } = require('esbuild');\nbuild({ bundle: true });\n" } },
      plain: { scripts: { build: 'tsc -p .', test: 'vitest run' } },
    });
    expect(Object.fromEntries(bundledPackages(root, readWorkspace(root)))).toEqual({
      api: 'build.mjs (esbuild, bundle: true) run by scripts.build',
      cli: 'esbuild --bundle in scripts.build',
      esconfig: 'esbuild.config.js (esbuild, bundle: true)',
      rollup: 'rollup.config.mjs',
      tsup: 'tsup in scripts.build',
    });
  });
});
