import { chunksOf } from '../model/chunks.js';
import type { ConformanceReport, RequirementResult } from '../report/conformance-report.js';
import { homeShard } from './run-conformance.js';

/** One shard of a run: 0-based `index` of `count`. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** What one shard can say about a requirement alone: its result, or that another shard decides it. */
export type ShardVerdict = { readonly result: RequirementResult } | { readonly elsewhere: string };

/** Whether `shard` runs every generated chunk of `report`'s run (then it holds all the generated evidence). */
function holdsEveryChunk(report: ConformanceReport, shard: Shard): boolean {
  return chunksOf(report.runsRequested).every((chunk) => chunk.index % shard.count === shard.index);
}

/**
 * What the partial report of one shard decides about `requirement` on its own, for front ends
 * whose shards are never merged into one report (the vitest integration's `part`, which vitest
 * runs on other machines and whose results `--merge-reports` only lists side by side).
 *
 * A failing check fails the requirement in the shard that holds it (whatever other shards
 * found), an operation reported unsupported leaves it NOT-TESTED there, and STATIC or
 * NOT-APPLICABLE are the same in every shard. Otherwise only the requirement's home shard (where
 * all its directed checks run, see {@link homeShard}) decides it: PASS when a check of it ran
 * there, NOT-TESTED when none did; every other shard leaves it to the home shard. So a requirement
 * the unsharded run fails fails in at least one shard (in each shard that holds a failing check of
 * it: its home shard, the shards whose generated chunks broke it), and one the unsharded run
 * passes fails in none. When the home shard ran none of its checks and other shards ran generated
 * chunks, it cannot know whether those reached the requirement: it reports NOT-TESTED, and says so
 * in the note.
 */
export function shardVerdict(report: ConformanceReport, requirement: string, shard: Shard): ShardVerdict {
  const home = homeShard(requirement, report.scope === 'all' ? undefined : report.scope, shard.count);
  const elsewhere = { elsewhere: `in another part (part ${home + 1} of ${shard.count} decides it)` };
  const result = report.requirements.find((candidate) => candidate.id === requirement);
  if (result === undefined) return elsewhere;
  // An unusable adapter leaves every requirement NOT-TESTED: each says so once, in its home shard.
  if ('error' in report.adapter) return home === shard.index ? { result } : elsewhere;
  const decisive = result.status === 'FAIL' || result.status === 'STATIC' || result.status === 'NOT-APPLICABLE' || result.checks.some((tally) => (tally.unsupported ?? []).length > 0);
  if (decisive) return { result };
  // Only its home shard passes a requirement: elsewhere, generated runs that found nothing wrong decide nothing alone.
  if (home !== shard.index) return elsewhere;
  if (result.status === 'PASS' || holdsEveryChunk(report, shard)) return { result };
  return {
    result: {
      ...result,
      note: `${result.note ?? 'no check ran'} in this part; the generated runs of the other parts are not seen here and may have reached it (run the suite unsharded, or conform --shard and merge, to decide)`,
    },
  };
}

/**
 * The expected failures of `report`'s run that one shard can tell are stale (now passing): a
 * check it holds every run of that passed, or a requirement it holds all the evidence of that
 * passed. An entry whose evidence is spread over shards is stale only as the merged report tells.
 */
export function staleInShard(report: ConformanceReport, shard: Shard): readonly string[] {
  const everyChunk = holdsEveryChunk(report, shard);
  const scope = report.scope === 'all' ? undefined : report.scope;
  return report.stale.filter((entry) => {
    // A directed check runs in one shard only; a generated check in every chunk; a requirement in its home shard and every chunk.
    if (entry.includes('/')) return everyChunk || report.requirements.some((result) => result.checks.some((tally) => tally.id === entry && tally.kind === 'directed'));
    return everyChunk && homeShard(entry, scope, shard.count) === shard.index;
  });
}
