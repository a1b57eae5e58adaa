import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { aliasPaths, buildOutputFolders, workspaceAliases } from './workspace-aliases.js';
import type { Workspace } from './workspace.js';

/**
 * What a resolution is for: the module that runs (`implementation`: a source or JavaScript file
 * before a declaration file, as the module graph needs) or the types a program reads (`types`:
 * TypeScript's own order, declaration files first where both exist).
 */
export type ResolutionPurpose = 'implementation' | 'types';

/** Options of files no tsconfig covers: what a bundler or modern Node resolves (exports, extensionless relative imports). */
const NO_TSCONFIG: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };

/**
 * The one module resolver of the gates: TypeScript's own `resolveModuleName`, with the options of
 * the tsconfig.json nearest to the importing file (its `extends`, `paths`, `customConditions`,
 * `moduleResolution`, `allowImportingTsExtensions`; a file under no tsconfig resolves as a
 * bundler does), over a file system in which every package of the workspace is linked at
 * `<root>/node_modules/<name>` as npm, yarn and pnpm workspaces link them on install — so `exports`
 * and `imports` (wildcards, conditions), `typesVersions`, `main`/`types` and extensions behave as
 * `tsc` does after an install, whether or not anything is installed. Where a real `node_modules`
 * holds a name, the real one wins, as it would for TypeScript.
 *
 * A package's entry points often name build output that is not there (`./dist/index.js`, not
 * built yet): when TypeScript's answer is missing or lies in build output or in what git ignores,
 * the resolver asks again with the workspace's source aliases as `paths` (`workspace-aliases.ts`:
 * each target's source, `src/index.ts` for `./dist/index.js`), as project references send `tsc`
 * to a referenced project's sources. The repository's own `paths` keep precedence.
 */
export class ModuleResolver {
  /** The resolution host: the real file system plus the workspace's links. */
  readonly host: ts.ModuleResolutionHost;
  private readonly links: readonly { readonly link: string; readonly dir: string }[];
  private readonly notSource: readonly string[];
  private readonly nearest = new Map<string, string | undefined>();
  private readonly optionsByTsconfig = new Map<string, ts.CompilerOptions>();
  private readonly caches = new Map<string, ts.ModuleResolutionCache>();
  private readonly exists = new Map<string, 'file' | 'directory' | undefined>();
  private sourcePaths: ts.MapLike<string[]> | undefined;

  constructor(
    private readonly root: string,
    private readonly workspace: Workspace,
  ) {
    // Longest name first, so `@acme/core-utils` is not taken for a subpath of `@acme/core`.
    this.links = workspace.packages
      .filter((pkg): pkg is typeof pkg & { name: string } => pkg.name !== undefined && !existsSync(join(root, 'node_modules', pkg.name)))
      .map((pkg) => ({ link: join(root, 'node_modules', pkg.name), dir: join(root, pkg.dir) }))
      .sort((a, b) => b.link.length - a.link.length);
    this.notSource = [...buildOutputFolders(root, workspace), ...workspace.ignored].map((folder) => join(root, folder));
    this.host = {
      fileExists: (path) => this.kind(path) === 'file',
      directoryExists: (path) => this.kind(path) === 'directory',
      readFile: (path) => ts.sys.readFile(this.real(path)),
      realpath: (path) => this.real(path),
      getCurrentDirectory: () => root,
      getDirectories: (path) => ts.sys.getDirectories(this.real(path)),
      useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    };
  }

  /**
   * The file `specifier` names from `containingFile` (absolute), TypeScript's full answer, or
   * `undefined` when neither TypeScript nor the source aliases find one. `isExternalLibraryImport`
   * says whether it is an installed dependency (inside a real `node_modules`); a workspace
   * package reached through its link is the repository's own file. `mode`: the importing
   * file's module format where it matters (node16/nodenext), else read from its package.json.
   */
  resolve(specifier: string, containingFile: string, purpose: ResolutionPurpose = 'types', mode?: ts.ResolutionMode): ts.ResolvedModuleFull | undefined {
    const tsconfig = this.tsconfigOf(dirname(containingFile));
    const options = this.optionsOf(tsconfig);
    const bundler = { ...options, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };
    const sourced = { ...bundler, paths: { ...this.sourceAliasPaths(), ...options.paths }, pathsBasePath: options['pathsBasePath'] ?? options.baseUrl ?? dirname(tsconfig ?? join(this.root, 'tsconfig.json')) };
    // The tsconfig's own resolution; then a bundler's, which needs no extensions (what runs through one resolves, whatever `tsc` says of it); then the sources of build output.
    const tries: [string, ts.CompilerOptions][] = [['own', options]];
    if (options.moduleResolution !== ts.ModuleResolutionKind.Bundler) tries.push(['bundler', bundler]);
    tries.push(['sources', sourced]);
    let external: ts.ResolvedModuleFull | undefined;
    for (const [name, attempt] of tries) {
      for (const variant of purpose === 'implementation' ? [{ ...attempt, noDtsResolution: true }, attempt] : [attempt]) {
        const found = this.run(specifier, containingFile, variant, `${tsconfig ?? ''}\0${name}`, mode);
        if (found === undefined || this.inNotSource(found.resolvedFileName)) continue;
        if (!this.inNodeModules(found.resolvedFileName)) return { ...found, isExternalLibraryImport: false };
        // An installed dependency is TypeScript's answer unless the repository's own sources give a better one.
        external ??= { ...found, isExternalLibraryImport: true };
      }
    }
    return external;
  }

  /** The tsconfig.json nearest to `dir` (absolute) at or below the root, cached per folder. */
  tsconfigOf(dir: string): string | undefined {
    if (this.nearest.has(dir)) return this.nearest.get(dir);
    const file = join(dir, 'tsconfig.json');
    const parent = dirname(dir);
    const found = existsSync(file) ? file : dir === this.root || parent === dir || !dir.startsWith(`${this.root}/`) ? undefined : this.tsconfigOf(parent);
    this.nearest.set(dir, found);
    return found;
  }

  private run(specifier: string, containingFile: string, options: ts.CompilerOptions, cacheKey: string, mode: ts.ResolutionMode): ts.ResolvedModuleFull | undefined {
    const key = `${cacheKey}\0${options.noDtsResolution === true ? 'implementation' : 'types'}`;
    let cache = this.caches.get(key);
    if (cache === undefined) {
      cache = ts.createModuleResolutionCache(this.root, (name) => name, options);
      this.caches.set(key, cache);
    }
    const format = mode ?? ts.getImpliedNodeFormatForFile(containingFile as ts.Path, cache.getPackageJsonInfoCache(), this.host, options);
    return ts.resolveModuleName(specifier, containingFile, options, this.host, cache, undefined, format).resolvedModule;
  }

  /** The options `tsconfig` gives module resolution (JavaScript and JSON files resolved too); a tsconfig that does not parse gives what it still declares. */
  private optionsOf(tsconfig: string | undefined): ts.CompilerOptions {
    if (tsconfig === undefined) return { ...NO_TSCONFIG, allowJs: true, resolveJsonModule: true };
    let options = this.optionsByTsconfig.get(tsconfig);
    if (options === undefined) {
      const read = ts.readConfigFile(tsconfig, (path) => this.host.readFile(path));
      // No file enumeration: only the options matter. An `extends` of a workspace package resolves through the links.
      const host: ts.ParseConfigHost = { useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames, readDirectory: () => [], fileExists: this.host.fileExists, readFile: this.host.readFile };
      const parsed = read.error === undefined ? ts.parseJsonConfigFileContent(read.config, host, dirname(tsconfig), undefined, tsconfig).options : {};
      options = { ...parsed, allowJs: true, resolveJsonModule: true };
      this.optionsByTsconfig.set(tsconfig, options);
    }
    return options;
  }

  private sourceAliasPaths(): ts.MapLike<string[]> {
    this.sourcePaths ??= aliasPaths(workspaceAliases(this.root, this.workspace));
    return this.sourcePaths;
  }

  /** `path` as the links make it: a path through `<root>/node_modules/<workspace package>` is that package's folder. */
  private real(path: string): string {
    for (const { link, dir } of this.links) {
      if (path === link || path.startsWith(`${link}/`)) return dir + path.slice(link.length);
    }
    return path;
  }

  private kind(path: string): 'file' | 'directory' | undefined {
    if (this.exists.has(path)) return this.exists.get(path);
    const real = this.real(path);
    let kind: 'file' | 'directory' | undefined;
    try {
      const stats = statSync(real);
      kind = stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : undefined;
    } catch {
      // `<root>/node_modules` and `<root>/node_modules/@scope` hold the links even when nothing is installed.
      kind = this.links.some(({ link }) => link.startsWith(`${real}/`)) ? 'directory' : undefined;
    }
    this.exists.set(path, kind);
    return kind;
  }

  private inNodeModules(path: string): boolean {
    return path.includes('/node_modules/');
  }

  private inNotSource(path: string): boolean {
    return this.notSource.some((folder) => path === folder || path.startsWith(`${folder}/`));
  }
}
