import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding } from '../check/finding.js';
import { writeFileAtomic } from '../check/write-file-atomic.js';
import { REQUIREMENTS_FILE, renderRequirementsMarkdown } from './requirements-markdown.js';

/**
 * Compares `docs/requirements.md` with what the requirement registry generates (rule
 * `requirements-doc-stale`), or with `update` rewrites it. Returns the findings (none after an
 * update).
 */
export function checkRequirementsDoc(root: string, update: boolean): Finding[] {
  const path = join(root, REQUIREMENTS_FILE);
  const expected = renderRequirementsMarkdown();
  if (update) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== expected) writeFileAtomic(path, expected);
    return [];
  }
  const committed = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (committed === expected) return [];
  return [
    {
      rule: 'requirements-doc-stale',
      file: REQUIREMENTS_FILE,
      message: `${committed === undefined ? 'missing' : 'stale: it no longer matches src/contract/requirements.ts'}; run \`agent-identity-kit docs --update\``,
    },
  ];
}
