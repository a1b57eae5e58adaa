import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { baselineOf, lint, LintConfigError, writeBaseline } from '../../tools/lint/index.js';

const suppressions = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/lint/suppressions');

describe('inline suppressions', () => {
  it('silence a named rule on the next line only with a reason; bad and unused ones are findings', async () => {
    const result = await lint({ cwd: suppressions, config: { unconfirmed: 'warning' } });
    expect(result.findings.map((finding) => `${finding.line}:${finding.ruleId}`)).toEqual([
      '5:invalid-suppression',
      '6:two-id-members',
      '8:invalid-suppression',
      '9:two-id-members',
      '11:unused-suppression',
    ]);
    expect(result.findings[0]?.message).toContain('has no reason');
    expect(result.findings[2]?.message).toContain("unknown rule 'two-id-memberz'");
    expect(result.suppressed.map(({ finding, reason }) => `${finding.line}:${finding.ruleId}:${reason}`)).toEqual([
      '3:two-id-members:wire format of the v1 hook protocol, removed with v2',
      '15:two-id-parameters:legacy adapter kept for one release',
    ]);
  });
});

describe('baseline', () => {
  const legacy = [
    'export interface First { agentId: string; sessionId: string }',
    'export function open(agentId: string, sessionId: string): void {}',
    '',
  ].join('\n');

  function workspace(): string {
    const root = mkdtempSync(join(tmpdir(), 'aik-lint-baseline-'));
    writeFileSync(join(root, 'legacy.ts'), legacy);
    return root;
  }

  it('adopts existing findings, fails only on new ones, and survives moved lines', async () => {
    const root = workspace();
    try {
      const before = await lint({ cwd: root, config: { unconfirmed: 'warning' } });
      expect(before.findings).toHaveLength(2);
      writeBaseline(join(root, 'baseline.json'), baselineOf(before.findings));

      // Lines move and a new finding appears.
      writeFileSync(join(root, 'legacy.ts'), `// moved down\n\n${legacy}export type AgentId = string;\n`);
      const after = await lint({ cwd: root, config: { unconfirmed: 'warning' }, baseline: 'baseline.json' });
      expect(after.baselined.map((finding) => finding.symbol)).toEqual(['First', 'open']);
      expect(after.findings.map((finding) => `${finding.line}:${finding.ruleId}`)).toEqual(['5:agent-id-type']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('reports stale entries once their finding is fixed', async () => {
    const root = workspace();
    try {
      writeBaseline(join(root, 'baseline.json'), baselineOf((await lint({ cwd: root, config: { unconfirmed: 'warning' } })).findings));
      writeFileSync(join(root, 'legacy.ts'), 'export interface First { agentId: string; sessionId: string }\n');
      const result = await lint({ cwd: root, config: { unconfirmed: 'warning' }, baseline: 'baseline.json' });
      expect(result.findings.map((finding) => `${finding.ruleId}:${finding.symbol}`)).toEqual(['stale-baseline-entry:open']);
      expect(result.baselined).toHaveLength(1);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('writes stable JSON and rejects a malformed baseline with one line naming the file', async () => {
    const root = workspace();
    try {
      const findings = (await lint({ cwd: root, config: { unconfirmed: 'warning' } })).findings;
      writeBaseline(join(root, 'a.json'), baselineOf(findings));
      writeBaseline(join(root, 'b.json'), baselineOf((await lint({ cwd: root, config: { unconfirmed: 'warning' } })).findings));
      expect(readFileSync(join(root, 'a.json'), 'utf8')).toBe(readFileSync(join(root, 'b.json'), 'utf8'));

      writeFileSync(join(root, 'bad.json'), '{"tool":"agent-identity-kit","baseline":1,"entries":[{"ruleId":1}]}');
      await expect(lint({ cwd: root, config: { unconfirmed: 'warning' }, baseline: 'bad.json' })).rejects.toThrow(
        new LintConfigError('bad.json: entries[0] needs ruleId, file, symbol, line and fingerprint'),
      );
      writeFileSync(join(root, 'broken.json'), '{');
      await expect(lint({ cwd: root, config: { unconfirmed: 'warning' }, baseline: 'broken.json' })).rejects.toThrow(/^broken\.json: baseline is not valid JSON/);
      await expect(lint({ cwd: root, config: { unconfirmed: 'warning' }, baseline: 'absent.json' })).rejects.toThrow(/^absent\.json: baseline file not found/);
      await expect(lint({ cwd: root, config: { unconfirmed: 'warning' }, baseline: '.' })).rejects.toThrow(/: cannot read baseline \(EISDIR\)$/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
