import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Workspace } from './workspace.js';

const { entryPointTargets, sourceCandidates, targetsOf } = createRequire(import.meta.url)('../graph/entry-points.cjs') as {
  entryPointTargets: (manifest: Readonly<Record<string, unknown>>) => string[];
  sourceCandidates: (target: string) => string[];
  targetsOf: (value: unknown) => string[];
};

/**
 * One enhanced-resolve alias: `name` (exactly, with `onlyModule`; with one `*`, a pattern whose
 * match fills the `*` of each target) stands for the absolute path `alias`, or the first of
 * several that resolves.
 */
export interface ResolveAlias {
  readonly name: string;
  readonly alias: string | string[];
  readonly onlyModule?: boolean;
}

/**
 * Aliases that resolve imports of the repository's own packages (`@acme/core`,
 * `@acme/core/client`, `@acme/core/api/session`) and of a package's private `imports`
 * (`#internal/clock`) to their source files, whether or not `node_modules` links them:
 * - each exact `exports` subpath (and `main`/`module`/`types` for the package name itself) goes
 *   to the first source that exists for one of its targets, conditions nested to any depth
 *   (`./dist/client.js` → `src/client.ts`), else for its name (`./client` → `src/client.ts` or
 *   `src/client/index.ts`);
 * - each wildcard subpath (`"./api/*": "./dist/api/*.js"`, `"./src/*": "./src/*"`) goes to the
 *   places its targets' sources may be (`src/api/*.ts`, …, `api/*.ts`, …, then the target), the longest
 *   pattern prefix first, as Node matches them; an excluded subpath (`null`) gets none;
 * - an `imports` key goes to its targets' sources the same way, when only one package declares
 *   it (a key two packages share is left to the resolver, which reads the importer's own
 *   package.json);
 * - any other subpath goes into the package folder.
 * Exact aliases come first, then patterns, then package folders, so the most precise one wins.
 */
export function workspaceAliases(root: string, workspace: Workspace): ResolveAlias[] {
  const exact: ResolveAlias[] = [];
  const patterns: ResolveAlias[] = [];
  const prefixes: ResolveAlias[] = [];
  const add = (dir: string, name: string, targets: readonly string[], named: readonly string[] = []): void => {
    if (name.includes('*')) {
      patterns.push({ name, alias: [...new Set(targets.flatMap(sourcesFirst))].map((pattern) => join(dir, pattern)) });
      return;
    }
    const source = [...targets, ...named].map((target) => firstSource(dir, target)).find((found) => found !== undefined);
    if (source !== undefined) exact.push({ name, alias: source, onlyModule: true });
  };
  for (const pkg of workspace.packages) {
    if (pkg.name === undefined) continue;
    const dir = join(root, pkg.dir);
    for (const [subpath, targets] of exportedSubpaths(pkg.manifest)) {
      // When no target leads to a source (a bundler's own file names), the subpath's name may: `./mcp-apps` → `src/mcp-apps/index.ts`.
      const named = subpath.includes('*') ? [] : [subpath === '.' ? './dist/index.js' : `./dist/${subpath.slice(2)}.js`];
      add(dir, specifierOf(pkg.name, subpath), targets, named);
    }
    prefixes.push({ name: pkg.name, alias: dir });
  }
  for (const [key, declarations] of privateImports(workspace)) {
    const only = declarations.length === 1 ? declarations[0] : undefined;
    if (only !== undefined) add(join(root, only.dir), key, only.targets);
  }
  patterns.sort((a, b) => patternPrefix(b.name).length - patternPrefix(a.name).length);
  return [...exact, ...patterns, ...prefixes];
}

/**
 * The aliases as TypeScript `paths` (absolute targets): an exact alias or a pattern as it is, a
 * package folder for every subpath under it (`@acme/core/*`). A caller's own `paths` should win.
 */
export function aliasPaths(aliases: readonly ResolveAlias[]): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  for (const { name, alias, onlyModule } of aliases) {
    const whole = onlyModule === true || name.includes('*');
    const targets = typeof alias === 'string' ? [alias] : alias;
    paths[whole ? name : `${name}/*`] ??= whole ? [...targets] : targets.map((target) => `${target}/*`);
  }
  return paths;
}

/** Whether `specifier` is one of the aliases' names: one of the repository's own packages (any subpath) or a private `imports` key. */
export function isAliased(aliases: readonly ResolveAlias[], specifier: string): boolean {
  return aliases.some(({ name, onlyModule }) => {
    const star = name.indexOf('*');
    if (star >= 0) return specifier.length >= name.length - 1 && specifier.startsWith(name.slice(0, star)) && specifier.endsWith(name.slice(star + 1));
    return specifier === name || (onlyModule !== true && specifier.startsWith(`${name}/`));
  });
}

/**
 * Whether an import that did not resolve names output of a build that has not run: an `exports`
 * subpath or `imports` key of the repository's own packages (`@acme/ui/styles.css`,
 * `@acme/ui/icons/close`) whose every target is build output (`./dist/index.css`,
 * `./dist/icons/*.svg`) that is not there, and — for a wildcard — whose sources are not there
 * either (no `src/icons/` folder): a missing source where the others are is a finding, not an
 * unbuilt file.
 */
export function notBuiltYet(root: string, workspace: Workspace): (specifier: string) => boolean {
  const exact = new Set<string>();
  const wildcards: { prefix: string; suffix: string }[] = [];
  const consider = (dir: string, specifier: string, targets: readonly string[]): void => {
    const outputs = targets.filter((target) => BUILD_OUTPUT.test(target.replace(/^[.]\//, '')));
    if (outputs.length === 0 || outputs.length < targets.length) return;
    const star = specifier.indexOf('*');
    if (star < 0) {
      if (!outputs.some((target) => existsSync(join(dir, target)))) exact.add(specifier);
      return;
    }
    if (targets.every((target) => wildcardSourceFolders(dir, target).length === 0)) wildcards.push({ prefix: specifier.slice(0, star), suffix: specifier.slice(star + 1) });
  };
  for (const pkg of workspace.packages) {
    if (pkg.name === undefined) continue;
    for (const [subpath, targets] of exportedSubpaths(pkg.manifest)) consider(join(root, pkg.dir), specifierOf(pkg.name, subpath), targets);
  }
  for (const [key, declarations] of privateImports(workspace)) for (const { dir, targets } of declarations) consider(join(root, dir), key, targets);
  return (specifier) =>
    exact.has(specifier) || wildcards.some(({ prefix, suffix }) => specifier.length > prefix.length + suffix.length && specifier.startsWith(prefix) && specifier.endsWith(suffix));
}

/**
 * The build output folders the packages' own `main`, `module`, `types`, `bin` and `exports`
 * name (`lib/` for `"main": "./lib/index.js"`), relative to the root, where the source each
 * target comes from is elsewhere (`src/index.ts`): compiled copies of the package's sources, not
 * sources. A folder whose targets have no other source (a package written in plain JavaScript
 * under `lib/`) is the package's source and stays.
 */
export function buildOutputFolders(root: string, workspace: Workspace): string[] {
  const folders = new Set<string>();
  for (const pkg of workspace.packages) {
    const dir = join(root, pkg.dir);
    const targets = [...entryPointTargets(pkg.manifest), ...[...exportedSubpaths(pkg.manifest).values()].flat()];
    for (const target of targets) {
      const output = BUILD_OUTPUT.exec(target.replace(/^[.]\//, ''))?.[1];
      if (output === undefined) continue;
      const source = target.includes('*') ? wildcardSourceFolders(dir, target).find((folder) => !insideOf(folder, join(dir, output))) : firstSource(dir, target);
      if (source !== undefined && !insideOf(source, join(dir, output))) folders.add(pkg.dir === '' ? output : `${pkg.dir}/${output}`);
    }
  }
  return [...folders].sort();
}

/** Whether `path` is `folder` or inside it. */
const insideOf = (path: string, folder: string): boolean => path === folder || path.startsWith(`${folder}/`);

/** The folders that exist among those a wildcard target's sources may be in (`src/api` for `./dist/api/*.js`). */
function wildcardSourceFolders(dir: string, target: string): string[] {
  return sourcesFirst(target)
    .map((candidate) => join(dir, dirname(candidate.slice(0, candidate.indexOf('*') + 1))))
    .filter((folder) => existsSync(folder));
}

/** A path inside a build output folder (the folder in group 1). */
const BUILD_OUTPUT = /^(dist|build|out|lib|esm|cjs)\//;

/** The import that names a subpath of a package: `@acme/core` for `.`, `@acme/core/api/*` for `./api/*`. */
const specifierOf = (name: string, subpath: string): string => (subpath === '.' ? name : `${name}/${subpath.slice(2)}`);

/** The part of an alias name before its `*` (all of it without one). */
const patternPrefix = (name: string): string => name.slice(0, name.includes('*') ? name.indexOf('*') : name.length);

/** The targets of each subpath a package exports (`'.'`, `'./client'`, `'./api/*'`), in the order written; excluded (`null`) subpaths have none and are left out, `'.'` is always there. */
function exportedSubpaths(manifest: Readonly<Record<string, unknown>>): Map<string, string[]> {
  const bySubpath = new Map<string, string[]>();
  const add = (subpath: string, targets: readonly string[]): void => {
    // The package name itself is always there, to go by its name when nothing declares it (`src/index.ts`).
    if (targets.length > 0 || subpath === '.') bySubpath.set(subpath, [...new Set([...(bySubpath.get(subpath) ?? []), ...targets])]);
  };
  const exports = manifest['exports'];
  const keys = exports !== null && typeof exports === 'object' && !Array.isArray(exports) ? Object.keys(exports) : [];
  if (keys.length > 0 && keys.every((key) => key.startsWith('.'))) {
    for (const key of keys) add(key, targetsOf((exports as Record<string, unknown>)[key]));
  } else if (exports !== undefined) {
    add('.', targetsOf(exports));
  }
  add('.', entryPointTargets({ main: manifest['main'], module: manifest['module'], types: manifest['types'] }));
  return bySubpath;
}

/** Every `imports` key (`#internal/*`) of the workspace's packages, with the packages that declare it and their targets. */
function privateImports(workspace: Workspace): Map<string, { dir: string; targets: string[] }[]> {
  const byKey = new Map<string, { dir: string; targets: string[] }[]>();
  for (const pkg of workspace.packages) {
    const imports = pkg.manifest['imports'];
    if (imports === null || typeof imports !== 'object' || Array.isArray(imports)) continue;
    for (const [key, value] of Object.entries(imports as Record<string, unknown>)) {
      const targets = targetsOf(value).filter((target) => target.startsWith('./'));
      if (key.startsWith('#') && targets.length > 0) byKey.set(key, [...(byKey.get(key) ?? []), { dir: pkg.dir, targets }]);
    }
  }
  return byKey;
}

/** The places a target's source may be, relative to its package: sources before the compiled output the target names. */
function sourcesFirst(target: string): string[] {
  const [written = target, ...sources] = sourceCandidates(target);
  return [...sources, written];
}

/** The first existing file among the places the target's source may be. */
function firstSource(dir: string, target: string): string | undefined {
  return sourcesFirst(target)
    .map((candidate) => join(dir, candidate))
    .find(isFile);
}

/** Whether `path` is a file; false, not an error, when a folder on the way is a file (`package.json/index.ts`). */
function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
