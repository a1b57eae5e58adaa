import { printable } from '../../../src/contract/printable.js';
import type { GateOutcome } from '../gate-outcome.js';
import { location } from './location.js';

/**
 * The human report: each gate's findings (one line each, `file:line:column  rule  message`) and
 * notes, then, for more than one gate, the summary table, then one verdict line.
 */
export function text(outcomes: readonly GateOutcome[]): string {
  const lines: string[] = [];
  for (const outcome of outcomes) {
    const count = outcome.findings.length;
    const status = outcome.status === 'error' ? 'configuration error' : outcome.status === 'fail' ? `${count} finding${count === 1 ? '' : 's'}` : outcome.status;
    lines.push(`${outcome.gate}: ${status}`);
    if (outcome.error !== undefined) lines.push(`  ${outcome.error}`);
    for (const finding of outcome.findings) lines.push(`  ${location(finding)}  ${finding.rule}  ${finding.message}`);
    for (const note of outcome.notes) lines.push(`  (${note})`);
  }
  if (outcomes.length > 1) {
    const rows = [
      ['gate', 'status', 'findings', 'time'],
      ...outcomes.map((outcome) => [outcome.gate, outcome.status, String(outcome.findings.length), `${(outcome.durationMs / 1000).toFixed(1)} s`]),
    ];
    const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
    lines.push('', ...rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()));
  }
  const total = outcomes.reduce((sum, outcome) => sum + outcome.findings.length, 0);
  const errors = outcomes.filter((outcome) => outcome.status === 'error').length;
  lines.push(
    '',
    errors > 0 ? `FAILED: ${errors} gate${errors === 1 ? '' : 's'} could not run (configuration error)` : total > 0 ? `FAILED: ${total} finding${total === 1 ? '' : 's'}` : 'PASSED',
  );
  // File names, messages and notes quote the repository's files.
  return `${printable(lines.join('\n'))}\n`;
}
