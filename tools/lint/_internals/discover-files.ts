/**
 * Project discovery: from the given paths, the TypeScript sources to lint and the tsconfig files
 * that describe them. Folders are walked (skipping `node_modules`, VCS folders, build output,
 * fixtures, generated and vendored code, and ignored paths, unless the ignored path is the one named); with `--project`, the tsconfig's own file list and its project references are
 * used instead.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Minimatch } from 'minimatch';
import { ts } from 'ts-morph';
import { LintConfigError } from '../lint-config-error.js';

const { NON_SOURCE_FOLDERS } = createRequire(import.meta.url)('../../graph/non-source-folders.cjs') as { NON_SOURCE_FOLDERS: readonly string[] };

/**
 * Folders that never hold sources to lint when walked into: dependencies, VCS and tool caches, and
 * the folders every gate leaves out (build output, fixtures, generated and vendored code — copies
 * of other code, often broken on purpose). A folder named on the command line is linted all the same.
 */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.hg', '.svn', '.next', '.turbo', '.aik-cache', ...NON_SOURCE_FOLDERS]);
const SOURCE = /\.(?:ts|tsx|mts|cts)$/;
const DECLARATION = /\.d\.(?:ts|tsx|mts|cts)$|\.d\.[^.]+\.ts$/;
const TSCONFIG = /^tsconfig.*\.json$/;

/** What to discover. */
export interface DiscoverOptions {
  readonly cwd: string;
  readonly paths: readonly string[];
  readonly project: string | undefined;
  /** Globs relative to `ignoreBase`. */
  readonly ignores: readonly string[];
  readonly ignoreBase: string;
  readonly includeDeclarationFiles: boolean;
}

/** The files to lint (absolute, sorted) and the tsconfig files found (relative to `cwd`). */
export interface Discovered {
  readonly files: readonly string[];
  readonly projects: readonly string[];
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** Reads a tsconfig's JSON (comments allowed); an unreadable or malformed one is a configuration error. */
function readTsconfig(path: string, cwd: string): { readonly compilerOptions?: { readonly outDir?: unknown } } {
  const read = ts.readConfigFile(path, ts.sys.readFile);
  if (read.error !== undefined) {
    const where = toPosix(relative(cwd, path)) || path;
    throw new LintConfigError(`${where}: cannot parse tsconfig: ${ts.flattenDiagnosticMessageText(read.error.messageText, ' ')}`);
  }
  return read.config as { readonly compilerOptions?: { readonly outDir?: unknown } };
}

/** Parses a tsconfig with its file list and project references. */
function parseTsconfig(path: string, cwd: string): ts.ParsedCommandLine {
  const where = toPosix(relative(cwd, path)) || path;
  const parsed = ts.parseJsonConfigFileContent(readTsconfig(path, cwd), ts.sys, dirname(path), undefined, path);
  // "No inputs were found" (18003) is not an error for discovery: a solution tsconfig has none.
  const fatal = parsed.errors.find((error) => error.code !== 18003);
  if (fatal !== undefined) {
    throw new LintConfigError(`${where}: invalid tsconfig: ${ts.flattenDiagnosticMessageText(fatal.messageText, ' ')}`);
  }
  return parsed;
}

/** Finds the files and tsconfigs under `options.paths`, or of `options.project`. */
export function discoverFiles(options: DiscoverOptions): Discovered {
  const { cwd } = options;
  // Each ignore glob is compiled once, not once per path.
  const compiled = new Map(options.ignores.map((pattern) => [pattern, new Minimatch(pattern, { dot: true })]));
  const matching = (patterns: readonly string[], absolute: string, folder: boolean): string[] => {
    if (patterns.length === 0) return [];
    const path = toPosix(relative(options.ignoreBase, absolute)) + (folder ? '/' : '');
    return patterns.filter((pattern) => compiled.get(pattern)?.match(path) === true);
  };
  const isSource = (absolute: string): boolean => SOURCE.test(absolute) && (options.includeDeclarationFiles || !DECLARATION.test(absolute));
  const wanted = (absolute: string, ignores: readonly string[]): boolean => isSource(absolute) && matching(ignores, absolute, false).length === 0;

  const files = new Set<string>();
  const projects = new Set<string>();
  const outDirs: string[] = [];

  if (options.project !== undefined) {
    const seen = new Set<string>();
    const visit = (configPath: string): void => {
      const path = existsSync(configPath) && statSync(configPath).isDirectory() ? join(configPath, 'tsconfig.json') : configPath;
      if (seen.has(path)) return;
      seen.add(path);
      if (!existsSync(path)) throw new LintConfigError(`${toPosix(relative(cwd, path)) || path}: tsconfig not found`);
      projects.add(path);
      const parsed = parseTsconfig(path, cwd);
      for (const file of parsed.fileNames) {
        if (!file.split(/[\\/]/).includes('node_modules') && wanted(resolve(file), options.ignores)) files.add(resolve(file));
      }
      for (const reference of parsed.projectReferences ?? []) visit(reference.path);
    };
    visit(resolve(cwd, options.project));
  } else {
    const walk = (folder: string, ignores: readonly string[]): void => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) {
          if (!SKIPPED_FOLDERS.has(entry.name) && matching(ignores, path, true).length === 0) walk(path, ignores);
        } else if (entry.isFile()) {
          if (TSCONFIG.test(entry.name)) projects.add(path);
          else if (wanted(path, ignores)) files.add(path);
        }
      }
    };
    for (const given of options.paths) {
      const path = resolve(cwd, given);
      if (!existsSync(path)) throw new LintConfigError(`${given}: no such file or folder`);
      // A path named explicitly is linted even when an ignore covers it (`lint examples/legacy`
      // in a repo that ignores it): the ignores that match it do not apply below it.
      const named = matching(options.ignores, path, statSync(path).isDirectory());
      if (statSync(path).isDirectory()) walk(path, options.ignores.filter((pattern) => !named.includes(pattern)));
      else if (TSCONFIG.test(path.split(/[\\/]/).pop() ?? '')) projects.add(path);
      else if (SOURCE.test(path)) files.add(path);
      else throw new LintConfigError(`${given}: not a TypeScript file (.ts, .tsx, .mts, .cts) or a folder`);
    }
    // Only the JSON is read here: expanding every tsconfig's `include` would walk the tree again.
    // A malformed tsconfig found on the way only hides nothing (the graph and docs gates report
    // it): the walk goes on; one the user names with `--project` is a configuration error.
    for (const project of projects) {
      const read = ts.readConfigFile(project, ts.sys.readFile);
      const outDir = read.error === undefined ? (read.config as { compilerOptions?: { outDir?: unknown } } | undefined)?.compilerOptions?.outDir : undefined;
      if (typeof outDir === 'string') outDirs.push(resolve(dirname(project), outDir) + sep);
    }
  }
  const kept = [...files].filter((file) => !outDirs.some((outDir) => file.startsWith(outDir))).sort();
  return { files: kept, projects: [...projects].map((project) => toPosix(relative(cwd, project))).sort() };
}
