import type { Reporter } from './reporter.js';
import { escapeData, escapeProperty } from '../../src/contract/workflow-command.js';
import { verdictLine } from './text-reporter.js';

/** GitHub Actions annotations: one error per failing check (a notice when expected), a warning per stale entry, the verdict. */
export const githubReporter: Reporter = (report) => {
  const lines: string[] = [];
  for (const failure of report.failures) {
    const level = failure.expected ? 'notice' : 'error';
    const body = [failure.message, `seed ${failure.counterexample.seed}${failure.counterexample.path === undefined ? '' : `, path ${failure.counterexample.path}`}`, ...failure.counterexample.commands].join('\n');
    lines.push(`::${level} title=${escapeProperty(`${failure.check}${failure.expected ? ' (expected)' : ''}`)}::${escapeData(body)}`);
  }
  for (const result of report.requirements) {
    if (result.status === 'NOT-TESTED') lines.push(`::warning title=${escapeProperty(`${result.id} not tested`)}::${escapeData(result.note ?? 'no check ran')}`);
  }
  for (const entry of report.stale) lines.push(`::error title=stale expected failure::${escapeData(`${entry} is listed in --expected-failures but passes now`)}`);
  lines.push(`::${report.verdict === 'CONFORMANT' ? 'notice' : 'error'} title=agent-identity-kit conform::${escapeData(`${verdictLine(report)} (seed ${report.seed})`)}`);
  return `${lines.join('\n')}\n`;
};
