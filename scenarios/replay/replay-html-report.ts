import type { Scenario } from '../../src/contract/scenario.js';
import { escapeHtml } from '../../src/contract/html-escape.js';
import { CONTRACT_VERSION } from '../../src/contract/requirements.js';
import { KIT_VERSION } from '../../src/contract/kit-version.js';
import { htmlPage } from '../../properties/reporters/html/html-page.js';
import { sequenceDiagramSvg, type SequenceDiagram } from '../../properties/reporters/html/sequence-diagram.js';
import { clauseQuotes } from '../../properties/reporters/html-reporter.js';
import { commandLine } from '../../properties/reporters/rerun-command.js';
import type { ReplayFailure, ScenarioResult } from './replay-scenario.js';
import { replaySequence } from './replay-sequence.js';

/** What the HTML report shows of one replayed scenario beyond its text: its title, its run drawn, where it diverged. */
export interface ReplayDetail {
  readonly title: string;
  readonly diagram?: SequenceDiagram;
  readonly failure?: ReplayFailure;
}

/** One scenario's result as `replay` reports it. */
export interface ReplayedScenario {
  readonly file: string;
  readonly id: string;
  readonly status: 'PASS' | 'FAIL' | 'SKIP';
  /** What the text format prints for it. */
  readonly text: string;
  /** Absent when the worker replaying it was lost. */
  readonly detail?: ReplayDetail;
}

/** The detail of a replay result: a skipped scenario has no run to draw. */
export function replayDetail(scenario: Scenario, result: ScenarioResult): ReplayDetail {
  if (result.status === 'SKIP') return { title: scenario.title };
  return { title: scenario.title, diagram: replaySequence(result.timeline, result.status === 'FAIL' ? result.failure : undefined), ...(result.status === 'FAIL' ? { failure: result.failure } : {}) };
}

/** One failed scenario: where it diverged and which clauses it breaks, its run drawn, its text, the command that replays it alone. */
function failureSection(result: ReplayedScenario, at: number, replay: readonly string[]): string {
  const { detail } = result;
  const failure = detail?.failure;
  return [
    `<section class="failure" id="failure-${at}">`,
    `<h3>✗ ${escapeHtml(`${result.id}${detail === undefined ? '' : ` — ${detail.title}`}`)}</h3>`,
    ...(failure === undefined ? [] : [`<p>${escapeHtml(`first divergence at step ${failure.step}: ${failure.line} · requirements ${failure.requirements.join(', ')}`)}</p>`, clauseQuotes(failure.clauses ?? []), `<pre class="message">${escapeHtml(`expected: ${failure.expected}\nobserved: ${failure.observed}`)}</pre>`]),
    ...(detail?.diagram === undefined ? [] : [`<h4>the replay's run</h4><div class="diagram">${sequenceDiagramSvg(detail.diagram, { title: `the replay of ${result.id}`, key: `failure-${at}` })}</div>`]),
    `<details${detail?.diagram === undefined ? ' open' : ''}><summary>as the text report prints it</summary><pre>${escapeHtml(result.text.trimEnd())}</pre></details>`,
    `<h4>replay it alone</h4><pre class="rerun">${escapeHtml(commandLine([...replay, result.file]))}</pre>`,
    '</section>',
  ].join('\n');
}

/**
 * `replay --format html`: one self-contained page with the summary as its verdict, the scenarios
 * in a table filtered by text and status, and each failed one with the clauses it breaks, its run
 * drawn as a sequence diagram (calls, outcomes and the events heard, the first divergence marked)
 * and the command that replays it alone (`replay`: the words that start it with its adapter flags).
 */
export function replayHtmlReport(run: { readonly results: readonly ReplayedScenario[]; readonly outside: readonly string[]; readonly adapter: string; readonly replay: readonly string[] }): string {
  const counts = { PASS: 0, FAIL: 0, SKIP: 0 };
  for (const result of run.results) counts[result.status] += 1;
  const failed = run.results.filter((result) => result.status === 'FAIL');
  const rows = run.results.map((result) => {
    const at = failed.indexOf(result);
    const id = at < 0 ? escapeHtml(result.id) : `<a href="#failure-${at}">${escapeHtml(result.id)}</a>`;
    const why = result.status === 'SKIP' ? result.text.replace(/^SKIP +\S+ — /, '').trim() : (result.detail?.title ?? result.text.split('\n')[0] ?? '');
    return { status: result.status, cells: [id, escapeHtml(result.file), escapeHtml(why)] };
  });
  const sections = [
    ...(failed.length === 0 ? [] : ['<h2>Failures</h2>', ...failed.map((result, at) => failureSection(result, at, run.replay))]),
    ...(run.outside.length === 0 ? [] : [`<h2>Outside any scenario</h2><pre>${escapeHtml(run.outside.join('\n'))}</pre>`]),
  ];
  const passed = counts.FAIL === 0 && run.outside.length === 0;
  return htmlPage({
    title: `agent-identity-kit replay: ${passed ? 'PASS' : 'FAIL'}`,
    verdict: `${run.results.length} scenario${run.results.length === 1 ? '' : 's'}: ${counts.PASS} passed, ${counts.FAIL} failed, ${counts.SKIP} not applicable${run.outside.length === 0 ? '' : `, ${run.outside.length} errors outside any scenario`}`,
    passed,
    facts: [
      ['tool', `agent-identity-kit ${KIT_VERSION}`],
      ['contract', CONTRACT_VERSION],
      ['adapter', run.adapter],
    ],
    columns: ['status', 'scenario', 'file', 'title'],
    short: 1,
    statuses: ['PASS', 'FAIL', 'SKIP'],
    rows,
    sections: sections.join('\n'),
  });
}
