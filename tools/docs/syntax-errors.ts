import ts from 'typescript';

/**
 * The syntax errors of `code` parsed as a TypeScript module (`.tsx` when `jsx`, so `<div />` is
 * an element and `<T>x` is not a type assertion), at their offsets in `code`. Syntax only: no
 * libraries, no other files.
 */
export function syntaxErrors(code: string, jsx = false): readonly ts.Diagnostic[] {
  return ts.transpileModule(code, { fileName: jsx ? 'fence.tsx' : 'fence.ts', reportDiagnostics: true, compilerOptions: { noLib: true } }).diagnostics ?? [];
}
