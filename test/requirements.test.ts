import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT_VERSION, REQUIREMENTS, isRequirementId } from '../src/contract/requirements.js';

const root = join(import.meta.dirname, '..');
/** Where checks live: tests, properties and scenarios. Fixtures hold deliberately bad ids. */
const CHECK_DIRS = ['test', 'properties', 'scenarios'];
const SKIP = new Set(['node_modules', 'fixtures']);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(ts|json)$/.test(entry.name) && path !== import.meta.filename ? [path] : [];
  });
}

const references = new Map<string, Set<string>>();
for (const file of CHECK_DIRS.flatMap((dir) => files(join(root, dir)))) {
  for (const [id] of readFileSync(file, 'utf8').matchAll(/AIK-[A-Z]+-\d{3}/g)) {
    references.set(id, (references.get(id) ?? new Set()).add(relative(root, file)));
  }
}

describe('the requirement registry', () => {
  it('carries every requirement id of CONTRACT.md §5 exactly once', () => {
    const contract = readFileSync(join(root, 'docs', 'contract.md'), 'utf8');
    // docs/contract.md is the kit's copy of the specification; beside the steering folder it must be current.
    const steering = join(root, '..', 'shared', 'CONTRACT.md');
    if (existsSync(steering)) expect(contract).toBe(readFileSync(steering, 'utf8'));
    const section5 = contract.slice(contract.indexOf('## 5. Requirements'), contract.indexOf('## 6.'));
    const inContract = [...section5.matchAll(/\*\*(AIK-[A-Z]+-\d{3}) (MUST|CAP|PROFILE|STATIC|SHOULD)/g)].map(([, id, tier]) => `${id} ${tier}`);
    expect(REQUIREMENTS.map((requirement) => `${requirement.id} ${requirement.tier}`)).toEqual(inContract);
    expect(contract).toContain(`Contract version: \`${CONTRACT_VERSION}\``);
  });

  it('has a check referencing every id', () => {
    const unreferenced = REQUIREMENTS.map((requirement) => requirement.id).filter((id) => !references.has(id));
    expect(unreferenced).toEqual([]);
  });

  it('knows every id a check references', () => {
    const unknown = [...references].filter(([id]) => !isRequirementId(id)).map(([id, where]) => `${id} in ${[...where].join(', ')}`);
    expect(unknown).toEqual([]);
  });

  it('gives CAP requirements a capability and PROFILE requirements their variants', () => {
    for (const requirement of REQUIREMENTS) {
      expect(requirement.capability !== undefined, requirement.id).toBe(requirement.tier === 'CAP');
      expect(requirement.profile !== undefined, requirement.id).toBe(requirement.tier === 'PROFILE');
    }
  });
});
