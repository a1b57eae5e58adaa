import type { Finding } from '../finding.js';

/** `file`, `file:line` or `file:line:column`: the form editors and terminals turn into links. */
export function location(finding: Finding): string {
  if (finding.line === undefined) return finding.file;
  return finding.column === undefined ? `${finding.file}:${finding.line}` : `${finding.file}:${finding.line}:${finding.column}`;
}
