import type { FailureDetail, RequirementStatus } from '../report/conformance-report.js';
import { clause } from '../../src/contract/clauses.js';
import { escapeHtml } from '../../src/contract/html-escape.js';
import type { Reporter } from './reporter.js';
import { commandLine, rerunArguments } from './rerun-command.js';
import { expectedGotDiff } from './expected-got-diff.js';
import { describeAdapter, generatedRuns, verdictLine } from './text-reporter.js';
import { htmlPage } from './html/html-page.js';
import { sequenceDiagramSvg } from './html/sequence-diagram.js';
import { counterexampleSequence } from './html/counterexample-sequence.js';

const STATUSES: readonly RequirementStatus[] = ['PASS', 'FAIL', 'NOT-APPLICABLE', 'NOT-TESTED', 'STATIC'];

/** The clauses a failure broke, each quoted from the clause map with where the contract says it. */
export function clauseQuotes(ids: readonly string[]): string {
  return ids
    .map((id) => {
      const quoted = clause(id);
      return quoted === undefined ? '' : `<blockquote class="clause"><span class="where">${escapeHtml(`${quoted.id} · docs/contract.md § ${quoted.section}`)}</span>${escapeHtml(quoted.text)}</blockquote>`;
    })
    .join('');
}

/** A failure's message, each sub-case with the diff of its expected and observed values under it. */
function messageHtml(message: string): string {
  return message
    .split('\n')
    .map((line) => [escapeHtml(line), ...expectedGotDiff(line).map((diff) => `  <span class="${diff.startsWith('+') ? 'diff-add' : 'diff-remove'}">${escapeHtml(diff)}</span>`)].join('\n'))
    .join('\n');
}

/** One failure: what it broke (clause text), what failed, its counterexample drawn and as text, and how to rerun it. */
function failureSection(failure: FailureDetail, at: number, rerun: readonly string[] | undefined, replay: readonly string[] | undefined): string {
  const { counterexample } = failure;
  const tags = [failure.check.startsWith(`${failure.requirement}/`) ? '' : ` (counts against ${failure.requirement})`, failure.adapter ? ' (adapter)' : '', failure.expected ? ' (expected)' : '', failure.flaky === true ? ' (flaky: not seen again on the confirming re-run)' : ''].join('');
  const where = counterexample.path === undefined ? `seed ${counterexample.seed}` : `seed ${counterexample.seed}, path ${counterexample.path}`;
  const escaped = (counterexample.escaped ?? []).map((stray) => `⚠ ${stray.origin}${stray.step === undefined ? '' : ` after ${stray.step} started`}: ${stray.message}`);
  const diagram = counterexample.steps.length === 0 ? '<p>No step ran before the failure.</p>' : `<div class="diagram">${sequenceDiagramSvg(counterexampleSequence(failure), { title: `the run of ${failure.check}`, key: `failure-${at}` })}</div>`;
  return [
    `<section class="failure${failure.expected ? ' expected' : ''}" id="failure-${at}">`,
    `<h3>✗ ${escapeHtml(`${failure.check}${tags}`)}</h3>`,
    clauseQuotes(failure.clauses ?? []),
    `<pre class="message">${messageHtml(failure.message)}</pre>`,
    `<h4>counterexample (${escapeHtml(where)})</h4>`,
    diagram,
    `<details><summary>its steps as text</summary><pre>${escapeHtml([...counterexample.commands, ...escaped].join('\n'))}</pre></details>`,
    ...(rerun === undefined ? [] : [`<h4>rerun it alone</h4><pre class="rerun">${escapeHtml(commandLine(rerun))}</pre>`, `<p>as a scenario file:</p><pre>${escapeHtml(`${commandLine([...rerun, '--out', 'counterexample.json', '--out-check', failure.check])}\n${commandLine([...(replay ?? []), 'counterexample.json'])}`)}</pre>`]),
    '</section>',
  ].join('\n');
}

/**
 * One self-contained HTML page: the verdict with the run's facts, the requirements in a table
 * filtered by text and status, each failure with its clauses' text, its counterexample drawn as a
 * sequence diagram of the implementation's run, and its rerun line. No timing is shown: the same
 * seed gives the same bytes.
 */
export const htmlReporter: Reporter = (report, { invocation }) => {
  const first = new Map<string, number>();
  report.failures.forEach((failure, at) => {
    if (!first.has(failure.requirement)) first.set(failure.requirement, at);
  });
  const rows = report.requirements.map((result) => {
    const failure = first.get(result.id);
    const checks = result.checks.map((check) => `${check.id.slice(check.id.indexOf('/') + 1)} (${check.runs})`).join(', ');
    const id = failure === undefined ? escapeHtml(result.id) : `<a href="#failure-${failure}">${escapeHtml(result.id)}</a>`;
    return { status: result.status, cells: [id, escapeHtml(result.area), escapeHtml(result.tier), escapeHtml(checks), escapeHtml([result.note, result.expected === true ? 'expected failure' : undefined].filter((part) => part !== undefined).join(' · '))] };
  });
  const sections = [
    ...(report.failures.length === 0 ? [] : ['<h2>Failures</h2>']),
    ...report.failures.map((failure, at) => failureSection(failure, at, invocation === undefined ? undefined : [...invocation.conform, ...rerunArguments(report, failure)], invocation?.replay)),
    ...(report.stale.length === 0 ? [] : [`<h2>Stale expected failures</h2><p>They pass now: ${escapeHtml(report.stale.join(', '))}</p>`]),
    ...(report.subset === undefined ? [] : [`<h2>Not applicable over ${escapeHtml(report.subset.mode)}</h2><pre>${escapeHtml(report.subset.notApplicable.map((entry) => `${entry.check}  ${entry.reason}`).join('\n'))}</pre>`]),
  ];
  return htmlPage({
    title: `${report.tool} conform: ${report.verdict}`,
    verdict: verdictLine(report),
    passed: report.verdict === 'CONFORMANT',
    facts: [
      ['tool', `${report.tool} ${report.version}`],
      ['contract', report.contract],
      ['seed', String(report.seed)],
      ['runs', generatedRuns(report)],
      ['adapter', describeAdapter(report).replace(/^adapter: /, '')],
      ['requirements', report.scope === 'all' ? 'all' : report.scope.join(', ')],
    ],
    columns: ['status', 'requirement', 'area', 'tier', 'checks (runs)', 'note'],
    short: 3,
    statuses: STATUSES,
    rows,
    sections: sections.join('\n'),
  });
};
