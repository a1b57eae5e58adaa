import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint, RULES } from '../../tools/lint/index.js';
import { expectedFindings, findingKeys } from './expected-findings.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '../..');

describe('legacy two-id code', () => {
  it('the hand-written legacy harness fixture yields every rule, exactly on the planted lines', async () => {
    const folder = join(here, '../fixtures/lint/legacy');
    const result = await lint({ cwd: folder, config: {} });
    expect(findingKeys(result.findings)).toEqual(expectedFindings(folder));
    expect(new Set(result.findings.map((finding) => finding.ruleId))).toEqual(new Set(RULES.map((rule) => rule.id)));
  });

  it.runIf(existsSync(join(repo, 'examples/legacy')))(
    'examples/legacy, named explicitly despite the kit config ignoring it, reports the shapes its README plants',
    async () => {
      const result = await lint({ cwd: repo, paths: ['examples/legacy'] });
      const rules = new Set(result.findings.map((finding) => finding.ruleId));
      // examples/README.md: caller-chosen agentId + sessionId, two randomUUID() per create, an
      // agentIdBySession map, an `id` field next to header.id.
      for (const rule of ['two-id-members', 'two-id-parameters', 'double-mint', 'id-translation-map', 'duplicate-identity']) {
        expect(rules).toContain(rule);
      }
      expect(result.findings.find((finding) => finding.ruleId === 'id-translation-map')?.symbol).toBe('AgentHost.#agentIdBySession');
    },
  );
});
