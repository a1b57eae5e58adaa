/** The kit's own generated docs are current (`agent-identity-kit check` gates the rest of its tree). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUSE_COVERAGE_FILE, renderClauseCoverageMarkdown } from '../../tools/docs/clause-coverage-markdown.js';
import { REQUIREMENTS_FILE, renderRequirementsMarkdown } from '../../tools/docs/requirements-markdown.js';
import { KIT_ROOT } from './_fixture-repo.js';

describe('the kit’s own docs', () => {
  it('docs/requirements.md is what the requirement registry generates (else run `agent-identity-kit docs --update`)', () => {
    expect(readFileSync(join(KIT_ROOT, REQUIREMENTS_FILE), 'utf8')).toBe(renderRequirementsMarkdown());
  });

  it('docs/clause-coverage.md is what the clause map generates (else run `agent-identity-kit docs --update`)', () => {
    expect(readFileSync(join(KIT_ROOT, CLAUSE_COVERAGE_FILE), 'utf8')).toBe(renderClauseCoverageMarkdown());
  });
});
