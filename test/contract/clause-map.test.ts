import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIRECTED_CHECKS } from '../../properties/checks/index.js';
import { AUDITED_SECTIONS, CLAUSES, INTERACTIONS } from '../../src/contract/clauses.js';
import { MUTANT_CLAUSES } from '../../src/contract/mutant-clauses.js';
import { REQUIREMENTS } from '../../src/contract/requirements.js';
import { MUTANTS } from '../mutants/mutants.js';
import { sweptSystems, VARIANTS } from '../variants/variants.js';

const root = join(import.meta.dirname, '../..');
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The text of every `##`/`###` section of docs/contract.md, by heading (up to the next heading of any level), whitespace-normalised. */
function contractSections(): Map<string, string> {
  const sections = new Map<string, string>();
  let heading: string | undefined;
  let lines: string[] = [];
  const close = () => {
    if (heading !== undefined) sections.set(heading, normalise(lines.join('\n')));
  };
  for (const line of readFileSync(join(root, 'docs/contract.md'), 'utf8').split('\n')) {
    const match = /^#{2,3} (.+)$/.exec(line);
    if (match === null) {
      lines.push(line);
      continue;
    }
    close();
    heading = match[1];
    lines = [];
  }
  close();
  return sections;
}

/** Generated check ids as the model's sources spell them (`'<requirement>/generated-<name>'`, or `${requirement}/generated-<name>` for every requirement). */
function generatedCheckIds(): { readonly literal: ReadonlySet<string>; readonly perRequirement: ReadonlySet<string> } {
  const dir = join(root, 'properties/model');
  const text = readdirSync(dir).map((file) => readFileSync(join(dir, file), 'utf8')).join('\n');
  return {
    literal: new Set([...text.matchAll(/'(AIK-[A-Z]+-\d{3}\/generated-[a-z-]+)'/g)].map((match) => match[1]!)),
    perRequirement: new Set([...text.matchAll(/`\$\{[a-z]+\}\/(generated-[a-z-]+)`/g)].map((match) => match[1]!)),
  };
}

function sectionHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

describe('the clause map (src/contract/clauses.ts)', () => {
  const sections = contractSections();

  it('quotes every clause verbatim from the contract section it names', () => {
    const misquoted = CLAUSES.filter((entry) => !(sections.get(entry.section) ?? '').includes(normalise(entry.text)));
    expect(misquoted.map((entry) => `${entry.id} (${entry.section}): "${entry.text}"`)).toEqual([]);
  });

  it('has stable, unique clause ids under requirements of the registry, for every requirement', () => {
    expect(new Set(CLAUSES.map((entry) => entry.id)).size).toBe(CLAUSES.length);
    for (const entry of CLAUSES) expect(entry.id, entry.id).toMatch(new RegExp(`^${entry.requirement}\\.c\\d+$`));
    const requirements = new Set(REQUIREMENTS.map((requirement) => requirement.id));
    expect(CLAUSES.filter((entry) => !requirements.has(entry.requirement)).map((entry) => entry.id)).toEqual([]);
    expect(REQUIREMENTS.filter((requirement) => !CLAUSES.some((entry) => entry.requirement === requirement.id)).map((requirement) => requirement.id)).toEqual([]);
  });

  it('maps every clause to at least one existing check, or gives the reason it is not observable', () => {
    const directed = new Set(DIRECTED_CHECKS.map((check) => check.id));
    const generated = generatedCheckIds();
    const exists = (id: string) => directed.has(id) || generated.literal.has(id) || generated.perRequirement.has(id.slice(id.indexOf('/') + 1));
    const unmapped = CLAUSES.filter((entry) => (entry.checks.length === 0) === (entry.unobservable === undefined));
    expect(unmapped.map((entry) => entry.id), 'a clause needs checks or (only) a reason').toEqual([]);
    const missing = CLAUSES.flatMap((entry) => entry.checks.filter((id) => !exists(id)).map((id) => `${entry.id} → ${id}`));
    expect(missing, 'mapped check ids that do not exist').toEqual([]);
  });

  it('knows every clause a directed check names in its failures, and maps that check to it', () => {
    const known = new Map(CLAUSES.map((entry) => [entry.id, entry]));
    const dir = join(root, 'properties/checks');
    const problems: string[] = [];
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      const checks = [...text.matchAll(/check\(\s*'(AIK-[A-Z]+-\d{3})',\s*'([a-z0-9-]+)'/g)].map((match) => ({ at: match.index, id: `${match[1]}/${match[2]}` }));
      for (const use of text.matchAll(/ctx\.clause\('([^']+)'/g)) {
        const entry = known.get(use[1]!);
        // A helper above the first check serves the check that calls it: only the clause's existence is checked for it.
        const within = checks.findLast((candidate) => candidate.at < use.index);
        if (entry === undefined) problems.push(`${file}: unknown clause ${use[1]}`);
        else if (within !== undefined && !entry.checks.includes(within.id)) problems.push(`${file}: ${within.id} names ${entry.id}, whose checks do not list it`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('finds every audited section of the contract unchanged since the audit (a changed section needs its new clauses mapped)', () => {
    const audited = new Map(AUDITED_SECTIONS.map((entry) => [entry.section, entry.sha256]));
    const current = [...new Set(CLAUSES.map((entry) => entry.section)), ...AUDITED_SECTIONS.map((entry) => entry.section)];
    const changed = [...new Set(current)].filter((section) => audited.get(section) !== sectionHash(sections.get(section) ?? '')).map((section) => `${section}: ${sectionHash(sections.get(section) ?? '')}`);
    expect(changed, 'sections whose text differs from the audited hash (re-audit, map the new clauses, then update AUDITED_SECTIONS)').toEqual([]);
  });
});

describe('the clause map, both ways: permissions have variants, obligations have mutants', () => {
  it('lists at least one registered variant beside every permission clause, and variants beside permission clauses only', () => {
    const registered = new Set(VARIANTS.map((entry) => entry.name));
    const bare = CLAUSES.filter((entry) => entry.accepts !== undefined && (entry.variants ?? []).length === 0).map((entry) => entry.id);
    expect(bare, 'permission clauses (with `accepts`) without a variant').toEqual([]);
    const stray = CLAUSES.filter((entry) => entry.accepts === undefined && entry.variants !== undefined).map((entry) => entry.id);
    expect(stray, 'variants beside a clause that leaves no choice (give it `accepts`)').toEqual([]);
    const missing = CLAUSES.flatMap((entry) => (entry.variants ?? []).filter((name) => !registered.has(name)).map((name) => `${entry.id} → ${name}`));
    expect(missing, 'listed variants that test/variants/variants.ts does not register').toEqual([]);
    const unlisted = [...registered].filter((name) => !CLAUSES.some((entry) => entry.variants?.includes(name)));
    expect(unlisted, 'registered variants listed beside no permission clause').toEqual([]);
  });

  it('marks as interacting only permission clauses that exist, and the sweep builds their combinations', () => {
    const permission = (id: string) => CLAUSES.some((entry) => entry.id === id && entry.accepts !== undefined);
    expect(INTERACTIONS.flatMap((entry) => entry.clauses).filter((id) => !permission(id))).toEqual([]);
    const names = sweptSystems().map((system) => system.name);
    expect(names).toContain('materializing-at-first-append+validating-at-preparation (reject-at-flush)');
    expect(names).toContain('materializing-at-first-append+behind-slow-store (reject-at-create)');
    expect(names.filter((name) => name.startsWith('persisting-at-first-flush+materializing-at-first-append')), 'two alternatives of one choice are not combined').toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps the mutants column (src/contract/mutant-clauses.ts) equal to the clauses each mutant names', () => {
    expect(MUTANT_CLAUSES).toEqual(Object.fromEntries(MUTANTS.map((entry) => [entry.name, entry.clauses])));
  });
});
