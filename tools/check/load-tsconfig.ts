import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { ConfigError } from './config-error.js';
import { shownPath } from './shown-path.js';

/**
 * Not a broken config: TS18003 "No inputs were found" (a repository without TypeScript sources),
 * TS6053 "File not found" for an `extends` of a shared config package that is not installed yet
 * (the file's own options still count).
 */
const TOLERATED = new Set([18003, 6053]);

/**
 * Parses the tsconfig of the repository at `root`: `file` when given (absolute), else
 * `<root>/tsconfig.json` if it exists. Returns `undefined` when there is none to read; throws a
 * {@link ConfigError} naming the file when it does not parse.
 */
export function loadTsconfig(root: string, file?: string): ts.ParsedCommandLine | undefined {
  const path = file ?? join(root, 'tsconfig.json');
  const shown = shownPath(root, path);
  if (!existsSync(path)) {
    if (file === undefined) return undefined;
    throw new ConfigError(shown, 'tsconfig not found');
  }
  const read = ts.readConfigFile(path, (name) => ts.sys.readFile(name));
  if (read.error !== undefined) throw new ConfigError(shown, describe(read.error));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(path), undefined, path);
  const errors = parsed.errors.filter((diagnostic) => !TOLERATED.has(diagnostic.code));
  const first = errors[0];
  if (first !== undefined) throw new ConfigError(shown, describe(first));
  return parsed;
}

function describe(diagnostic: ts.Diagnostic): string {
  const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  return `TS${diagnostic.code}: ${text}`;
}
