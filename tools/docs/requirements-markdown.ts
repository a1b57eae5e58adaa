import type { Requirement, Tier } from '../../src/contract/requirements.js';
import { CONTRACT_VERSION, REQUIREMENTS } from '../../src/contract/requirements.js';
import { markdownCell } from '../../src/contract/markdown-cell.js';

/** Where the generated requirement list lives in the kit's repository. */
export const REQUIREMENTS_FILE = 'docs/requirements.md';

const TIER_ORDER: readonly Tier[] = ['MUST', 'SHOULD', 'CAP', 'PROFILE', 'STATIC'];

/**
 * `docs/requirements.md`, generated from the requirement registry: every requirement grouped by
 * area in contract order, with its tier, when it applies, and its statement. Deterministic.
 */
export function renderRequirementsMarkdown(requirements: readonly Requirement[] = REQUIREMENTS): string {
  const tally = TIER_ORDER.map((tier) => [tier, requirements.filter((entry) => entry.tier === tier).length] as const)
    .filter(([, count]) => count > 0)
    .map(([tier, count]) => `${count} ${tier}`)
    .join(', ');
  const lines = [
    '# Requirements',
    '',
    '<!-- Generated from src/contract/requirements.ts by `agent-identity-kit docs --update`; `agent-identity-kit docs --check` fails when it is stale. Do not edit by hand. -->',
    '',
    `Contract version \`${CONTRACT_VERSION}\`: ${requirements.length} requirements (${tally}). Tiers: **MUST** always applies; **CAP** applies when the implementation declares the capability; **PROFILE** checks the variant the implementation declares; **STATIC** is decided on source code by \`lint\` and \`check\`.`,
  ];
  const areas = [...new Set(requirements.map((entry) => entry.area))];
  for (const area of areas) {
    lines.push('', `## ${area}`, '', '| id | tier | applies | statement |', '| --- | --- | --- | --- |');
    for (const entry of requirements.filter((candidate) => candidate.area === area)) {
      lines.push(`| ${entry.id} | ${entry.tier} | ${applies(entry)} | ${markdownCell(entry.statement)} |`);
    }
  }
  lines.push('');
  return lines.join('\n');
}

function applies(entry: Requirement): string {
  if (entry.capability !== undefined) return `capability \`${entry.capability}\``;
  if (entry.profile !== undefined) return `profile \`${entry.profile.axis}\`: ${entry.profile.variants.map((variant) => `\`${variant}\``).join(' or ')}`;
  return entry.tier === 'STATIC' ? 'on source code' : 'always';
}

