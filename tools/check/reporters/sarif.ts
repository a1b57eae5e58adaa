import { pathToFileURL } from 'node:url';
import type { Log, Notification, ReportingDescriptor, Result } from 'sarif';
import { KIT_VERSION } from '../../../src/contract/kit-version.js';
import type { Finding } from '../finding.js';
import type { GateOutcome } from '../gate-outcome.js';
import { artifactUri } from './encoding.js';

/**
 * A SARIF 2.1.0 log for code scanning: one run of the tool `agent-identity-kit`, a rule per rule
 * id that found something (its gate in `properties`), every finding an `error` result at its
 * file (relative to the `SRCROOT` base, the checked root) and line and column when it has them.
 * A gate that could not run is an error notification of the invocation, which then did not
 * succeed; notes are `note` notifications. No timings, so the same tree gives the same bytes.
 */
export function sarif(outcomes: readonly GateOutcome[], exitCode: number, root: string): string {
  const rules: ReportingDescriptor[] = [];
  const ruleIndex = new Map<string, number>();
  const results: Result[] = [];
  const notifications: Notification[] = [];
  const toResult = (gate: string, finding: Finding): Result => {
    if (!ruleIndex.has(finding.rule)) {
      ruleIndex.set(finding.rule, rules.length);
      rules.push({ id: finding.rule, defaultConfiguration: { level: 'error' }, properties: { gate } });
    }
    const region = finding.line === undefined ? {} : { region: { startLine: finding.line, ...(finding.column === undefined ? {} : { startColumn: finding.column }) } };
    return {
      ruleId: finding.rule,
      ruleIndex: ruleIndex.get(finding.rule) ?? -1,
      level: 'error',
      message: { text: finding.message },
      locations: [{ physicalLocation: { artifactLocation: { uri: artifactUri(finding.file), uriBaseId: 'SRCROOT' }, ...region } }],
      properties: { gate },
    };
  };
  for (const outcome of outcomes) {
    if (outcome.error !== undefined) notifications.push({ level: 'error', message: { text: outcome.error }, properties: { gate: outcome.gate } });
    for (const note of outcome.notes) notifications.push({ level: 'note', message: { text: note }, properties: { gate: outcome.gate } });
    for (const finding of outcome.findings) results.push(toResult(outcome.gate, finding));
  }
  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'agent-identity-kit', version: KIT_VERSION, semanticVersion: KIT_VERSION, rules } },
        originalUriBaseIds: { SRCROOT: { uri: pathToFileURL(root).href.replace(/\/?$/, '/') } },
        columnKind: 'utf16CodeUnits',
        invocations: [{ executionSuccessful: outcomes.every((outcome) => outcome.status !== 'error'), exitCode, toolExecutionNotifications: notifications }],
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
