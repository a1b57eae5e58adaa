import { dirname } from 'node:path';
import ts from 'typescript';
import type { Finding } from '../check/finding.js';
import type { TsFence } from './ts-fence.js';

/** "Cannot find module 'x'", with or without a hint about `moduleResolution`. */
const MODULE_NOT_FOUND = new Set([2307, 2792]);
const QUOTED = /'([^']+)'/;

/** What {@link checkFences} found. */
export interface FenceCheck {
  readonly findings: Finding[];
  /** Imports of packages that could not be resolved because nothing is installed: not findings. */
  readonly notInstalled: number;
  /** Fences with at least one finding. */
  readonly failing: readonly TsFence[];
}

/**
 * Reports every error the fence `program` finds in a checked fence, at its line and column in
 * the Markdown file (rule `fence-typecheck`). An import of a package (not a relative file) that
 * does not resolve where `installed(folder)` says dependencies are not installed is counted, not
 * reported: the example may be right, the gate cannot tell.
 */
export function checkFences(program: ts.Program | undefined, fences: readonly TsFence[], installed: (folder: string) => boolean): FenceCheck {
  const findings: Finding[] = [];
  const failing: TsFence[] = [];
  let notInstalled = 0;
  if (program === undefined) return { findings, notInstalled, failing };
  for (const fence of fences) {
    const source = fence.optOut === undefined ? program.getSourceFile(fence.virtualPath) : undefined;
    if (source === undefined) continue;
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    const before = findings.length;
    for (const diagnostic of diagnostics) {
      if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      if (MODULE_NOT_FOUND.has(diagnostic.code) && isPackageImport(QUOTED.exec(message)?.[1]) && !installed(dirname(fence.virtualPath))) {
        notInstalled += 1;
        continue;
      }
      const at = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      findings.push({ rule: 'fence-typecheck', file: fence.file, line: fence.line + at.line, column: fence.indent + at.character + 1, message: `TS${diagnostic.code}: ${message}` });
    }
    if (findings.length > before) failing.push(fence);
  }
  return { findings, notInstalled, failing };
}

function isPackageImport(specifier: string | undefined): boolean {
  return specifier !== undefined && !specifier.startsWith('.') && !specifier.startsWith('/');
}
