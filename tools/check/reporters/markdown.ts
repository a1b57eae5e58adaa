import type { GateOutcome } from '../gate-outcome.js';
import { location } from './location.js';
import { markdownCell } from '../../../src/contract/markdown-cell.js';


/** The report as Markdown (for a CI step summary): the summary table, then each gate's findings. */
export function markdown(outcomes: readonly GateOutcome[]): string {
  const lines = ['| gate | status | findings | notes |', '| --- | --- | --- | --- |'];
  for (const outcome of outcomes) {
    const notes = outcome.error === undefined ? outcome.notes.join('; ') : outcome.error;
    lines.push(`| ${outcome.gate} | ${outcome.status} | ${outcome.findings.length} | ${markdownCell(notes)} |`);
  }
  for (const outcome of outcomes.filter((candidate) => candidate.findings.length > 0)) {
    lines.push('', `### ${outcome.gate}`, '', '| where | rule | message |', '| --- | --- | --- |');
    for (const finding of outcome.findings) lines.push(`| \`${markdownCell(location(finding))}\` | ${finding.rule} | ${markdownCell(finding.message)} |`);
  }
  return `${lines.join('\n')}\n`;
}
