import type { GateOutcome } from '../gate-outcome.js';

// Workflow-command escaping, as the Actions runner reads it back: a message escapes %, CR and LF;
// a property value (file, title) also the `:` and `,` that would end it.
const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

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
