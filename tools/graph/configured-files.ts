import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { Minimatch } from 'minimatch';
import ts from 'typescript';
import type { Workspace } from '../check/workspace.js';

/** The configuration files of a tool, read for the files they name: `vitest.config.ts`, `eslint.config.mjs`, `tsup.config.ts`, `vitest.workspace.ts`, … */
const CONFIG_FILE = /^(?:[^/]+[.]config|vitest[.](?:workspace|projects))[.][cm]?[jt]s$/;
/**
 * The options by which a tool loads the files they name: vitest's and jest's `setupFiles`,
 * `setupFilesAfterEnv`, `globalSetup` and `globalTeardown` (playwright's too), the bundlers'
 * entries (tsup and webpack `entry`, esbuild `entryPoints`, rollup and vite `input`), vitest's
 * `workspace` and `projects`. Other strings of a config do not load anything: an ESLint `files`
 * glob scopes a rule, it does not use the files.
 */
const LOADING_OPTIONS = new Set(['setupFiles', 'setupFilesAfterEnv', 'globalSetup', 'globalTeardown', 'entry', 'entryPoints', 'input', 'workspace', 'projects']);
/** A shell script a command runs (`bash conformance/run.sh client`, `./scripts/release.sh`). */
const SHELL_SCRIPT = /[.](?:sh|bash)$/;
/** Characters that make a string a glob (`src/*.ts`, `test/{a,b}.ts`). */
const GLOB = /[*?{[]/;

/**
 * The files a package's configuration loads by name, so they are used though nothing imports
 * them (roots, not orphans). Paths relative to the root; a glob matches too. Read, in every
 * package folder (the root's included):
 * - each `scripts` command of its package.json: every word that names a file there, relative to
 *   the package (`tsx src/seed.ts`, `node --import ./src/register.js …`); not a glob, which there
 *   is a linter's or formatter's argument; a shell script such a word names (`bash
 *   conformance/run.sh`) is read the same way, its words relative to the package or to its own
 *   folder (`DRIVER="conformance/driver.mjs"`);
 * - each tool configuration file beside its package.json (`*.config.*`, `vitest.workspace.*`):
 *   every string under an option that loads files ({@link LOADING_OPTIONS}: vitest `setupFiles`,
 *   tsup `entry`, …) that names a file relative to that folder, or a glob of files.
 * A string that names no file is not a name; a word or string is read as a path only when it has
 * a `/` or a module extension.
 */
export function configuredFiles(root: string, workspace: Workspace): (path: string) => boolean {
  const files = new Set<string>();
  const globs: Minimatch[] = [];
  const consider = (dir: string, text: string, globbing: boolean): void => {
    const name = text.trim().replace(/^['"]|['"]$/g, '');
    if (name === '' || name.startsWith('-') || !(name.includes('/') || /[.][cm]?[jt]sx?$/.test(name)) || /^[a-z]+:/i.test(name)) return;
    const path = posix.normalize(posix.join(dir, name));
    if (path.startsWith('../')) return;
    if (!GLOB.test(name)) {
      if (isFile(join(root, path))) files.add(path);
    } else if (globbing) {
      globs.push(new Minimatch(path, { dot: true }));
    }
  };
  const shellScripts = new Set<string>();
  // A glob in a command is a linter's or formatter's argument (`prettier --write "**/*.ts"`), not a file it runs.
  const considerCommand = (dirs: readonly string[], command: string): void => {
    for (const word of command.split(/[\s=;&|()]+/)) {
      for (const dir of dirs) consider(dir, word, false);
      // A shell script the command runs is commands too, run from the package or from its own folder.
      const script = posix.normalize(posix.join(dirs[0] ?? '.', word.replace(/^['"]|['"]$/g, '')));
      if (SHELL_SCRIPT.test(script) && !shellScripts.has(script) && isFile(join(root, script))) {
        shellScripts.add(script);
        considerCommand([dirs[0] ?? '.', posix.dirname(script)], readFileSync(join(root, script), 'utf8'));
      }
    }
  };
  for (const pkg of workspace.packages) {
    const dir = pkg.dir === '' ? '.' : pkg.dir;
    for (const command of Object.values((pkg.manifest['scripts'] ?? {}) as Record<string, unknown>)) {
      if (typeof command === 'string') considerCommand([dir], command);
    }
    const folder = join(root, pkg.dir);
    for (const file of (existsSync(folder) ? readdirSync(folder) : []).filter((name) => CONFIG_FILE.test(name)).sort()) {
      for (const text of stringsIn(join(folder, file))) consider(dir, text, true);
    }
  }
  return (path) => files.has(path) || globs.some((glob) => glob.match(path));
}

/** The string literals (plain templates included) under a loading option of a JavaScript or TypeScript config file (`setupFiles: ['./test/setup.ts']`). */
function stringsIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const strings: string[] = [];
  const visit = (node: ts.Node, loading: boolean): void => {
    if (loading && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) strings.push(node.text);
    const option = ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) && LOADING_OPTIONS.has(node.name.text);
    ts.forEachChild(node, (child) => visit(child, loading || option));
  };
  visit(source, false);
  return strings;
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}
