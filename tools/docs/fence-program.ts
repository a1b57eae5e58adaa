import { dirname } from 'node:path';
import ts from 'typescript';
import type { ModuleResolver } from '../check/module-resolver.js';
import type { TsFence } from './ts-fence.js';

/**
 * TypeScript's own lib files (`lib.es2023.d.ts`, ...), parsed once per process: they ship with the
 * compiler and never change, and parsing them is most of the cost of a small program.
 */
const LIB_FILES = new Map<string, ts.SourceFile>();

/**
 * Compiler options when the repository has no tsconfig: what a modern Node ESM project uses (no
 * DOM). No automatic `@types`: without a config file TypeScript would look for them from the
 * working directory, so the result would depend on where the command runs.
 */
const DEFAULT_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts'],
  types: [],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  skipLibCheck: true,
};

/**
 * Options left at TypeScript's default in fences: those that only matter for emitting output,
 * which a fence never does, and those that make unreachable code and unused labels errors (an
 * example shows alternatives one after another).
 */
const RESET = ['rootDir', 'outDir', 'declarationDir', 'composite', 'incremental', 'tsBuildInfoFile', 'declaration', 'declarationMap', 'emitDeclarationOnly', 'sourceMap', 'allowUnreachableCode', 'allowUnusedLabels'];

/**
 * A TypeScript program whose roots are the checked fences, each a virtual file at its
 * `virtualPath`, compiled with the project's options (default: {@link DEFAULT_OPTIONS}; a project
 * that leaves the target or module system unset gets a modern one, not TypeScript's ES5). Each
 * fence is its own module, so two examples may declare the same name; imports of the package's
 * own name resolve through its `exports` (TypeScript's package self-reference), relative imports
 * from the Markdown file's folder. Emit options, the unused-name checks (an example declares
 * things to show them) and unreachable-code and unused-label errors are switched off; a project
 * that leaves `jsx` unset gets `preserve`, for fences checked as TSX. Imports resolve with
 * `resolver` (the gates' one resolver: the repository's own packages, `@acme/core`, to their
 * sources, installed or not), else with the program's options. Without project options, `libraries` (the `lib` and `types` the
 * repository's code uses, see `fence-libraries.ts`) override the defaults. `undefined` when no
 * fence is to be checked.
 */
export function fenceProgram(
  fences: readonly TsFence[],
  projectOptions: ts.CompilerOptions | undefined,
  resolver?: ModuleResolver,
  libraries: ts.CompilerOptions = {},
): ts.Program | undefined {
  const byPath = new Map(fences.filter((fence) => fence.optOut === undefined).map((fence) => [fence.virtualPath, fence]));
  if (byPath.size === 0) return undefined;
  const options: ts.CompilerOptions = {
    ...(projectOptions === undefined ? { ...DEFAULT_OPTIONS, ...libraries } : withModernDefaults(projectOptions)),
    noEmit: true,
    moduleDetection: ts.ModuleDetectionKind.Force,
    noUnusedLocals: false,
    noUnusedParameters: false,
  };
  // A fence checked as TSX (see `virtualPath`) needs a JSX mode; `preserve` assumes no factory.
  options.jsx ??= ts.JsxEmit.Preserve;
  for (const option of RESET) delete options[option];
  const host = ts.createCompilerHost(options, true);
  if (resolver !== undefined) {
    host.resolveModuleNameLiterals = (literals, containingFile, redirected, resolvedOptions, containingSourceFile) =>
      literals.map((literal) => {
        const mode = ts.getModeForUsageLocation(containingSourceFile, literal, resolvedOptions);
        const resolvedModule = resolver.resolve(literal.text, containingFile, 'types', mode) ?? ts.resolveModuleName(literal.text, containingFile, resolvedOptions, host, undefined, redirected, mode).resolvedModule;
        return { resolvedModule };
      });
  }
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (path) => byPath.has(path) || fileExists.call(host, path);
  host.readFile = (path) => byPath.get(path)?.code ?? readFile.call(host, path);
  const libFolder = dirname(ts.getDefaultLibFilePath(options));
  host.getSourceFile = (path, language, onError, shouldCreate) => {
    const fence = byPath.get(path);
    if (fence !== undefined) return ts.createSourceFile(path, fence.code, language, true);
    if (dirname(path) !== libFolder) return getSourceFile.call(host, path, language, onError, shouldCreate);
    const key = `${JSON.stringify(language)}:${path}`;
    const cached = LIB_FILES.get(key) ?? getSourceFile.call(host, path, language, onError, shouldCreate);
    if (cached !== undefined) LIB_FILES.set(key, cached);
    return cached;
  };
  return ts.createProgram({ rootNames: [...byPath.keys()], options, host });
}

/** `options` with what it leaves unset filled in: target ES2022, and a module system that matches its resolution. */
function withModernDefaults(options: ts.CompilerOptions): ts.CompilerOptions {
  const filled = { ...options, target: options.target ?? ts.ScriptTarget.ES2022 };
  if (options.module !== undefined) return filled;
  if (options.moduleResolution === undefined) return { ...filled, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext };
  const nodeNext = options.moduleResolution === ts.ModuleResolutionKind.NodeNext || options.moduleResolution === ts.ModuleResolutionKind.Node16;
  return { ...filled, module: nodeNext ? ts.ModuleKind.NodeNext : ts.ModuleKind.ESNext };
}
