import { existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { Finding } from './finding.js';
import { loadTsconfig, readTsconfig } from './load-tsconfig.js';
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
  /** The `lib` entries the tsconfigs read declare (`lib.es2022.d.ts`), joined and sorted; empty when none declares one. */
  readonly libs: readonly string[];
  /** The tsconfigs found (not named) that are broken, one `tsconfig-invalid` finding each: what they still declare was read. */
  readonly invalid: readonly Finding[];
}

/**
 * Reads the repository's TypeScript project: `file` (absolute) when given, else the root
 * `tsconfig.json`, followed through its project references (a solution tsconfig with `files: []`
 * lists its packages that way); without a root tsconfig, every tsconfig in `fallback` (the
 * packages' own, relative to the root). `undefined` when there is no tsconfig at all. The named
 * `file` missing or broken is a `ConfigError`; a broken tsconfig found is a finding, never the
 * end of the run: a root one that is not JSON counts as absent (every package's is read instead),
 * and of one that parses with errors (a missing `extends`) what it still declares is read.
 */
export function loadProject(root: string, file: string | undefined, fallback: readonly string[]): Project | undefined {
  const invalid: Finding[] = [];
  const read = (path: string): ts.ParsedCommandLine | undefined => {
    if (path === file) return loadTsconfig(root, path);
    // A reference to a tsconfig that is missing is the build's problem, not the docs': skip it.
    if (!existsSync(path)) return undefined;
    const { parsed, error } = readTsconfig(root, path);
    if (error !== undefined) invalid.push(error);
    return parsed;
  };
  const seen = new Set<string>();
  const found = file ?? (existsSync(join(root, 'tsconfig.json')) ? join(root, 'tsconfig.json') : undefined);
  const parsedMain = found === undefined ? undefined : read(found);
  if (found !== undefined) seen.add(found);
  // A root tsconfig that is not JSON lists nothing: read the packages' own, as without one.
  const queue = parsedMain === undefined ? fallback.map((path) => join(root, path)) : [];
  const fileNames = new Set<string>();
  const libs = new Set<string>();
  let options: ts.CompilerOptions | undefined;
  const add = (parsed: ts.ParsedCommandLine): void => {
    for (const name of parsed.fileNames) fileNames.add(name);
    for (const lib of parsed.options.lib ?? []) libs.add(lib);
    for (const reference of parsed.projectReferences ?? []) queue.push(ts.resolveProjectReferencePath(reference));
  };
  if (parsedMain !== undefined) {
    if (!isSolution(parsedMain)) options = parsedMain.options;
    add(parsedMain);
  }
  while (queue.length > 0) {
    const path = queue.shift() ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    const parsed = read(path);
    if (parsed !== undefined) add(parsed);
  }
  if (seen.size === 0) return undefined;
  const tsconfigs = [...seen].filter((path) => existsSync(path)).map((path) => shownPath(root, path));
  return { options, fileNames: [...fileNames], tsconfigs, libs: [...libs].sort(), invalid };
}

/** A tsconfig that only lists other projects: no files of its own, references, and no options besides build ones. */
function isSolution(parsed: ts.ParsedCommandLine): boolean {
  return parsed.fileNames.length === 0 && (parsed.projectReferences?.length ?? 0) > 0;
}
