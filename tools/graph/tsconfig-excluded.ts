import { dirname, posix, relative, resolve, sep } from 'node:path';
import { Minimatch } from 'minimatch';
import { ts } from 'ts-morph';
import type { Workspace } from '../check/workspace.js';

/**
 * Whether a module (relative to the root, `/`-separated) is one the tsconfig the graph is cruised
 * with leaves out by its `exclude` — a copy of another project's code, test data, a sandbox: not
 * compiled as part of the project, so its imports are not the project's to resolve — and that no
 * other tsconfig of the repository, in its folder or above it, takes in as a project of its own.
 * `exclude` entries are read as TypeScript reads them: globs relative to the tsconfig's folder, a
 * name without wildcards standing for that file or folder and everything under it.
 */
export function tsconfigExcluded(root: string, tsconfigFile: string | undefined, workspace: Workspace): (module: string) => boolean {
  if (tsconfigFile === undefined) return () => false;
  const read = ts.readConfigFile(tsconfigFile, ts.sys.readFile);
  const exclude = (read.config as { exclude?: unknown } | undefined)?.exclude;
  if (read.error !== undefined || !Array.isArray(exclude)) return () => false;
  const base = dirname(tsconfigFile);
  const patterns = exclude
    .filter((entry): entry is string => typeof entry === 'string' && entry.length > 0)
    .map((entry) => relative(root, resolve(base, entry)).split(sep).join('/'))
    .filter((pattern) => pattern !== '' && !pattern.startsWith('../'))
    .flatMap((pattern) => (/[*?[{]/.test(pattern) ? [pattern] : [pattern, `${pattern}/**`]))
    .map((pattern) => new Minimatch(pattern, { dot: true }));
  const own = relative(root, tsconfigFile).split(sep).join('/');
  const projects = workspace.tsconfigs.filter((tsconfig) => tsconfig !== own).map((tsconfig) => posix.dirname(tsconfig));
  return (module) => patterns.some((pattern) => pattern.match(module)) && !projects.some((folder) => folder !== '.' && module.startsWith(`${folder}/`));
}
