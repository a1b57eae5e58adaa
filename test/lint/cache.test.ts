import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lint, type LintResult } from '../../tools/lint/index.js';

function comparable(result: LintResult): unknown {
  return { findings: result.findings, suppressed: result.suppressed, files: result.files };
}

describe('lint cache', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  function workspace(): string {
    const root = mkdtempSync(join(tmpdir(), 'aik-lint-cache-'));
    roots.push(root);
    writeFileSync(join(root, 'base.ts'), 'export interface HasAgent { agentId: string }\n');
    writeFileSync(join(root, 'derived.ts'), "import type { HasAgent } from './base.js';\nexport interface Derived extends HasAgent { sessionId: string }\n");
    writeFileSync(
      join(root, 'other.ts'),
      "// agent-identity-kit-ignore-next-line id-text-parsing -- fixture\nexport const remote = (sessionId: string) => sessionId.startsWith('x');\nexport type AgentId = string;\n",
    );
    return root;
  }

  it('gives the same result from the cache as from a fresh parse, cross-file shapes and suppressions included', async () => {
    const root = workspace();
    const fresh = await lint({ cwd: root, config: { unconfirmed: 'warning' } });
    const first = await lint({ cwd: root, config: { unconfirmed: 'warning' }, cache: '.cache/lint.json' });
    expect(existsSync(join(root, '.cache/lint.json'))).toBe(true);
    const second = await lint({ cwd: root, config: { unconfirmed: 'warning' }, cache: '.cache/lint.json' });
    expect(comparable(first)).toEqual(comparable(fresh));
    expect(comparable(second)).toEqual(comparable(fresh));
    expect(second.findings.map((finding) => `${finding.ruleId}:${finding.symbol}`)).toEqual(['two-id-members:Derived', 'agent-id-type:AgentId']);
  });

  it('re-lints a changed file and keeps using the cache for the others', async () => {
    const root = workspace();
    await lint({ cwd: root, config: { unconfirmed: 'warning' }, cache: 'cache.json' });
    writeFileSync(join(root, 'base.ts'), 'export interface HasAgent { label: string }\n');
    const after = await lint({ cwd: root, config: { unconfirmed: 'warning' }, cache: 'cache.json' });
    expect(after.findings.map((finding) => finding.ruleId)).toEqual(['agent-id-type']);
  });

  it('re-lints a file whose imported mint helper changed, though the file itself did not', async () => {
    const root = workspace();
    writeFileSync(join(root, 'ids.ts'), 'export const generateSessionId = (label: string): string => label;\n');
    writeFileSync(
      join(root, 'spawn.ts'),
      "import { randomUUID } from 'node:crypto';\nimport { generateSessionId } from './ids.js';\nexport function spawn(label: string) {\n  const agentId = randomUUID();\n  const sessionId = generateSessionId(label);\n  return { agentId, sessionId };\n}\n",
    );
    const before = await lint({ cwd: root, config: { unconfirmed: 'warning' }, cache: 'cache.json' });
    expect(before.findings.filter((finding) => finding.ruleId === 'double-mint')).toEqual([]);
    writeFileSync(join(root, 'ids.ts'), "import { randomUUID } from 'node:crypto';\nexport const generateSessionId = (label: string): string => `${label}-${randomUUID()}`;\n");
    const after = await lint({ cwd: root, config: { unconfirmed: 'warning' }, cache: 'cache.json' });
    expect(after.findings.filter((finding) => finding.ruleId === 'double-mint').map((finding) => `${finding.file}:${finding.symbol}`)).toEqual(['spawn.ts:spawn']);
  });

  it('re-lints a file whose imported constant list changed, though the file itself did not', async () => {
    const root = workspace();
    writeFileSync(join(root, 'rows.ts'), "export const ROWS = [{ session: { id: 'quest-1' } }, { session: { id: 'leader-1' } }];\n");
    writeFileSync(join(root, 'quests.ts'), "import { ROWS } from './rows.js';\nexport const quests = ROWS.filter(({ session }) => session.id.startsWith('quest-'));\n");
    const before = await lint({ cwd: root, config: { unconfirmed: 'warning' }, cache: 'cache.json' });
    expect(before.findings.filter((finding) => finding.ruleId === 'id-text-parsing')).toEqual([]);
    writeFileSync(join(root, 'rows.ts'), "declare function loadSession(): { id: string };\nexport const ROWS = [{ session: loadSession() }];\n");
    const after = await lint({ cwd: root, config: { unconfirmed: 'warning' }, cache: 'cache.json' });
    expect(after.findings.filter((finding) => finding.ruleId === 'id-text-parsing').map((finding) => `${finding.file}:${finding.symbol}`)).toEqual(['quests.ts:quests']);
  });

  it('is not reused under another configuration, and a corrupt cache is rebuilt', async () => {
    const root = workspace();
    await lint({ cwd: root, config: { unconfirmed: 'warning' }, cache: 'cache.json' });
    const off = await lint({ cwd: root, config: { unconfirmed: 'warning', rules: { 'agent-id-type': 'off' } }, cache: 'cache.json' });
    expect(off.findings.map((finding) => finding.ruleId)).toEqual(['two-id-members']);
    writeFileSync(join(root, 'cache.json'), '{ not json');
    const rebuilt = await lint({ cwd: root, config: { unconfirmed: 'warning' }, cache: 'cache.json' });
    expect(rebuilt.findings).toHaveLength(2);
  });
});
