import type { Reporter } from './reporter.js';
import { verdictLine } from './text-reporter.js';

/** Escapes a workflow-command value (GitHub Actions: `%`, CR and LF). */
function escape(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** GitHub Actions annotations: one error per failing check (a notice when expected), a warning per stale entry, the verdict. */
export const githubReporter: Reporter = (report) => {
  const lines: string[] = [];
  for (const failure of report.failures) {
    const level = failure.expected ? 'notice' : 'error';
    const body = [failure.message, `seed ${failure.counterexample.seed}${failure.counterexample.path === undefined ? '' : `, path ${failure.counterexample.path}`}`, ...failure.counterexample.commands].join('\n');
    lines.push(`::${level} title=${escape(`${failure.check}${failure.expected ? ' (expected)' : ''}`).replace(/[:,]/g, (c) => (c === ':' ? '%3A' : '%2C'))}::${escape(body)}`);
  }
  for (const result of report.requirements) {
    if (result.status === 'NOT-TESTED') lines.push(`::warning title=${result.id} not tested::${escape(result.note ?? 'no check ran')}`);
  }
  for (const entry of report.stale) lines.push(`::error title=stale expected failure::${escape(`${entry} is listed in --expected-failures but passes now`)}`);
  lines.push(`::${report.verdict === 'CONFORMANT' ? 'notice' : 'error'} title=agent-identity-kit conform::${escape(`${verdictLine(report)} (seed ${report.seed})`)}`);
  return `${lines.join('\n')}\n`;
};
