import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Workspace } from '../check/workspace.js';

/** A script that runs a bundler which inlines the imports it does not declare external: tsup (all but `dependencies` and `peerDependencies`), ncc, rollup, webpack, `vite build`, `bun build`. */
const BUNDLER_COMMAND = /(?:^|[\s;&|(])(?:tsup|ncc|rollup|webpack|vite\s+build|bun\s+build)(?=\s|$)/;
/** esbuild on the command line bundles only with `--bundle`, and leaves packages out with `--packages=external`. */
const ESBUILD_BUNDLE = /(?:^|[\s;&|(])esbuild\s[^;&|]*--bundle\b/;
const ESBUILD_EXTERNAL = /--packages[= ]external\b/;
/** A bundler's config file beside the package.json. */
const BUNDLER_CONFIG = /^(?:tsup|rollup|webpack)[.]config[.][cm]?[jt]s$/;
/** A script file a script runs (`node build.mjs`, `tsx scripts/esbuild.ts`), and the name of esbuild's own config file. */
const FILE_RUN = /(?:^|[\s;&|(])(?:node|tsx|bun|ts-node)\s+(?:-\S+\s+)*([^\s;&|()-][^\s;&|()]*[.][cm]?[jt]s)(?=[\s;&|)]|$)/g;
const ESBUILD_CONFIG = /^esbuild[.]config[.][cm]?[jt]s$/;
/** In such a file: esbuild, imported or required, with `bundle: true`, and not `packages: 'external'`. */
const USES_ESBUILD = /(?:from\s+|require\(\s*|import\(\s*)['"]esbuild['"]/;
const BUNDLE_OPTION = /\bbundle\s*:\s*true\b/;
const EXTERNAL_PACKAGES_OPTION = /\bpackages\s*:\s*['"]external['"]/;

/**
 * The packages whose build bundles their code together with what it imports, so a dev dependency
 * they import is inlined into what they ship rather than installed by their users: package folder
 * (relative to the root) → the signal read. The signals, all from the package's own folder:
 * - a `scripts` entry of its package.json runs tsup, ncc, rollup, webpack, `vite build`,
 *   `bun build`, or `esbuild … --bundle` without `--packages=external`;
 * - a `tsup.config.*`, `rollup.config.*` or `webpack.config.*` sits beside its package.json;
 * - a script runs a build file (`node build.mjs`), or an `esbuild.config.*` sits beside the
 *   package.json, that imports esbuild and sets `bundle: true` without `packages: 'external'`.
 */
export function bundledPackages(root: string, workspace: Workspace): Map<string, string> {
  const bundled = new Map<string, string>();
  for (const pkg of workspace.packages) {
    const dir = join(root, pkg.dir);
    const signal = fromScripts(dir, pkg.manifest['scripts']) ?? fromConfigFiles(dir);
    if (signal !== undefined) bundled.set(pkg.dir, signal);
  }
  return bundled;
}

function fromScripts(dir: string, scripts: unknown): string | undefined {
  if (scripts === null || typeof scripts !== 'object') return undefined;
  for (const [name, command] of Object.entries(scripts as Record<string, unknown>)) {
    if (typeof command !== 'string') continue;
    const bundler = BUNDLER_COMMAND.exec(command)?.[0]?.trim().replace(/^[;&|(]/, '');
    if (bundler !== undefined) return `${bundler} in scripts.${name}`;
    if (ESBUILD_BUNDLE.test(command) && !ESBUILD_EXTERNAL.test(command)) return `esbuild --bundle in scripts.${name}`;
    const file = [...command.matchAll(FILE_RUN)].map((match) => match[1] ?? '').find((candidate) => bundlesPackages(join(dir, candidate)));
    if (file !== undefined) return `${file} (esbuild, bundle: true) run by scripts.${name}`;
  }
  return undefined;
}

function fromConfigFiles(dir: string): string | undefined {
  const files = existsSync(dir) ? readdirSync(dir).sort() : [];
  const config = files.find((file) => BUNDLER_CONFIG.test(file));
  if (config !== undefined) return config;
  const esbuild = files.find((file) => ESBUILD_CONFIG.test(file) && bundlesPackages(join(dir, file)));
  return esbuild === undefined ? undefined : `${esbuild} (esbuild, bundle: true)`;
}

/** Whether a build file calls esbuild to bundle the packages it imports. */
function bundlesPackages(file: string): boolean {
  if (!(statSync(file, { throwIfNoEntry: false })?.isFile() ?? false)) return false;
  const text = readFileSync(file, 'utf8');
  return USES_ESBUILD.test(text) && BUNDLE_OPTION.test(text) && !EXTERNAL_PACKAGES_OPTION.test(text);
}
