import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lint } from '../../tools/lint/index.js';

/**
 * The harness the design note (`shared/seed/`) describes, as a small monorepo written from the
 * note and §6 alone (by a helper who did not read the lint): `before/` carries every shape the
 * note says the one-identity refactor removed, `after/` the refactor applied. `planted.json` holds
 * its labels, written before the lint was run on it.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/lint/seed-harness');

interface Planted {
  readonly variant: 'before' | 'after';
  readonly file: string;
  readonly line: number;
  readonly shape: string;
  readonly verdict: 'smell' | 'look-alike';
}
const planted = JSON.parse(readFileSync(join(root, 'planted.json'), 'utf8')) as Planted[];

/**
 * Where the lint reports each planted smell: at the construct it names (the first of two mints,
 * the member or expression for the rest), so a few lines may lie between the label's line and the
 * finding's. The `Agent` constructor's `AgentId` beside its `Session` (agent.ts:26) is the same
 * class as the `id` field it stores (agent.ts:20): one finding per construct.
 */
const EXPECTED: ReadonlyArray<readonly [shape: string, file: string, line: number, rule: string]> = [
  ['a', 'packages/core/src/ids.ts', 6, 'agent-id-type'],
  ['b', 'packages/core/src/options.ts', 5, 'two-id-members'],
  ['c', 'packages/core/src/options.ts', 15, 'two-id-members'],
  ['d', 'packages/core/src/config.ts', 37, 'derived-id'],
  ['e', 'packages/core/src/subagent.ts', 24, 'double-mint'],
  ['f', 'packages/core/src/session.ts', 22, 'duplicate-identity'],
  ['g', 'packages/acp/src/bridge.ts', 18, 'id-translation-map'],
  ['h', 'packages/acp/src/bridge.ts', 26, 'id-translation-map'],
  ['i', 'packages/rpc/src/index.ts', 10, 'id-translation-map'],
  ['j', 'packages/cli/src/stdio.ts', 7, 'id-translation-map'],
  ['k', 'packages/core/src/ids.ts', 21, 'derived-id'],
  ['k (its use)', 'packages/core/src/config.ts', 40, 'derived-id'],
  ['l', 'packages/core/src/runtime.ts', 44, 'id-translation-map'],
  ['m', 'packages/cli/src/index.ts', 19, 'derived-id'],
  ['n', 'packages/core/src/runtime.ts', 105, 'two-id-parameters'],
  ['o', 'packages/cli/src/stdio.ts', 21, 'id-text-parsing'],
  ['f, n (Agent)', 'packages/core/src/agent.ts', 20, 'duplicate-identity'],
  ['b (hook payload)', 'packages/cli/src/index.ts', 11, 'two-id-members'],
];

const scratch = mkdtempSync(join(tmpdir(), 'aik-seed-harness-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function findings(folder: string) {
  const result = await lint({ cwd: folder, config: {} });
  return { result, rows: result.findings.map((finding) => [finding.file, finding.line, finding.ruleId, finding.severity] as const) };
}

describe('the seed harness (the design note, before and after its refactor)', () => {
  it('reports every planted shape of before/ at error, once, and nothing else', async () => {
    const { result, rows } = await findings(join(root, 'before'));
    expect(result.files).toBe(15);
    expect([...rows].sort()).toEqual(EXPECTED.map(([, file, line, rule]) => [file, line, rule, 'error'] as const).sort());
    // Every labelled smell is one of them, within its construct's lines (the equality above leaves no room for a look-alike).
    for (const label of planted.filter((entry) => entry.variant === 'before' && entry.verdict === 'smell')) {
      expect(rows.some(([file, line]) => file === label.file && Math.abs(line - label.line) <= 9), `${label.shape} at ${label.file}:${label.line}`).toBe(true);
    }
  });

  it('reports nothing on after/, the refactor applied', async () => {
    const { result, rows } = await findings(join(root, 'after'));
    expect(result.files).toBe(15);
    expect(rows).toEqual([]);
  });

  it('gives the same findings when the base tsconfig the packages extend is missing', async () => {
    const copy = join(scratch, 'before-no-base');
    cpSync(join(root, 'before'), copy, { recursive: true });
    rmSync(join(copy, 'tsconfig.base.json'));
    const { rows } = await findings(copy);
    expect(rows).toEqual((await findings(join(root, 'before'))).rows);
  });

  it("reports the design note's own example as errors", async () => {
    const { rows } = await findings(join(root, 'note'));
    expect(rows).toEqual([
      ['types.ts', 1, 'agent-id-type', 'error'],
      ['types.ts', 3, 'two-id-members', 'error'],
    ]);
  });
});
