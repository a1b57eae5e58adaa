import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Workspace } from './workspace.js';

const { entryPointTargets, sourceCandidates } = createRequire(import.meta.url)('../graph/entry-points.cjs') as {
  entryPointTargets: (manifest: Readonly<Record<string, unknown>>) => string[];
  sourceCandidates: (target: string) => string[];
};

/** One enhanced-resolve alias: `name` (exactly, with `onlyModule`) stands for the absolute path `alias`. */
export interface ResolveAlias {
  readonly name: string;
  readonly alias: string;
  readonly onlyModule?: boolean;
}

/**
 * Aliases that resolve imports of the repository's own packages (`@acme/core`,
 * `@acme/core/client`) to their source files, whether or not `node_modules` links them: each
 * `exports` subpath (and `main`/`module`/`types` for the package name itself) goes to the first
 * source that exists for its target (`./dist/client.js` → `src/client.ts`), else for its name
 * (`./client` → `src/client.ts` or `src/client/index.ts`); any other subpath goes into the
 * package folder. Exact aliases come first, so they win.
 */
export function workspaceAliases(root: string, workspace: Workspace): ResolveAlias[] {
  const exact: ResolveAlias[] = [];
  const prefixes: ResolveAlias[] = [];
  for (const pkg of workspace.packages) {
    if (pkg.name === undefined) continue;
    const dir = join(root, pkg.dir);
    for (const [subpath, targets] of subpathTargets(pkg.manifest)) {
      // When no target leads to a source (a bundler's own file names), the subpath's name may: `./mcp-apps` → `src/mcp-apps/index.ts`.
      const named = subpath === '.' ? './dist/index.js' : `./dist/${subpath.slice(2)}.js`;
      const source = [...targets, named].map((target) => firstSource(dir, target)).find((found) => found !== undefined);
      if (source !== undefined) exact.push({ name: subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`, alias: source, onlyModule: true });
    }
    prefixes.push({ name: pkg.name, alias: dir });
  }
  return [...exact, ...prefixes];
}

/** The targets of each subpath a package exposes (`'.'`, `'./client'`), wildcards left out. */
function subpathTargets(manifest: Readonly<Record<string, unknown>>): Map<string, string[]> {
  const bySubpath = new Map<string, string[]>();
  const add = (subpath: string, targets: readonly string[]): void => {
    bySubpath.set(subpath, [...(bySubpath.get(subpath) ?? []), ...targets]);
  };
  const exports = manifest['exports'];
  const keys = exports !== null && typeof exports === 'object' ? Object.keys(exports) : [];
  if (keys.length > 0 && keys.every((key) => key.startsWith('.'))) {
    for (const key of keys.filter((candidate) => !candidate.includes('*'))) add(key, entryPointTargets({ exports: (exports as Record<string, unknown>)[key] }));
  } else if (exports !== undefined) {
    add('.', entryPointTargets({ exports }));
  }
  add('.', entryPointTargets({ main: manifest['main'], module: manifest['module'], types: manifest['types'] }));
  return bySubpath;
}

/** The first existing file among the places the target's source may be, sources before compiled output. */
function firstSource(dir: string, target: string): string | undefined {
  const [written = target, ...sources] = sourceCandidates(target);
  for (const candidate of [...sources, written]) {
    const path = join(dir, candidate);
    if (isFile(path)) return path;
  }
  return undefined;
}

/**
 * The imports of the repository's own packages (`@acme/ui/styles.css`) whose every `exports`
 * target is build output that is not there yet (`./dist/index.css`): they resolve after a build.
 */
export function unbuiltExports(root: string, workspace: Workspace): Set<string> {
  const unbuilt = new Set<string>();
  for (const pkg of workspace.packages) {
    if (pkg.name === undefined) continue;
    for (const [subpath, targets] of subpathTargets(pkg.manifest)) {
      const outputs = targets.filter((target) => BUILD_OUTPUT.test(target.replace(/^[.]\//, '')));
      if (outputs.length === 0 || outputs.length < targets.length) continue;
      if (outputs.some((target) => existsSync(join(root, pkg.dir, target)))) continue;
      unbuilt.add(subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`);
    }
  }
  return unbuilt;
}

/** A path inside a build output folder. */
const BUILD_OUTPUT = /^(?:dist|build|out|lib|esm|cjs)\//;

/** Whether `path` is a file; false, not an error, when a folder on the way is a file (`package.json/index.ts`). */
function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
