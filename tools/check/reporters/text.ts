import picocolors from 'picocolors';
import { printable } from '../../../src/contract/printable.js';
import type { GateOutcome } from '../gate-outcome.js';
import { location } from './location.js';

/**
 * The human report: each gate's findings (one line each, `file:line:column  rule  message`) and
 * notes, then, for more than one gate, the summary table, then one verdict line; with `color`,
 * the statuses and the verdict in colour.
 */
export function text(outcomes: readonly GateOutcome[], _exitCode = 0, _root = '', color = false): string {
  const colors = picocolors.createColors(color);
  const paint = (status: GateOutcome['status'], shown: string) => (status === 'pass' ? colors.green : status === 'skipped' ? colors.yellow : colors.red)(shown);
  const lines: string[] = [];
  for (const outcome of outcomes) {
    const count = outcome.findings.length;
    const status = outcome.status === 'error' ? 'configuration error' : outcome.status === 'fail' ? `${count} finding${count === 1 ? '' : 's'}` : outcome.status;
    lines.push(`${outcome.gate}: ${paint(outcome.status, status)}`);
    // File names, messages and notes quote the repository's files: escaped, before any colour is added.
    if (outcome.error !== undefined) lines.push(`  ${printable(outcome.error)}`);
    for (const finding of outcome.findings) lines.push(`  ${printable(`${location(finding)}  ${finding.rule}  ${finding.message}`)}`);
    for (const note of outcome.notes) lines.push(`  (${printable(note)})`);
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
  const verdict = errors > 0 ? `FAILED: ${errors} gate${errors === 1 ? '' : 's'} could not run (configuration error)` : total > 0 ? `FAILED: ${total} finding${total === 1 ? '' : 's'}` : 'PASSED';
  return `${lines.join('\n')}\n\n${(verdict === 'PASSED' ? colors.green : colors.red)(verdict)}\n`;
}
