import { dirname } from 'node:path';
import ts from 'typescript';
import type { Finding } from '../check/finding.js';
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
 * Typechecks the checked fences against the project, with the project's compiler options, and
 * reports every error at its line in the Markdown file (rule `fence-typecheck`). Each fence is
 * its own module, so two examples may declare the same name. Imports of the package's own name
 * resolve through its `exports` (TypeScript's package self-reference), relative imports from
 * the Markdown file's folder. Options that only matter for emitting, and the unused-name checks
 * (an example declares things to show them), are switched off.
 */
export function checkFences(fences: readonly TsFence[], projectOptions: ts.CompilerOptions | undefined): Finding[] {
  const checked = fences.filter((fence) => fence.checked);
  if (checked.length === 0) return [];
  const options: ts.CompilerOptions = {
    ...(projectOptions ?? DEFAULT_OPTIONS),
    noEmit: true,
    moduleDetection: ts.ModuleDetectionKind.Force,
    noUnusedLocals: false,
    noUnusedParameters: false,
  };
  for (const emitOnly of ['rootDir', 'outDir', 'declarationDir', 'composite', 'incremental', 'tsBuildInfoFile', 'declaration', 'declarationMap', 'emitDeclarationOnly', 'sourceMap']) {
    delete options[emitOnly];
  }
  const byPath = new Map(checked.map((fence) => [fence.virtualPath, fence]));
  const host = ts.createCompilerHost(options, true);
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
  const program = ts.createProgram({ rootNames: [...byPath.keys()], options, host });
  const findings: Finding[] = [];
  for (const fence of checked) {
    const source = program.getSourceFile(fence.virtualPath);
    if (source === undefined) continue;
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    for (const diagnostic of diagnostics) {
      if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
      const at = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      findings.push({
        rule: 'fence-typecheck',
        file: fence.file,
        line: fence.line + at.line,
        column: fence.indent + at.character + 1,
        message: `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
      });
    }
  }
  return findings;
}
