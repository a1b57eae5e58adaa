import { existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { loadTsconfig } from './load-tsconfig.js';
import { shownPath } from './shown-path.js';

/** The TypeScript code of a repository as the gates read it: one or more tsconfigs and their files. */
export interface Project {
  /**
   * Compiler options of the main tsconfig (`--project`, else the root's), `undefined` when there
   * is none or it is a solution file (`files: []` and references) with no options of its own.
   */
  readonly options: ts.CompilerOptions | undefined;
  /** Every source file of the tsconfigs read, absolute, each once. */
  readonly fileNames: readonly string[];
  /** The tsconfigs read, relative to the root: the main one first, then its references in order. */
  readonly tsconfigs: readonly string[];
}

/**
 * Reads the repository's TypeScript project: `file` (absolute) when given, else the root
 * `tsconfig.json`, followed through its project references (a solution tsconfig with `files: []`
 * lists its packages that way); without a root tsconfig, every tsconfig in `fallback` (the
 * packages' own, relative to the root). `undefined` when there is no tsconfig at all. A tsconfig
 * that does not parse is a `ConfigError` naming it.
 */
export function loadProject(root: string, file: string | undefined, fallback: readonly string[]): Project | undefined {
  const main = file ?? (existsSync(join(root, 'tsconfig.json')) ? join(root, 'tsconfig.json') : undefined);
  const queue = main === undefined ? fallback.map((path) => join(root, path)) : [main];
  if (queue.length === 0) return undefined;
  const seen = new Set<string>();
  const fileNames = new Set<string>();
  let options: ts.CompilerOptions | undefined;
  while (queue.length > 0) {
    const path = queue.shift() ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    // A reference to a tsconfig that is missing is the build's problem, not the docs': skip it.
    const parsed = path === main ? loadTsconfig(root, path) : existsSync(path) ? loadTsconfig(root, path) : undefined;
    if (parsed === undefined) continue;
    if (path === main && !isSolution(parsed)) options = parsed.options;
    for (const name of parsed.fileNames) fileNames.add(name);
    for (const reference of parsed.projectReferences ?? []) queue.push(ts.resolveProjectReferencePath(reference));
  }
  return { options, fileNames: [...fileNames], tsconfigs: [...seen].filter((path) => existsSync(path)).map((path) => shownPath(root, path)) };
}

/** A tsconfig that only lists other projects: no files of its own, references, and no options besides build ones. */
function isSolution(parsed: ts.ParsedCommandLine): boolean {
  return parsed.fileNames.length === 0 && (parsed.projectReferences?.length ?? 0) > 0;
}
