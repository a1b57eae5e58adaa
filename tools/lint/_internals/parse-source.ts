/**
 * Parsing one file for the lint: TypeScript's parser alone (no program, no binder, no type
 * checker), without JSDoc and without parent pointers, which the rules do not need. The benchmark
 * compares the lint with exactly this parse.
 */
import { ts } from 'ts-morph';

const OPTIONS: ts.CreateSourceFileOptions = {
  languageVersion: ts.ScriptTarget.Latest,
  jsDocParsingMode: ts.JSDocParsingMode.ParseNone,
};

/**
 * Parses `text` as the TypeScript (or TSX, by extension) file at `path`. A UTF-8 byte order mark
 * is dropped first, as `tsc` reads files: the parser accepts a shebang only at offset 0, so a BOM
 * before `#!` would otherwise be a syntax error that the compiler never reports. Columns are
 * then counted as editors show them, without the invisible mark.
 */
export function parseSource(path: string, text: string): ts.SourceFile {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return ts.createSourceFile(path, source, OPTIONS, false, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}
