import type { GateOutcome } from '../gate-outcome.js';
import { escapeData, escapeProperty } from '../../../src/contract/workflow-command.js';

/**
 * GitHub Actions workflow commands, one line per finding
 * (`::error file=src/a.ts,line=3,col=5,title=agent-identity-kit no-circular::import cycle: …`),
 * which the runner turns into annotations on the pull request, and one per gate that could not
 * run (`::error title=agent-identity-kit docs::<the configuration error>`). Paths are relative to
 * the checked root; a finding without a line annotates the file.
 */
export function github(outcomes: readonly GateOutcome[]): string {
  const lines: string[] = [];
  for (const outcome of outcomes) {
    if (outcome.error !== undefined) lines.push(`::error title=${escapeProperty(`agent-identity-kit ${outcome.gate}`)}::${escapeData(outcome.error)}`);
    for (const finding of outcome.findings) {
      const properties = [
        `file=${escapeProperty(finding.file)}`,
        ...(finding.line === undefined ? [] : [`line=${finding.line}`]),
        ...(finding.column === undefined ? [] : [`col=${finding.column}`]),
        `title=${escapeProperty(`agent-identity-kit ${finding.rule}`)}`,
      ];
      lines.push(`::error ${properties.join(',')}::${escapeData(finding.message)}`);
    }
  }
  return lines.map((line) => `${line}\n`).join('');
}
