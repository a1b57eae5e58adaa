/**
 * `--format sarif`: a SARIF 2.1.0 log with the rules' metadata, artifact URIs relative to the
 * `SRCROOT` base (the working directory), inline and baseline suppressions, and stable
 * `partialFingerprints` (no line numbers in them, so a moved finding keeps its identity).
 */
import { pathToFileURL } from 'node:url';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import { artifactUri } from '../../check/reporters/encoding.js';
import { BUILT_IN_CHECKS } from '../_internals/built-in-checks.js';
import { KIT_VERSION } from '../../../src/contract/kit-version.js';
import { RULES } from '../rules/index.js';
import type { Finding } from '../types.js';
import type { Formatter } from './formatter.js';

const FINGERPRINT_KEY = 'agentIdentityKit/v1';

function descriptors(): ReportingDescriptor[] {
  const rules: ReportingDescriptor[] = RULES.map((rule) => ({
    id: rule.id,
    shortDescription: { text: rule.description },
    help: { text: `See docs/rules/${rule.id}.md for incorrect and correct examples and the rule's options.` },
    defaultConfiguration: { level: 'error' },
    properties: { requirement: 'AIK-ID-004', mode: rule.mode, tags: ['AIK-ID-004', 'identity'] },
  }));
  for (const [id, text] of Object.entries(BUILT_IN_CHECKS)) {
    rules.push({ id, shortDescription: { text }, defaultConfiguration: { level: 'error' }, properties: { tags: ['lint'] } });
  }
  return rules;
}

/** The SARIF formatter. */
export const formatSarif: Formatter = (result) => {
  const rules = descriptors();
  const index = new Map(rules.map((rule, position) => [rule.id, position]));
  const toResult = (finding: Finding, suppression?: Result['suppressions']): Result => ({
    ruleId: finding.ruleId,
    ruleIndex: index.get(finding.ruleId) ?? -1,
    level: finding.severity === 'error' ? 'error' : 'warning',
    message: { text: finding.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: artifactUri(finding.file), uriBaseId: 'SRCROOT' },
          region: { startLine: finding.line, startColumn: finding.column },
        },
        logicalLocations: [{ fullyQualifiedName: finding.symbol }],
      },
    ],
    partialFingerprints: { [FINGERPRINT_KEY]: finding.fingerprint },
    ...(finding.confirmation === undefined
      ? {}
      : { properties: { confirmation: finding.confirmation.status, ...(finding.confirmation.reason === undefined ? {} : { confirmationReason: finding.confirmation.reason }) } }),
    ...(suppression === undefined ? {} : { suppressions: suppression }),
  });
  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'agent-identity-kit', version: KIT_VERSION, semanticVersion: KIT_VERSION, rules } },
        originalUriBaseIds: { SRCROOT: { uri: `${pathToFileURL(result.cwd).href.replace(/\/?$/, '/')}` } },
        columnKind: 'utf16CodeUnits',
        invocations: [{ executionSuccessful: true }],
        results: [
          ...result.findings.map((finding) => toResult(finding)),
          ...result.suppressed.map(({ finding, reason }) => toResult(finding, [{ kind: 'inSource', justification: reason }])),
          ...result.baselined.map((finding) => toResult(finding, [{ kind: 'external', justification: 'Adopted in the lint baseline.' }])),
        ],
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
};
