/**
 * `--format text` (default): findings grouped by file, each with a code frame, then a summary
 * that says how many files were linted and in which mode the rules ran.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import picocolors from 'picocolors';
import { printable } from '../../../src/contract/printable.js';
import type { Finding } from '../types.js';
import type { Formatter } from './formatter.js';

const CONTEXT_LINES = 1;

function codeFrame(lines: readonly string[], finding: Finding): string {
  const first = Math.max(1, finding.line - CONTEXT_LINES);
  const last = Math.min(lines.length, finding.line + CONTEXT_LINES);
  const width = String(last).length;
  const frame: string[] = [];
  for (let line = first; line <= last; line += 1) {
    const marker = line === finding.line ? '>' : ' ';
    frame.push(`    ${marker} ${String(line).padStart(width)} | ${printable(lines[line - 1] ?? '')}`);
    if (line === finding.line) frame.push(`      ${' '.repeat(width)} | ${' '.repeat(Math.max(0, finding.column - 1))}^`);
  }
  return frame.join('\n');
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The human-readable formatter. */
export const formatText: Formatter = (result, options = {}) => {
  const colors = picocolors.createColors(options.color === true);
  const out: string[] = [];
  const byFile = new Map<string, Finding[]>();
  for (const finding of result.findings) {
    const list = byFile.get(finding.file);
    if (list === undefined) byFile.set(finding.file, [finding]);
    else list.push(finding);
  }
  for (const [file, findings] of byFile) {
    let lines: string[] = [];
    try {
      lines = readFileSync(resolve(result.cwd, file), 'utf8').split(/\r?\n/);
    } catch {
      // A stale baseline entry may name a file that no longer exists: no frame then.
    }
    out.push(colors.underline(printable(file)));
    for (const finding of findings) {
      const severity = finding.severity === 'error' ? colors.red('error') : colors.yellow('warning');
      out.push(`  ${finding.line}:${finding.column}  ${severity}  ${colors.dim(finding.ruleId)}  ${printable(finding.message)}`);
      if (lines.length > 0) out.push(codeFrame(lines, finding));
    }
    out.push('');
  }
  const modes = new Map<string, number>();
  for (const rule of result.rules) if (rule.severity !== 'off') modes.set(rule.mode, (modes.get(rule.mode) ?? 0) + 1);
  const modeText = [...modes].sort(([a], [b]) => (a < b ? -1 : 1)).map(([mode, count]) => `${count} ${mode}`).join(', ');
  const errors = result.findings.filter((finding) => finding.severity === 'error').length;
  const warnings = result.findings.length - errors;
  const counts = [errors > 0 ? plural(errors, 'error') : '', warnings > 0 ? plural(warnings, 'warning') : ''].filter((part) => part !== '').join(', ');
  const head =
    result.findings.length === 0
      ? colors.green('✔ no findings')
      : (errors > 0 ? colors.red : colors.yellow)(`${errors > 0 ? '✖' : '⚠'} ${plural(result.findings.length, 'finding')} (${counts}) in ${plural(byFile.size, 'file')}`);
  const projects = result.projects.length === 0 ? '' : `, ${plural(result.projects.length, 'tsconfig')} found`;
  out.push(`${head} (${plural(result.files, 'file')} linted in ${result.durationMs} ms${projects}; rules: ${modeText || 'none'})`);
  const unconfirmed = result.findings.filter((finding) => finding.confirmation?.status === 'unknown').length;
  if (unconfirmed > 0) out.push(`  ${unconfirmed} of them only named so: a warning says what the code could not prove (each message says why)`);
  if (result.unconfirmedLeftOut > 0) {
    out.push(`  ${plural(result.unconfirmedLeftOut, 'candidate')} that only names relate left out (lint.unconfirmed is "off"; --unconfirmed warning lists them)`);
  }
  if (result.belowLevel > 0) out.push(`  ${plural(result.belowLevel, 'warning')} not listed (--level error; --level warning lists them)`);
  if (result.suppressed.length > 0 || result.baselined.length > 0) {
    out.push(`  ${result.suppressed.length} suppressed inline, ${result.baselined.length} in the baseline`);
  }
  return `${out.join('\n')}\n`;
};
