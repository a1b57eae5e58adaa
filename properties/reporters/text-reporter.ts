import type { ConformanceReport, RequirementStatus } from '../report/conformance-report.js';
import { printable } from '../../src/contract/printable.js';
import type { Reporter } from './reporter.js';
import { commandLine, rerunArguments } from './rerun-command.js';

const COLOURS: Readonly<Record<RequirementStatus, number>> = { PASS: 32, FAIL: 31, 'NOT-APPLICABLE': 90, 'NOT-TESTED': 33, STATIC: 36 };

function paint(text: string, code: number, color: boolean): string {
  return color ? `\u001b[${code}m${text}\u001b[39m` : text;
}

/** The adapter line: declared profiles and capabilities, or why the adapter could not be probed. */
export function describeAdapter(report: ConformanceReport): string {
  if ('error' in report.adapter) return `adapter: ${report.adapter.error}`;
  const { capabilities, profiles } = report.adapter;
  const names = Object.keys(capabilities) as (keyof typeof capabilities)[];
  const declared = names.filter((name) => capabilities[name]);
  const absent = names.filter((name) => !capabilities[name]);
  return `adapter: teardown ${profiles.teardown}, persistedCreate ${profiles.persistedCreate}; capabilities ${declared.join(', ') || 'none'}${absent.length > 0 ? ` (not declared: ${absent.join(', ')})` : ''}`;
}

/** The closing verdict line with the summary counts. */
export function verdictLine(report: ConformanceReport): string {
  const { summary } = report;
  const stale = report.stale.length > 0 ? `, ${report.stale.length} stale expected failures` : '';
  return `${report.verdict} — ${summary.PASS} pass, ${summary.FAIL} fail, ${summary['NOT-APPLICABLE']} not applicable, ${summary['NOT-TESTED']} not tested, ${summary.STATIC} static${stale}`;
}

/** The generated runs made, and what the time budget cut, as the header line says it. */
export function generatedRuns(report: ConformanceReport): string {
  const budget = report.timeBudgetMs === undefined ? '' : ` (time budget ${report.timeBudgetMs} ms${report.runs < report.runsRequested ? `: ${report.runsRequested} asked for` : ''})`;
  return `${report.runs} generated runs${budget}`;
}

/** At most this many failed sub-cases of one failure are printed; the rest are counted (the JSON report has every one). */
const SHOWN_SUBCASES = 8;

/** A failure's sub-case lines, folded after {@link SHOWN_SUBCASES} with a count. */
function folded(message: string): string[] {
  const subcases = message.split('\n');
  if (subcases.length <= SHOWN_SUBCASES) return subcases;
  return [...subcases.slice(0, SHOWN_SUBCASES), `… and ${subcases.length - SHOWN_SUBCASES} more failed sub-cases (every one is in the JSON report)`];
}

/** Human-readable text: per area, each requirement with its checks and runs, then failures with counterexamples. */
export const textReporter: Reporter = (report, { color, invocation }) => {
  const lines = [
    `${report.tool} ${report.version} — conformance to the one-identity contract ${report.contract}`,
    printable(describeAdapter(report)),
    `seed ${report.seed} · ${generatedRuns(report)}${report.scope === 'all' ? '' : ` · requirements ${report.scope.join(', ')}`}`,
  ];
  let area = '';
  for (const result of report.requirements) {
    if (result.area !== area) {
      area = result.area;
      lines.push('', area);
    }
    const runs = result.checks.reduce((sum, check) => sum + check.runs, 0);
    const ran = result.checks.filter((check) => check.runs > 0).length;
    const detail = result.checks.length > 0 ? `${ran} ${ran === 1 ? 'check' : 'checks'}, ${runs} ${runs === 1 ? 'run' : 'runs'}` : '';
    const note = [detail, result.note, result.expected === true ? 'expected failure' : undefined].filter((part) => part !== undefined && part !== '').join(' · ');
    lines.push(`  ${paint(result.status.padEnd(14), COLOURS[result.status], color)} ${result.id}${note === '' ? '' : `  ${printable(note)}`}`);
  }
  if (report.failures.length > 0) lines.push('', 'Failures');
  for (const failure of report.failures) {
    const charged = failure.check.startsWith(`${failure.requirement}/`) ? '' : ` (counts against ${failure.requirement})`;
    lines.push(`  ${paint('✗', 31, color)} ${failure.check}${charged}${failure.adapter ? ' (adapter)' : ''}${failure.expected ? ' (expected)' : ''}`, ...folded(printable(failure.message)).map((line) => `    ${line}`));
    const where = failure.counterexample.path === undefined ? `seed ${failure.counterexample.seed}` : `seed ${failure.counterexample.seed}, path ${failure.counterexample.path}`;
    lines.push(`    counterexample (${where}):`, ...failure.counterexample.commands.map((command) => `      ${printable(command)}`));
    // An escaped error is no step of its own: it is told where it surfaced, after the steps.
    for (const stray of failure.counterexample.escaped ?? []) lines.push(`      ⚠ ${printable(`${stray.origin}${stray.step === undefined ? '' : ` after ${stray.step} started`}: ${stray.message}`)}`);
    if (invocation !== undefined) {
      const rerun = [...invocation.conform, ...rerunArguments(report, failure)];
      lines.push(`    rerun it alone: ${printable(commandLine(rerun))}`, `    as a scenario file: ${printable(commandLine([...rerun, '--out', 'counterexample.json', '--out-check', failure.check]))}; ${printable(commandLine([...invocation.replay, 'counterexample.json']))}`);
    }
  }
  if (report.stale.length > 0) lines.push('', `Stale expected failures (they pass now): ${report.stale.join(', ')}`);
  lines.push('', paint(verdictLine(report), report.verdict === 'CONFORMANT' ? 32 : 31, color), '');
  return lines.join('\n');
};
