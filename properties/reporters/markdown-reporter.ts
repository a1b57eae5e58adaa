import type { FailureDetail } from '../report/conformance-report.js';
import type { Reporter } from './reporter.js';
import { describeAdapter, generatedRuns, verdictLine } from './text-reporter.js';
import { markdownCell } from '../../src/contract/markdown-cell.js';

/** Makes text safe inside a Mermaid message (its entity codes for `#` and `;`). */
function mermaidText(text: string): string {
  return text.replace(/#/g, '#35;').replace(/;/g, '#59;').replace(/\n/g, ' ');
}


/** A Mermaid sequence diagram of a counterexample: each step the kit performed and what the system answered. */
export function counterexampleDiagram(failure: FailureDetail): string {
  const lines = ['```mermaid', 'sequenceDiagram', '  participant Kit', '  participant System'];
  for (const step of failure.counterexample.steps) {
    lines.push(`  Kit->>System: ${mermaidText(step.line)}`, `  System-->>Kit: ${mermaidText(step.result)}`);
  }
  lines.push(`  Note over Kit,System: ${mermaidText(`${failure.check} failed`)}`, '```');
  return lines.join('\n');
}

/** A GitHub step summary: verdict, the requirement table, and each failure with its counterexample diagram. */
export const markdownReporter: Reporter = (report) => {
  const lines = [
    `## agent-identity-kit conform: ${report.verdict}`,
    '',
    `${verdictLine(report)}. Contract ${report.contract}, kit ${report.version}, seed \`${report.seed}\`, ${generatedRuns(report)}.`,
    '',
    describeAdapter(report),
    '',
    '| status | requirement | tier | checks (runs) | note |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const result of report.requirements) {
    const checks = result.checks.map((check) => `${check.id.slice(check.id.indexOf('/') + 1)} (${check.runs})`).join(', ');
    lines.push(`| ${result.status}${result.expected === true ? ' (expected)' : ''} | ${result.id} | ${result.tier} | ${markdownCell(checks)} | ${markdownCell(result.note ?? '')} |`);
  }
  for (const failure of report.failures) {
    lines.push('', `### ✗ ${failure.check}${failure.expected ? ' (expected)' : ''}`, '', markdownCell(failure.message), '');
    lines.push(`Seed \`${failure.counterexample.seed}\`${failure.counterexample.path === undefined ? '' : `, path \`${failure.counterexample.path}\``}:`, '', '```text', ...failure.counterexample.commands, '```', '', counterexampleDiagram(failure));
  }
  if (report.stale.length > 0) lines.push('', `**Stale expected failures** (they pass now): ${report.stale.map((entry) => `\`${entry}\``).join(', ')}`);
  return `${lines.join('\n')}\n`;
};
