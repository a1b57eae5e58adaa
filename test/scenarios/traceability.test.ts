import { describe, expect, it } from 'vitest';
import { isRequirementId, REQUIREMENTS } from '../../src/contract/requirements.js';
import { DIRECTED_CHECKS } from '../../properties/checks/index.js';
import { loadScenarios } from '../../scenarios/load/load-scenarios.js';

const corpus = loadScenarios(['scenarios']);
const byScenario = new Set(corpus.flatMap(({ scenario }) => [...scenario.requirements, ...scenario.steps.flatMap((step) => step.check?.requirements ?? [])]));
const byCheck = new Set(DIRECTED_CHECKS.map((check) => check.requirement));

describe('traceability', () => {
  it('every scenario names only known requirement ids', () => {
    const unknown = corpus.flatMap(({ file, scenario }) => scenario.requirements.filter((id) => !isRequirementId(id)).map((id) => `${file}: ${id}`));
    expect(unknown).toEqual([]);
  });

  it('every MUST, CAP and PROFILE requirement is exercised by a scenario', () => {
    const missing = REQUIREMENTS.filter((requirement) => requirement.tier !== 'STATIC' && !byScenario.has(requirement.id)).map((requirement) => requirement.id);
    expect(missing).toEqual([]);
  });

  it('every non-STATIC requirement is exercised by a scenario or a directed check', () => {
    const missing = REQUIREMENTS.filter((requirement) => requirement.tier !== 'STATIC' && !byScenario.has(requirement.id) && !byCheck.has(requirement.id)).map((requirement) => requirement.id);
    expect(missing).toEqual([]);
  });

  it('both variants of each PROFILE requirement have a scenario of their own', () => {
    for (const requirement of REQUIREMENTS.filter((candidate) => candidate.tier === 'PROFILE')) {
      const axis = requirement.profile?.axis;
      if (axis === undefined) throw new Error(`${requirement.id} has no profile axis`);
      const variants = new Set(corpus.filter(({ scenario }) => scenario.requirements.includes(requirement.id)).map(({ scenario }) => scenario.profiles?.[axis]));
      expect([...variants].filter((variant) => variant !== undefined).sort(), requirement.id).toEqual([...(requirement.profile?.variants ?? [])].sort());
    }
  });

  it('no scenario claims a STATIC requirement (those are the lint’s)', () => {
    const statics = new Set(REQUIREMENTS.filter((requirement) => requirement.tier === 'STATIC').map((requirement) => requirement.id));
    expect(corpus.filter(({ scenario }) => scenario.requirements.some((id) => statics.has(id))).map(({ scenario }) => scenario.id)).toEqual([]);
  });
});
