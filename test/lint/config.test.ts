import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lint, LintConfigError, type LintConfig } from '../../tools/lint/index.js';

describe('lint configuration', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  function workspace(text: string): string {
    const root = mkdtempSync(join(tmpdir(), 'aik-lint-config-'));
    roots.push(root);
    writeFileSync(join(root, 'create.ts'), text);
    return root;
  }

  it('double-mint counts the configured id generators (also $-named ones) beside the built-in ones', async () => {
    const root = workspace(
      'export function create() {\n  const agentId = $newId();\n  const sessionId = $newId();\n  return { agentId, sessionId };\n}\n',
    );
    expect((await lint({ cwd: root, config: {} })).findings).toEqual([]);
    const result = await lint({ cwd: root, config: { rules: { 'double-mint': { options: { mintFunctions: ['$newId'] } } } } });
    expect(result.findings.map((finding) => `${finding.ruleId}:${finding.symbol}`)).toEqual(['double-mint:create']);
  });

  it.each<[string, unknown, RegExp]>([
    ['an unknown rule', { rules: { 'no-such-rule': 'error' } }, /^options\.config: lint\.rules .*allowed values \(two-id-members, /],
    ['a bad severity', { rules: { 'double-mint': 'loud' } }, /^options\.config: lint\.rules\.double-mint must/],
    ['an unknown option', { rules: { 'double-mint': { options: { mint: ['x'] } } } }, /^options\.config: lint\.rules\.double-mint/],
    ['an option of the wrong type', { rules: { 'double-mint': { options: { mintFunctions: 'newId' } } } }, /^options\.config: lint\.rules\.double-mint/],
    ['an ignore without a reason', { ignores: [{ pattern: 'x/**' }] }, /^options\.config: lint\.ignores\.0 must have required property 'reason'$/],
    ['an unknown vocabulary key', { vocabulary: { labelName: ['x'] } }, /^options\.config: lint\.vocabulary: unknown key "labelName" \(did you mean "labelNames"\?\)$/],
  ])('rejects %s with one line naming where', async (_what, config, message) => {
    const root = workspace('export const x = 1;\n');
    const error = await lint({ cwd: root, config: config as LintConfig }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LintConfigError);
    expect((error as Error).message).toMatch(message);
  });
});
