/**
 * `--format github`: GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::…`),
 * which the runner turns into annotations on the pull request.
 */
import type { Formatter } from './formatter.js';

// Workflow command escaping: data escapes %, CR, LF; property values also : and ,.
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** The GitHub annotations formatter. */
export const formatGithub: Formatter = (result) =>
  result.findings
    .map(
      (finding) =>
        `::${finding.severity === 'error' ? 'error' : 'warning'} file=${escapeProperty(finding.file)},line=${finding.line},col=${finding.column},title=${escapeProperty(`agent-identity-kit ${finding.ruleId}`)}::${escapeData(finding.message)}\n`,
    )
    .join('');
