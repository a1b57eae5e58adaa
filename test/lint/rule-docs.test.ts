import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lint, RULES, type LintConfig } from '../../tools/lint/index.js';

const docs = join(dirname(fileURLToPath(import.meta.url)), '../../docs/rules');
const scratch = mkdtempSync(join(tmpdir(), 'aik-lint-docs-'));

/** The ```ts blocks under a `## <heading>` section of a rule page. */
function examples(page: string, heading: 'Incorrect' | 'Correct'): string[] {
  const section = page.split(/^## /m).find((part) => part.startsWith(`${heading}\n`)) ?? '';
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

async function lintExample(name: string, code: string) {
  writeFileSync(join(scratch, `${name}.ts`), code);
  return lint({ cwd: scratch, paths: [`${name}.ts`], config: {} });
}

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('docs/rules pages (every rule documented, every example behaves)', () => {
  for (const rule of RULES) {
    const path = join(docs, `${rule.id}.md`);

    it(`${rule.id}: has a page with incorrect and correct examples`, () => {
      expect(existsSync(path)).toBe(true);
      const page = readFileSync(path, 'utf8');
      expect(page.startsWith(`# \`${rule.id}\``)).toBe(true);
      expect(examples(page, 'Incorrect').length).toBeGreaterThan(0);
      expect(examples(page, 'Correct').length).toBeGreaterThan(0);
    });

    it(`${rule.id}: each incorrect example has an error of the rule; each correct one has no finding of the rule and no error`, async () => {
      const page = readFileSync(path, 'utf8');
      for (const [index, code] of examples(page, 'Incorrect').entries()) {
        const result = await lintExample(`${rule.id}-incorrect-${index}`, code);
        expect(result.findings.filter((finding) => finding.severity === 'error').map((finding) => finding.ruleId)).toContain(rule.id);
      }
      for (const [index, code] of examples(page, 'Correct').entries()) {
        const result = await lintExample(`${rule.id}-correct-${index}`, code);
        // Another rule may warn where only names relate two ids (a note's own id beside both).
        expect(result.findings.filter((finding) => finding.ruleId === rule.id || finding.severity === 'error')).toEqual([]);
      }
    });
  }

  it('every configuration shown in the rule docs is valid', async () => {
    const pages = ['README.md', ...RULES.map((rule) => `${rule.id}.md`)];
    let shown = 0;
    for (const page of pages) {
      const text = readFileSync(join(docs, page), 'utf8');
      for (const match of text.matchAll(/```json\n([\s\S]*?)```/g)) {
        const config = (JSON.parse(match[1] ?? '') as { lint: LintConfig }).lint;
        await expect(lint({ cwd: scratch, paths: [], config }), page).resolves.toBeDefined();
        shown += 1;
      }
      for (const match of text.matchAll(/`(\{ "lint": [^`]*\})`/g)) {
        await expect(lint({ cwd: scratch, config: (JSON.parse(match[1] ?? '') as { lint: LintConfig }).lint }), page).resolves.toBeDefined();
        shown += 1;
      }
    }
    expect(shown).toBeGreaterThanOrEqual(3);
  });

  it('the index lists every rule', () => {
    const index = readFileSync(join(docs, 'README.md'), 'utf8');
    for (const rule of RULES) expect(index).toContain(`[\`${rule.id}\`](${rule.id}.md)`);
  });
});
