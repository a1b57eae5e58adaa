import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding } from '../check/finding.js';

/** The folder of the identity lint's rule pages, one `<rule id>.md` per rule. */
export const RULE_DOCS_DIR = 'docs/rules';

/** Pages of the folder that index the rules rather than document one. */
const INDEX_PAGES = new Set(['README.md', 'index.md']);

/**
 * Every lint rule has its page `docs/rules/<id>.md` (rule `rule-doc-missing`) and every other
 * page there (an index page aside) documents a rule that exists (rule `rule-doc-orphan`).
 */
export function checkRuleDocs(root: string, ruleIds: readonly string[]): Finding[] {
  const folder = join(root, RULE_DOCS_DIR);
  const pages = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.md') && !INDEX_PAGES.has(name)) : [];
  const rules = new Set(ruleIds);
  const findings: Finding[] = [];
  for (const id of [...rules].sort()) {
    if (!pages.includes(`${id}.md`)) {
      findings.push({ rule: 'rule-doc-missing', file: `${RULE_DOCS_DIR}/${id}.md`, message: `lint rule ${id} has no docs page` });
    }
  }
  for (const page of pages.sort()) {
    const id = page.slice(0, -'.md'.length);
    if (!rules.has(id)) findings.push({ rule: 'rule-doc-orphan', file: `${RULE_DOCS_DIR}/${page}`, message: `documents ${id}, which is not a lint rule` });
  }
  return findings;
}
