/**
 * What one shard decides alone (the vitest integration's `part`): over all shards, the failing
 * requirements are the unsharded run's, each requirement is decided somewhere, and what a shard
 * cannot know it says.
 */
import { describe, expect, it } from 'vitest';
import type { AdapterFactory } from '../../src/contract/adapter.js';
import type { ConformanceReport, RequirementResult } from '../../properties/report/conformance-report.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { homeShard, runConformance, type ConformanceOptions } from '../../properties/runner/run-conformance.js';
import { shardVerdict, staleInShard } from '../../properties/runner/shard-verdict.js';
import { MUTANTS } from '../mutants/mutants.js';

const counted = (result: RequirementResult) => result.tier !== 'STATIC' && !(result.tier === 'CAP' && result.status === 'NOT-APPLICABLE');
const failing = (result: RequirementResult) => counted(result) && (result.status === 'FAIL' || result.status === 'NOT-TESTED') && result.expected !== true;

/** The unsharded run's failing requirements, and, over `count` shards, the ones some shard fails and where each is decided. */
async function sharded(factory: AdapterFactory, options: ConformanceOptions, count: number) {
  const whole = await runConformance(factory, options);
  const parts = await Promise.all(Array.from({ length: count }, (_, index) => runConformance(factory, { ...options, shard: { index, count } })));
  const decidedIn = new Map<string, number[]>();
  const failingInParts = new Set<string>();
  for (const [index, part] of parts.entries()) {
    for (const { id } of whole.requirements) {
      const verdict = shardVerdict(part, id, { index, count });
      if ('elsewhere' in verdict) continue;
      decidedIn.set(id, [...(decidedIn.get(id) ?? []), index]);
      if (failing(verdict.result)) failingInParts.add(id);
    }
  }
  return { whole, parts, decidedIn, failing: { whole: whole.requirements.filter(failing).map((result) => result.id), parts: [...failingInParts].sort() } };
}

describe('shardVerdict', () => {
  it('over the shards, mutants fail exactly the requirements the unsharded run fails, and every requirement is decided in some shard', async () => {
    for (const name of ['create-mints-own-id', 'collision-loser-emits']) {
      const mutant = MUTANTS.find((candidate) => candidate.name === name);
      if (mutant === undefined) throw new Error(`the ${name} mutant is gone`);
      const { whole, decidedIn, failing: found } = await sharded(mutant.adapter, { seed: 7, runs: 200, requirements: ['AIK-ID', 'AIK-CREATE', 'AIK-CONFLICT'] }, 3);
      expect(found.whole.length, name).toBeGreaterThan(0);
      expect(found.parts, name).toEqual([...found.whole].sort());
      for (const result of whole.requirements) expect(decidedIn.get(result.id)?.length ?? 0, `${name} ${result.id}`).toBeGreaterThan(0);
    }
  }, 180_000);

  it('a passing requirement is decided in its home shard only; STATIC in every shard', async () => {
    const { whole, decidedIn, failing: found } = await sharded(referenceAdapter(), { seed: 7, runs: 101, requirements: ['AIK-ID'] }, 2);
    expect(found).toEqual({ whole: [], parts: [] });
    for (const result of whole.requirements) {
      expect(decidedIn.get(result.id), result.id).toEqual(result.status === 'STATIC' ? [0, 1] : [homeShard(result.id, ['AIK-ID'], 2)]);
    }
  }, 60_000);

  it('an unusable adapter: every requirement NOT-TESTED, once, in its home shard', async () => {
    const { decidedIn, failing: found } = await sharded(() => Promise.reject(new Error('no system today')), { runs: 0, requirements: ['AIK-ID'] }, 2);
    expect(found.parts).toEqual(['AIK-ID-001', 'AIK-ID-002', 'AIK-ID-003']);
    expect([...decidedIn.values()].every((shards) => shards.length === 1)).toBe(true);
  });

  it('a home shard that ran no check of a requirement while other shards ran generated chunks says it cannot tell', async () => {
    const part = await runConformance(referenceAdapter(), { runs: 0, requirements: ['AIK-ID-001'], shard: { index: 0, count: 2 } });
    const untested: RequirementResult = { id: 'AIK-ID-001', area: 'Identity', tier: 'MUST', status: 'NOT-TESTED', note: 'no check ran', checks: [] };
    const report: ConformanceReport = { ...part, runsRequested: 200, requirements: [untested] };
    expect(shardVerdict(report, 'AIK-ID-001', { index: 0, count: 2 })).toEqual({
      result: { ...untested, note: 'no check ran in this part; the generated runs of the other parts are not seen here and may have reached it (run the suite unsharded, or conform --shard and merge, to decide)' },
    });
    expect(shardVerdict(report, 'AIK-ID-001', { index: 1, count: 2 })).toEqual({ elsewhere: 'in another part (part 1 of 2 decides it)' });
    // With every chunk in this shard (here: no generated runs), its NOT-TESTED stands as it is.
    expect(shardVerdict({ ...report, runsRequested: 0 }, 'AIK-ID-001', { index: 0, count: 2 })).toEqual({ result: untested });
  });

  it('stale expected failures: a directed check in the shard that ran it; a requirement only where one shard holds all its evidence', async () => {
    const options = { runs: 0, requirements: ['AIK-ID'], expectedFailures: ['AIK-ID-002/stored-header-with-another-id-refused', 'AIK-ID-003'] };
    const parts = await Promise.all([0, 1].map((index) => runConformance(referenceAdapter(), { ...options, shard: { index, count: 2 } })));
    const stale = parts.map((part, index) => staleInShard(part, { index, count: 2 }));
    // AIK-ID-002 is home to shard 1 (0-based), AIK-ID-003 to shard 0; with no generated runs each shard holds all their evidence.
    expect(stale).toEqual([['AIK-ID-003'], ['AIK-ID-002/stored-header-with-another-id-refused']]);
    // With generated chunks in both shards, a requirement's own evidence is spread: no shard can tell it is stale.
    const spread = await Promise.all([0, 1].map((index) => runConformance(referenceAdapter(), { ...options, runs: 101, shard: { index, count: 2 } })));
    expect(spread.map((part, index) => staleInShard(part, { index, count: 2 }))).toEqual([[], ['AIK-ID-002/stored-header-with-another-id-refused']]);
  }, 60_000);
});
