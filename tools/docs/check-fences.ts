import ts from 'typescript';
import type { Finding } from '../check/finding.js';
import type { TsFence } from './ts-fence.js';

/**
 * Reports every error the fence `program` finds in a checked fence, at its line and column in
 * the Markdown file (rule `fence-typecheck`).
 */
export function checkFences(program: ts.Program | undefined, fences: readonly TsFence[]): Finding[] {
  if (program === undefined) return [];
  const findings: Finding[] = [];
  for (const fence of fences) {
    const source = fence.checked ? program.getSourceFile(fence.virtualPath) : undefined;
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
