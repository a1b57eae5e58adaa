import { AUDITED_SECTIONS, CLAUSES, INTERACTIONS, type Clause } from '../../src/contract/clauses.js';
import { MUTANT_CLAUSES } from '../../src/contract/mutant-clauses.js';
import { CONTRACT_VERSION, REQUIREMENTS } from '../../src/contract/requirements.js';
import { markdownCell } from '../../src/contract/markdown-cell.js';

/** Where the generated clause coverage lives in the kit's repository. */
export const CLAUSE_COVERAGE_FILE = 'docs/clause-coverage.md';

/**
 * `docs/clause-coverage.md`, generated from the clause map: every normative clause of the
 * contract under its requirement, quoted, with the checks that fail when it alone is broken (or
 * the reason no check can observe it through the adapter), and its witnesses both ways: for an
 * obligation the mutants that break it, for a permission the variants that take its choice.
 * Deterministic.
 */
export function renderClauseCoverageMarkdown(clauses: readonly Clause[] = CLAUSES, mutantClauses: Readonly<Record<string, readonly string[]>> = MUTANT_CLAUSES): string {
  const unobservable = clauses.filter((entry) => entry.unobservable !== undefined);
  const permissions = clauses.filter((entry) => entry.accepts !== undefined);
  const mutantsOf = (id: string): string[] => Object.keys(mutantClauses).filter((name) => mutantClauses[name]!.includes(id)).sort();
  const lines = [
    '# Clause coverage',
    '',
    '<!-- Generated from src/contract/clauses.ts by `agent-identity-kit docs --update`; `agent-identity-kit docs --check` fails when it is stale. Do not edit by hand. -->',
    '',
    `Contract version \`${CONTRACT_VERSION}\`: ${clauses.length} normative clauses under ${new Set(clauses.map((entry) => entry.requirement)).size} requirements, ${clauses.length - unobservable.length} mapped to checks that fail when that clause alone is broken, ${unobservable.length} not observable through the adapter (each with its reason). A failing sub-case names its clause: \`<clause id> "<clause text>": <what happened>\`.`,
    '',
    `Audited sections of docs/contract.md (${AUDITED_SECTIONS.length}): a change to any of them fails the clause-map test until its new clauses are mapped. Check ids are directed checks (\`<requirement>/<name>\`, always run) or generated checks (\`<requirement>/generated-<name>\`, the model-based runs).`,
    '',
    `Witnesses, both ways: an obligation lists the mutants of the kill matrix (test/mutants/) that break it, which the checks must catch; a permission (${permissions.length} clauses that leave the implementation a choice, with what the checks accept) lists its variants (test/variants/variants.ts), conforming systems taking that choice, which the checks must find CONFORMANT (\`npm run sweep\`). Interacting permissions, whose variants the sweep also runs combined: ${INTERACTIONS.map((entry) => `${entry.clauses.join(' × ')} (${entry.because})`).join('; ')}.`,
  ];
  for (const requirement of REQUIREMENTS) {
    const own = clauses.filter((entry) => entry.requirement === requirement.id);
    if (own.length === 0) continue;
    lines.push('', `## ${requirement.id}`, '', `${requirement.statement}`, '', '| clause | contract text | where | checks | mutants / variants |', '| --- | --- | --- | --- | --- |');
    for (const entry of own) {
      const mapped = entry.checks.map((id) => `\`${id}\``).join('<br>');
      const checks = entry.unobservable !== undefined ? `not observable: ${entry.unobservable}` : entry.accepts === undefined ? mapped : `${mapped}<br>accepts ${entry.accepts}`;
      const witnesses = entry.accepts !== undefined ? `variants: ${(entry.variants ?? []).map((name) => `\`${name}\``).join(', ')}` : mutantsOf(entry.id).map((name) => `\`${name}\``).join('<br>');
      lines.push(`| ${entry.id} | ${markdownCell(entry.text)} | ${markdownCell(entry.section)} | ${markdownCell(checks)} | ${markdownCell(witnesses)} |`);
    }
  }
  lines.push('');
  return lines.join('\n');
}

