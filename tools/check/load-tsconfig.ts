import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import ts from 'typescript';
import { ConfigError } from './config-error.js';
import type { Finding } from './finding.js';
import { shownPath } from './shown-path.js';

/**
 * Not a broken config: TS18003 "No inputs were found" (a repository without TypeScript sources),
 * TS6053 "File not found" for an `extends` of a shared config package that is not installed yet
 * (the file's own options still count).
 */
const TOLERATED = new Set([18003, 6053]);

/** A tsconfig as far as it could be read: its parsed content (absent when it is not JSON), and its first error. */
export interface TsconfigRead {
  /** What TypeScript makes of it; with an `error` too, the options and files it could still read. */
  readonly parsed?: ts.ParsedCommandLine;
  /** Why it is broken (rule `tsconfig-invalid`, at the line of the error when it has one). */
  readonly error?: Finding;
}

/**
 * Reads the tsconfig at `path` (absolute, existing), never throwing for its content: a file that
 * is not JSON has no `parsed`; one whose `extends` is missing or whose option has the wrong type
 * keeps what TypeScript still read (as `tsc` does) and has an `error` naming the problem.
 */
export function readTsconfig(root: string, path: string): TsconfigRead {
  const read = ts.readConfigFile(path, (name) => ts.sys.readFile(name));
  if (read.error !== undefined) return { error: problem(root, path, read.error) };
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(path), undefined, path);
  const first = parsed.errors.find((diagnostic) => !TOLERATED.has(diagnostic.code));
  return first === undefined ? { parsed } : { parsed, error: problem(root, path, first) };
}

/**
 * Parses the tsconfig the user named (`--project`, a setting), `file` (absolute): missing or
 * broken, it is a {@link ConfigError} naming it (a tsconfig found rather than named is read with
 * {@link readTsconfig}, and its problem is a finding).
 */
export function loadTsconfig(root: string, file: string): ts.ParsedCommandLine {
  if (!existsSync(file)) throw new ConfigError(shownPath(root, file), 'tsconfig not found');
  const { parsed, error } = readTsconfig(root, file);
  if (error !== undefined || parsed === undefined) throw new ConfigError(shownPath(root, file), error?.message ?? 'invalid');
  return parsed;
}

function problem(root: string, path: string, diagnostic: ts.Diagnostic): Finding {
  // TypeScript names files by absolute path: the report names them relative to the root, as everywhere.
  const message = `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ').split(`${root}/`).join('')}`;
  // Errors of an `extends` chain are located in the file that extends, not in the file that is missing.
  const at = diagnostic.file !== undefined && diagnostic.start !== undefined && diagnostic.file.fileName === path ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
  return { rule: 'tsconfig-invalid', file: shownPath(root, path), ...(at === undefined ? {} : { line: at.line + 1, column: at.character + 1 }), message };
}
