import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';
import { FORMATTERS, lint, RULES, type LintResult } from '../../tools/lint/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, '../fixtures/lint');
const packageVersion = (JSON.parse(readFileSync(join(here, '../../package.json'), 'utf8')) as { version: string }).version;

// The official SARIF 2.1.0 schema (final "rtm.5" revision, JSON Schema draft-04), as shipped by
// Microsoft's @microsoft/jest-sarif package.
const require = createRequire(import.meta.url);
// Its `language` pattern has a stray `]` that is only legal without the `u` flag, hence
// `unicodeRegExp: false` below.
const sarifSchema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as object;

/** How the text summary counts the rules by mode, e.g. `3 syntactic, 5 type-aware`. */
const MODES = ['syntactic', 'type-aware']
  .map((mode) => [RULES.filter((rule) => rule.mode === mode).length, mode] as const)
  .filter(([count]) => count > 0)
  .map(([count, mode]) => `${count} ${mode}`)
  .join(', ');

async function suppressionsResult(): Promise<LintResult> {
  return lint({ cwd: join(fixtures, 'suppressions'), config: { unconfirmed: 'warning' } });
}

describe('json format (DESIGN.md "Identity lint")', () => {
  it('is exactly { tool, version, findings: [{ ruleId, file, line, column, symbol, message, severity }], summary: { files, findings, unconfirmedLeftOut, belowLevel, durationMs } }', async () => {
    const result = await lint({ cwd: join(fixtures, 'rules/two-id-parameters'), config: { unconfirmed: 'warning' } });
    const output = JSON.parse(FORMATTERS.json(result)) as Record<string, unknown>;
    expect(Object.keys(output)).toEqual(['tool', 'version', 'findings', 'summary']);
    expect(output['tool']).toBe('agent-identity-kit');
    expect(output['version']).toBe(packageVersion);
    const findings = output['findings'] as Array<Record<string, unknown>>;
    expect(findings).toHaveLength(result.findings.length);
    for (const finding of findings) expect(Object.keys(finding)).toEqual(['ruleId', 'file', 'line', 'column', 'symbol', 'message', 'severity']);
    expect(findings[0]).toEqual({
      ruleId: 'agent-id-type',
      file: 'incorrect.ts',
      line: 4,
      column: 6,
      symbol: 'AgentId',
      message:
        "'AgentId' is a second id type for what is keyed by 'SessionId': an agent's id is its session id, so use 'SessionId' and remove 'AgentId'. (Confirmed: 'AgentId' is a second id type in a package whose code names session ids.)",
      severity: 'error',
    });
    expect(output['summary']).toEqual({ files: 2, findings: result.findings.length, unconfirmedLeftOut: 0, belowLevel: 0, durationMs: result.durationMs });
  });

  it('is byte-for-byte the same for the same input, timings aside', async () => {
    const cwd = join(fixtures, 'rules');
    const render = async (): Promise<string> => FORMATTERS.json({ ...(await lint({ cwd, config: { unconfirmed: 'warning' } })), durationMs: 0 });
    expect(await render()).toBe(await render());
  });
});

describe('sarif format', () => {
  it('validates against the SARIF 2.1.0 schema, with rule metadata, relative URIs and suppressions', async () => {
    const ajv = new Ajv04.default({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats.default(ajv);
    const validate = ajv.compile(sarifSchema);
    const result = await suppressionsResult();
    const log = JSON.parse(FORMATTERS.sarif(result)) as Log;
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);

    const [run] = log.runs;
    const rules = run?.tool.driver.rules ?? [];
    for (const rule of RULES) expect(rules.find((descriptor) => descriptor.id === rule.id)?.shortDescription?.text).toBe(rule.description);
    expect(run?.originalUriBaseIds?.['SRCROOT']?.uri).toMatch(/^file:\/\/.*\/suppressions\/$/);
    const results = run?.results ?? [];
    expect(results).toHaveLength(result.findings.length + result.suppressed.length);
    for (const entry of results) {
      const location = entry.locations?.[0]?.physicalLocation?.artifactLocation;
      expect(location).toEqual({ uri: 'source.ts', uriBaseId: 'SRCROOT' });
      expect(rules[entry.ruleIndex ?? -1]?.id).toBe(entry.ruleId);
      expect(entry.partialFingerprints?.['agentIdentityKit/v1']).toMatch(/^[0-9a-f]{32}$/);
    }
    const suppressed = results.filter((entry) => entry.suppressions !== undefined);
    expect(suppressed.map((entry) => entry.suppressions)).toEqual([
      [{ kind: 'inSource', justification: 'wire format of the v1 hook protocol, removed with v2' }],
      [{ kind: 'inSource', justification: 'legacy adapter kept for one release' }],
    ]);
  });

  it('rejects a log that breaks the schema (the validation can fail)', () => {
    const ajv = new Ajv04.default({ strict: false, unicodeRegExp: false });
    addFormats.default(ajv);
    expect(ajv.validate(sarifSchema, { version: '2.1.0', runs: [{ tool: { driver: {} } }] })).toBe(false);
  });
});

describe('github format', () => {
  it('writes one workflow annotation per finding with file, line, column and rule', async () => {
    const result = await suppressionsResult();
    const lines = FORMATTERS.github(result).trimEnd().split('\n');
    expect(lines).toHaveLength(result.findings.length);
    expect(lines[1]).toBe(
      `::warning file=source.ts,line=6,col=18,title=agent-identity-kit two-id-members::${result.findings[1]?.message}`,
    );
  });
});

describe('text format', () => {
  it('groups findings by file with a code frame and says which rules ran in which mode', async () => {
    const result = await lint({ cwd: join(fixtures, 'rules/duplicate-identity'), config: { unconfirmed: 'warning' } });
    const text = FORMATTERS.text(result);
    expect(text.startsWith('incorrect.ts\n')).toBe(true);
    expect(text).toContain('  5:12  error  duplicate-identity  ');
    expect(text).toContain('    > 5 |   readonly id: SessionId; // expect: duplicate-identity\n        |            ^');
    expect(text).toContain(`✖ ${result.findings.length} findings (${result.findings.length} errors) in 1 file (2 files linted in`);
    expect(text).toContain(`rules: ${MODES})`);
    expect(text).not.toContain('\u001b[');
    expect(FORMATTERS.text(result, { color: true })).toContain('\u001b[31merror\u001b[39m');
  });

  it('shows the escape sequences and control characters of a linted file escaped, never raw, in its code frame', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'aik-lint-escapes-'));
    try {
      cpSync(join(fixtures, 'rules/duplicate-identity'), cwd, { recursive: true });
      const file = join(cwd, 'incorrect.ts');
      // A comment that clears the screen, rings the bell and reverses the rest of the line.
      writeFileSync(file, readFileSync(file, 'utf8').replace('// expect: duplicate-identity', '// expect: duplicate-identity \u001b[2J\r\u0007\u202e'));
      const result = await lint({ cwd, config: { unconfirmed: 'warning' } });
      const text = FORMATTERS.text(result);
      expect(text).toContain('    > 5 |   readonly id: SessionId; // expect: duplicate-identity \\x1b[2J\\x0d\\x07\\u202e\n');
      expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202e]/);
      // With colours, the only escape sequences are the kit's own.
      expect(FORMATTERS.text(result, { color: true }).replace(/\u001b\[\d+m/g, '')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202e]/);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('counts the tsconfigs it found', async () => {
    const result = await lint({ cwd: join(fixtures, 'monorepo'), config: { unconfirmed: 'warning' } });
    expect(FORMATTERS.text(result)).toMatch(new RegExp(`\\(7 files linted in \\d+ ms, 3 tsconfigs found; rules: ${MODES}\\)\\n  \\d+ of them only named so: a warning says what the code could not prove \\(each message says why\\)\\n$`));
  });

  it('says so when there is nothing to report', async () => {
    const result = await lint({ cwd: join(fixtures, 'rules/duplicate-identity'), paths: ['correct.ts'], config: { unconfirmed: 'warning' } });
    expect(FORMATTERS.text(result)).toMatch(new RegExp(`^✔ no findings \\(1 file linted in \\d+ ms; rules: ${MODES}\\)\\n$`));
  });
});
