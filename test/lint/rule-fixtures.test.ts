import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint, RULES } from '../../tools/lint/index.js';
import { expectedFindings, findingKeys } from './expected-findings.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/lint/rules');

describe('identity lint rule fixtures (AIK-ID-004)', () => {
  it('has a fixture folder for every rule', () => {
    const folders = readdirSync(fixtures, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.sort()).toEqual(RULES.map((rule) => rule.id).sort());
  });

  for (const rule of RULES) {
    describe(rule.id, () => {
      const folder = join(fixtures, rule.id);

      it('reports exactly the marked lines of its fixtures (positives and look-alikes)', async () => {
        const result = await lint({ cwd: folder, config: { unconfirmed: 'warning' } });
        const expected = expectedFindings(folder);
        expect(expected.some((key) => key.endsWith(`:${rule.id}`))).toBe(true);
        expect(findingKeys(result.findings)).toEqual(expected);
      });

      it('reports nothing on its correct.ts look-alikes', async () => {
        const result = await lint({ cwd: folder, paths: ['correct.ts'], config: { unconfirmed: 'warning' } });
        expect(result.files).toBe(1);
        expect(result.findings).toEqual([]);
      });

      it('names the symbol and says what to do instead in every message', async () => {
        const result = await lint({ cwd: folder, paths: ['incorrect.ts'], config: { unconfirmed: 'warning' } });
        const own = result.findings.filter((finding) => finding.ruleId === rule.id);
        expect(own.length).toBeGreaterThan(0);
        for (const finding of own) {
          expect(finding.message).toContain(`'${finding.symbol}'`);
          expect(finding.message).toMatch(/\b(?:use|keep|drop|take|derive|mint|read|remove)\b/i);
        }
      });

      it('can be turned off in the configuration', async () => {
        const result = await lint({ cwd: folder, paths: ['incorrect.ts'], config: { rules: { [rule.id]: 'off' } } });
        expect(result.findings.filter((finding) => finding.ruleId === rule.id)).toEqual([]);
        expect(result.rules.find((run) => run.id === rule.id)).toEqual({ id: rule.id, mode: rule.mode, severity: 'off' });
      });
    });
  }
});
