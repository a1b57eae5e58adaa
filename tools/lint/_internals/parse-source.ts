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

/** Parses `text` as the TypeScript (or TSX, by extension) file at `path`. */
export function parseSource(path: string, text: string): ts.SourceFile {
  return ts.createSourceFile(path, text, OPTIONS, false, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}
