import { AUDITED_SECTIONS, CLAUSES, type Clause } from '../../src/contract/clauses.js';
import { CONTRACT_VERSION, REQUIREMENTS } from '../../src/contract/requirements.js';

/** Where the generated clause coverage lives in the kit's repository. */
export const CLAUSE_COVERAGE_FILE = 'docs/clause-coverage.md';

/**
 * `docs/clause-coverage.md`, generated from the clause map: every normative clause of the
 * contract under its requirement, quoted, with the checks that fail when it alone is broken, or
 * the reason no check can observe it through the adapter. Deterministic.
 */
export function renderClauseCoverageMarkdown(clauses: readonly Clause[] = CLAUSES): string {
  const unobservable = clauses.filter((entry) => entry.unobservable !== undefined);
  const lines = [
    '# Clause coverage',
    '',
    '<!-- Generated from src/contract/clauses.ts by `agent-identity-kit docs --update`; `agent-identity-kit docs --check` fails when it is stale. Do not edit by hand. -->',
    '',
    `Contract version \`${CONTRACT_VERSION}\`: ${clauses.length} normative clauses under ${new Set(clauses.map((entry) => entry.requirement)).size} requirements, ${clauses.length - unobservable.length} mapped to checks that fail when that clause alone is broken, ${unobservable.length} not observable through the adapter (each with its reason). A failing sub-case names its clause: \`<clause id> "<clause text>": <what happened>\`.`,
    '',
    `Audited sections of docs/contract.md (${AUDITED_SECTIONS.length}): a change to any of them fails the clause-map test until its new clauses are mapped. Check ids are directed checks (\`<requirement>/<name>\`, always run) or generated checks (\`<requirement>/generated-<name>\`, the model-based runs).`,
  ];
  for (const requirement of REQUIREMENTS) {
    const own = clauses.filter((entry) => entry.requirement === requirement.id);
    if (own.length === 0) continue;
    lines.push('', `## ${requirement.id}`, '', `${requirement.statement}`, '', '| clause | contract text | where | checks |', '| --- | --- | --- | --- |');
    for (const entry of own) {
      const mapped = entry.checks.map((id) => `\`${id}\``).join('<br>');
      const checks = entry.unobservable !== undefined ? `not observable: ${entry.unobservable}` : entry.accepts === undefined ? mapped : `${mapped}<br>accepts ${entry.accepts}`;
      lines.push(`| ${entry.id} | ${cell(entry.text)} | ${cell(entry.section)} | ${cell(checks)} |`);
    }
  }
  lines.push('');
  return lines.join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
