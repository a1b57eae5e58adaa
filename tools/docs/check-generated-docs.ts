import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding } from '../check/finding.js';
import { writeFileAtomic } from '../check/write-file-atomic.js';
import { CLAUSE_COVERAGE_FILE, renderClauseCoverageMarkdown } from './clause-coverage-markdown.js';
import { REQUIREMENTS_FILE, renderRequirementsMarkdown } from './requirements-markdown.js';

/** A document of the kit generated from a module of src/contract. */
interface GeneratedDoc {
  readonly file: string;
  readonly source: string;
  readonly rule: string;
  readonly render: () => string;
}

const GENERATED: readonly GeneratedDoc[] = [
  { file: REQUIREMENTS_FILE, source: 'src/contract/requirements.ts', rule: 'requirements-doc-stale', render: renderRequirementsMarkdown },
  { file: CLAUSE_COVERAGE_FILE, source: 'src/contract/clauses.ts', rule: 'clause-coverage-doc-stale', render: renderClauseCoverageMarkdown },
];

/**
 * Compares each generated document of the kit (`docs/requirements.md`, `docs/clause-coverage.md`)
 * with what its source module generates, or with `update` rewrites it. Returns the findings (none
 * after an update).
 */
export function checkGeneratedDocs(root: string, update: boolean): Finding[] {
  const findings: Finding[] = [];
  for (const doc of GENERATED) {
    const path = join(root, doc.file);
    const expected = doc.render();
    if (update) {
      if (!existsSync(path) || readFileSync(path, 'utf8') !== expected) writeFileAtomic(path, expected);
      continue;
    }
    const committed = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    if (committed === expected) continue;
    findings.push({
      rule: doc.rule,
      file: doc.file,
      message: `${committed === undefined ? 'missing' : `stale: it no longer matches ${doc.source}`}; run \`agent-identity-kit docs --update\``,
    });
  }
  return findings;
}
