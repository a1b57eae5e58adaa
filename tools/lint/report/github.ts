/**
 * `--format github`: GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::…`),
 * which the runner turns into annotations on the pull request.
 */
import { escapeData, escapeProperty } from '../../../src/contract/workflow-command.js';
import type { Formatter } from './formatter.js';

/** The GitHub annotations formatter. */
export const formatGithub: Formatter = (result) =>
  result.findings
    .map(
      (finding) =>
        `::${finding.severity === 'error' ? 'error' : 'warning'} file=${escapeProperty(finding.file)},line=${finding.line},col=${finding.column},title=${escapeProperty(`agent-identity-kit ${finding.ruleId}`)}::${escapeData(finding.message)}\n`,
    )
    .join('');
