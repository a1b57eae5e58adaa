import type { ConformanceReport, RequirementStatus } from '../report/conformance-report.js';
import { printable } from '../../src/contract/printable.js';
import type { Reporter } from './reporter.js';
import picocolors from 'picocolors';
import { commandLine, rerunArguments } from './rerun-command.js';
import { expectedGotDiff } from './expected-got-diff.js';

type Paint = (text: string) => string;
type Colors = ReturnType<typeof picocolors.createColors>;

/** The colour of each status, from picocolors (`createColors(false)` paints nothing). */
const COLOURS: Readonly<Record<RequirementStatus, (colors: Colors) => Paint>> = { PASS: (c) => c.green, FAIL: (c) => c.red, 'NOT-APPLICABLE': (c) => c.gray, 'NOT-TESTED': (c) => c.yellow, STATIC: (c) => c.cyan };

/** The adapter line: declared profiles and capabilities, or why the adapter could not be probed. */
export function describeAdapter(report: ConformanceReport): string {
  if ('error' in report.adapter) return `adapter: ${report.adapter.error}`;
  const { capabilities, profiles } = report.adapter;
  const names = Object.keys(capabilities) as (keyof typeof capabilities)[];
  const declared = names.filter((name) => capabilities[name]);
  const absent = names.filter((name) => !capabilities[name]);
  return `adapter: teardown ${profiles.teardown}, persistedCreate ${profiles.persistedCreate}; capabilities ${declared.join(', ') || 'none'}${absent.length > 0 ? ` (not declared: ${absent.join(', ')})` : ''}`;
}

/** The closing verdict line with the summary counts; failures the baseline (`--expected-failures`) lists are said to be expected. */
export function verdictLine(report: ConformanceReport): string {
  const { summary } = report;
  const stale = report.stale.length > 0 ? `, ${report.stale.length} stale expected failures` : '';
  const expected = report.requirements.filter((result) => result.status === 'FAIL' && result.expected === true).length;
  const fail = expected === 0 ? `${summary.FAIL} fail` : `${summary.FAIL} fail (${expected === summary.FAIL ? 'all' : expected} expected)`;
  const subset = report.subset === undefined ? '' : ` (${report.subset.mode} subset)`;
  return `${report.verdict}${subset} — ${summary.PASS} pass, ${fail}, ${summary['NOT-APPLICABLE']} not applicable, ${summary['NOT-TESTED']} not tested, ${summary.STATIC} static${stale}`;
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
  const colors = picocolors.createColors(color);
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
    lines.push(`  ${COLOURS[result.status](colors)(result.status.padEnd(14))} ${result.id}${note === '' ? '' : `  ${printable(note)}`}`);
  }
  if (report.failures.length > 0) lines.push('', 'Failures');
  for (const failure of report.failures) {
    const charged = failure.check.startsWith(`${failure.requirement}/`) ? '' : ` (counts against ${failure.requirement})`;
    lines.push(`  ${colors.red('✗')} ${failure.check}${charged}${failure.adapter ? ' (adapter)' : ''}${failure.expected ? ' (expected)' : ''}`);
    for (const line of folded(failure.message)) lines.push(`    ${printable(line)}`, ...expectedGotDiff(line).map((diff) => `      ${(diff.startsWith('+') ? colors.green : colors.red)(printable(diff))}`));
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
  if (report.subset !== undefined) lines.push('', `Not applicable over ${report.subset.mode} (the checks that need in-process scheduling):`, ...report.subset.notApplicable.map((entry) => `  ${entry.check}  ${printable(entry.reason)}`));
  lines.push('', (report.verdict === 'CONFORMANT' ? colors.green : colors.red)(verdictLine(report)), '');
  return lines.join('\n');
};
