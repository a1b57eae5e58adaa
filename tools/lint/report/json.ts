/**
 * `--format json`: the stable envelope of docs/rules/README.md —
 * `{ tool, version, findings: [{ ruleId, file, line, column, symbol, message, severity }], summary: { files, findings, unconfirmedLeftOut, belowLevel, durationMs } }`.
 */
import { KIT_VERSION } from '../../../src/contract/kit-version.js';
import type { Formatter } from './formatter.js';

/** The JSON formatter. */
export const formatJson: Formatter = (result) =>
  `${JSON.stringify(
    {
      tool: 'agent-identity-kit',
      version: KIT_VERSION,
      findings: result.findings.map(({ ruleId, file, line, column, symbol, message, severity }) => ({ ruleId, file, line, column, symbol, message, severity })),
      summary: { files: result.files, findings: result.findings.length, unconfirmedLeftOut: result.unconfirmedLeftOut, belowLevel: result.belowLevel, durationMs: result.durationMs },
    },
    null,
    2,
  )}\n`;
