import type { ConformanceReport } from '../../properties/report/conformance-report.js';
import { DIRECTED_CHECKS } from '../../properties/checks/index.js';
import { chunksOf } from '../../properties/model/chunks.js';
import { homeShard, inScope, mergeReports, type ConformanceOptions, type ConformanceProgress } from '../../properties/runner/run-conformance.js';
import { superviseConformance, type SupervisedConformance } from '../supervisor/supervise-conformance.js';
import type { ConformProgress, RunPlan } from './conform-progress.js';

/** The checks, runs and chunks a run makes, for its progress to count against. */
function runPlan(options: ConformanceOptions): RunPlan {
  const shard = options.shard;
  const checks = DIRECTED_CHECKS.filter((check) => inScope(check.requirement, options.requirements) && (shard === undefined || homeShard(check.requirement, options.requirements, shard.count) === shard.index));
  const chunks = options.path !== undefined ? [{ runs: 1 }] : chunksOf(options.runs ?? 100).filter((chunk) => shard === undefined || chunk.index % shard.count === shard.index);
  const runs = chunks.reduce((sum, chunk) => sum + chunk.runs, 0);
  return { checks: checks.length, runs, chunks: chunks.length };
}

/**
 * Runs the suite as `count` shards at once, each a supervised worker of its own, and merges
 * their parts: the same report the one-worker run gives, because chunks and checks are fixed
 * before they are handed out. The work is split up front into equal slices (chunks are of equal
 * size), so a pool that balances work as it goes would buy nothing here.
 */
async function inWorkers(run: Omit<SupervisedConformance, 'options'>, options: ConformanceOptions, count: number): Promise<ConformanceReport> {
  const { onProgress, ...rest } = options;
  const progress: ConformanceProgress[] = Array.from({ length: count }, () => ({ done: 0, total: 0, chunks: { done: 0, total: 0 }, label: '' }));
  const sum = (of: (part: ConformanceProgress) => number) => progress.reduce((total, part) => total + of(part), 0);
  const parts = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      superviseConformance({
        ...run,
        options: {
          ...rest,
          shard: { index, count },
          ...(onProgress === undefined
            ? {}
            : {
                onProgress: (shown) => {
                  progress[index] = shown;
                  const chunks = { done: sum((part) => part.chunks.done), total: sum((part) => part.chunks.total) };
                  onProgress({ done: sum((part) => part.done), total: sum((part) => part.total), chunks, label: `${count} workers` });
                },
              }),
        },
      }),
    ),
  );
  const unusable = parts.find((part) => 'error' in part.adapter);
  if (unusable !== undefined) {
    const { part: _part, ...whole } = unusable;
    return whole;
  }
  const merged = mergeReports(parts);
  const output = parts.flatMap((part) => (part.adapterOutput === undefined ? [] : [part.adapterOutput]));
  const strays = parts.flatMap((part) => part.strays ?? []);
  return {
    ...merged,
    ...(output.length === 0 ? {} : { adapterOutput: { stdout: output.map((o) => o.stdout).join(''), stderr: output.map((o) => o.stderr).join(''), ...(output.some((o) => o.truncated) ? { truncated: true as const } : {}) } }),
    ...(strays.length === 0 ? {} : { strays }),
  };
}

/**
 * The run `conform` makes, in supervised workers (this process never runs adapter code): one
 * worker for a shard (`options.shard`) or when `count` is 1, else `count` workers whose parts
 * are merged. `progress`, whose header is already written, counts the run's checks and runs.
 * This module holds the engine: the CLI loads it once the header is out.
 */
export async function runSupervised(run: Omit<SupervisedConformance, 'options'>, options: ConformanceOptions, count: number, progress: ConformProgress): Promise<ConformanceReport> {
  progress.start(runPlan(options));
  const shown: ConformanceOptions = { ...options, onProgress: (reported) => progress.update(reported) };
  return options.shard !== undefined || count === 1 ? superviseConformance({ ...run, options: shown }) : inWorkers(run, shown, count);
}
