import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint } from '../../tools/lint/index.js';

/**
 * "Kestrel", a second agent harness written by a helper from the contract alone — without the
 * lint, the seed harness or the rule docs — with its labels (`labels.json`: 25 smells, 18
 * look-alikes). Scored at rules frozen before anyone linted it (BENCHMARKS.md, issue 24): 15 of 25
 * smells, 2 wrong errors; two general fixes it showed followed (a read-only translation map, a
 * named part cut out of an id by `replace`). Kept as a regression test: what is found stays found,
 * and no error lands on a look-alike.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/lint/heldout-harness');

interface Label {
  readonly file: string;
  readonly line: number;
  readonly verdict: 'smell' | 'look-alike';
  readonly shape: string;
}
const labels = JSON.parse(readFileSync(join(root, 'labels.json'), 'utf8')) as Label[];

/** The label a finding is about: the nearest one in its file, within its construct's lines. */
function labelOf(file: string, line: number): Label | undefined {
  const near = labels.filter((label) => label.file === file && Math.abs(label.line - line) <= 8);
  return near.sort((a, b) => Math.abs(a.line - line) - Math.abs(b.line - line))[0];
}

describe('a held-out harness written from the contract alone (Kestrel)', () => {
  it('reports the smells it found when scored, each at error, and no error on a look-alike', async () => {
    // §6: "a wire protocol's compatibility field documented equal to the session id (allowed by configuration)".
    const result = await lint({ cwd: root, config: { vocabulary: { compatibilityFields: ['SessionCreatedNotificationSchema.agent_id'] } } });
    expect(result.files).toBe(18);
    const judged = result.findings.map((finding) => ({ finding, label: labelOf(finding.file, finding.line) }));
    const onLookAlikes = judged.filter(({ finding, label }) => finding.severity === 'error' && label?.verdict === 'look-alike');
    expect(onLookAlikes.map(({ finding }) => `${finding.file}:${finding.line} ${finding.ruleId}`)).toEqual([]);
    const found = new Set(judged.filter(({ label }) => label?.verdict === 'smell').map(({ label }) => `${label?.file}:${label?.line}`));
    expect([...found].sort()).toEqual(
      [
        'src/agent/agent.ts:53',
        'src/agent/factory.ts:19',
        'src/agent/factory.ts:44',
        'src/agent/registry.ts:14',
        'src/agent/registry.ts:15',
        'src/hooks/hooks.ts:28',
        'src/hooks/hooks.ts:49',
        'src/ids.ts:13',
        'src/persistence/repository.ts:18',
        'src/rpc/schemas.ts:22',
        'src/rpc/server.ts:79',
        'src/session/session.ts:83',
        'src/subagents/orchestrator.ts:52',
        'src/subagents/orchestrator.ts:67',
        'src/ui/state.ts:12',
        'src/ui/state.ts:23',
        'src/ui/state.ts:75',
      ].sort(),
    );
    // The one error no label names is the brand's constructor (`asAgentId`), part of the brand shape.
    expect(judged.filter(({ label }) => label === undefined).map(({ finding }) => `${finding.file}:${finding.line} ${finding.ruleId}`)).toEqual(['src/ids.ts:30 agent-id-type']);
  });
});
