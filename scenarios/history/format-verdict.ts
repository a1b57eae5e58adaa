import { requirement } from '../../src/contract/requirements.js';
import type { TraceVerdict } from './check-history.js';
import type { HistoryLine } from './history-format.js';

/** Renders a `trace` verdict for a person: the verdict, the requirement in words and the witness lines as written. */
export function formatVerdict(file: string, records: number, verdict: TraceVerdict): string {
  const witness = (lines: readonly HistoryLine[]): string[] => ['  witness:', ...lines.map((line) => `    line ${line.line}: ${line.text}`)];
  switch (verdict.verdict) {
    case 'OK':
      return `${file}: OK (${records} records, no violation)\n`;
    case 'UNKNOWN':
      return [`${file}: UNKNOWN`, `  ${verdict.reason}`, ...witness(verdict.witness), ''].join('\n');
    case 'ILLEGAL': {
      const { violation, others } = verdict;
      const statement = requirement(violation.requirement)?.statement;
      return [
        `${file}: ILLEGAL — ${violation.requirement} is broken`,
        ...(statement === undefined ? [] : [`  ${violation.requirement}: ${statement}`]),
        `  ${violation.explanation}`,
        ...witness(violation.witness),
        ...(others > 0 ? [`  (${others} later violation${others > 1 ? 's' : ''} not shown: this is the earliest)`] : []),
        '',
      ].join('\n');
    }
  }
}
