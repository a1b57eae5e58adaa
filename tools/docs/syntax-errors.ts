import ts from 'typescript';

/** What a program of one fence needs: no libraries, no other files, nothing resolved or emitted. */
const OPTIONS: ts.CompilerOptions = { noLib: true, noResolve: true, types: [], target: ts.ScriptTarget.Latest };

/**
 * The syntax errors of `code` parsed as a TypeScript module (`.tsx` when `jsx`, so `<div />` is
 * an element and `<T>x` is not a type assertion), at their offsets in `code`. Syntax only: no
 * libraries, no other files, and nothing emitted (an emit runs the whole transformer pipeline
 * once per call, which on a repository's thousand fences is most of the gate's memory churn).
 */
export function syntaxErrors(code: string, jsx = false): readonly ts.Diagnostic[] {
  const fileName = jsx ? 'fence.tsx' : 'fence.ts';
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const host: ts.CompilerHost = {
    getSourceFile: (name) => (name === fileName ? source : undefined),
    getDefaultLibFileName: () => 'lib.d.ts',
    writeFile: () => undefined,
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (name) => name === fileName,
    readFile: (name) => (name === fileName ? code : undefined),
  };
  return ts.createProgram({ rootNames: [fileName], options: OPTIONS, host }).getSyntacticDiagnostics(source);
}
