/**
 * Conformance benchmark (issue 4). Measures, in this process:
 *   - commands/second: kit operations (create, prompt, flush, dispose, resume) driven through the
 *     reference adapter over the kit's env, as fast as they settle;
 *   - the default `conform` run on the reference (directed checks + generated runs at the default
 *     seed): wall time per run, median and max, and its verdict (must be CONFORMANT);
 *   - per mutant of `test/mutants`, over several seeds: runs-to-detection (the fewest generated
 *     runs, from a ladder starting at 0, at which the run fails a check tagged with the mutant's
 *     intended requirement; 0 = the directed checks alone catch it) and the length of the shortest
 *     such counterexample (commands as the report prints them, `open()` and the closing
 *     `shutdown()` included), median over seeds.
 * Prints a Markdown table for BENCHMARKS.md and exits non-zero when the reference is not
 * CONFORMANT or a mutant escapes the default run (timings never fail it).
 *
 * Usage: `npm run bench -- conform` (or `tsx bench/conform.bench.ts [--seeds N] [--rounds N]`).
 */
import { cpus } from 'node:os';
import type { AdapterFactory } from '../src/contract/adapter.js';
import { createKitEnv } from '../properties/env/kit-env.js';
import referenceAdapter from '../properties/reference-adapter.js';
import { DEFAULT_SEED, runConformance } from '../properties/runner/run-conformance.js';
import { MUTANTS } from '../test/mutants/mutants.js';

const argument = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const seeds = [DEFAULT_SEED, ...Array.from({ length: argument('--seeds', 5) - 1 }, (_, index) => index + 1)];
const rounds = argument('--rounds', 5);
const RUN_LADDER = [0, 1, 2, 4, 8, 16, 30];

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Operations per second through the reference adapter for about `ms` milliseconds. */
async function throughput(factory: AdapterFactory, ms: number): Promise<number> {
  const system = await factory(createKitEnv().env, {});
  let commands = 0;
  const started = performance.now();
  for (let round = 0; performance.now() - started < ms; round += 1) {
    const id = `bench-${round}`;
    const made = await system.create({ sessionId: id });
    if (!made.ok) throw new Error(`create(${id}) failed`);
    await system.prompt(made.handle);
    await system.flush(made.handle);
    await system.dispose(made.handle);
    const back = await system.resume({ resumeSessionId: id });
    if (!back.ok) throw new Error(`resume(${id}) failed`);
    await system.dispose(back.handle);
    commands += 6;
  }
  const elapsed = performance.now() - started;
  await system.shutdown();
  return (commands / elapsed) * 1000;
}

/** Fewest generated runs (on the ladder) at which `seed` catches the mutant, with its counterexample length. */
async function detection(mutant: (typeof MUTANTS)[number], seed: number): Promise<{ runs: number; length: number } | undefined> {
  for (const runs of RUN_LADDER) {
    const report = await runConformance(mutant.adapter, { seed, runs });
    const caught = report.failures.filter((failure) => mutant.requirements.includes(failure.requirement) && !failure.adapter);
    if (caught.length > 0) return { runs, length: Math.min(...caught.map((failure) => failure.counterexample.commands.length)) };
  }
  return undefined;
}

const out: string[] = [];
let wrong = 0;

const rates: number[] = [];
for (let round = 0; round < rounds; round += 1) rates.push(await throughput(referenceAdapter, 1000));
out.push(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}.`, '');
out.push(`- commands/second against the reference (create, prompt, flush, dispose, resume, dispose; ${rounds} rounds of 1 s): median ${Math.round(median(rates))}, min ${Math.round(Math.min(...rates))}`);

const times: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  const started = performance.now();
  const report = await runConformance(referenceAdapter);
  times.push(performance.now() - started);
  if (report.verdict !== 'CONFORMANT') {
    wrong += 1;
    out.push(`- the reference is ${report.verdict}: ${report.failures.map((failure) => failure.check).join(', ')}`);
  }
}
out.push(`- default conform run on the reference (seed ${DEFAULT_SEED}, ${rounds} runs): median ${Math.round(median(times))} ms, max ${Math.round(Math.max(...times))} ms (target < 10 000 ms)`);
out.push('', `Mutants (${MUTANTS.length}; ${seeds.length} seeds: ${seeds.join(', ')}; run ladder ${RUN_LADDER.join(', ')}):`, '');
out.push('| mutant | intended | caught by the default run | runs-to-detection (median) | counterexample commands (median) |', '|---|---|---|---|---|');
const lengths: number[] = [];
for (const mutant of MUTANTS) {
  const found = await Promise.all(seeds.map((seed) => detection(mutant, seed)));
  const atDefault = found[0];
  if (atDefault === undefined) wrong += 1;
  const hits = found.filter((hit) => hit !== undefined);
  const length = hits.length === 0 ? Number.NaN : median(hits.map((hit) => hit.length));
  lengths.push(length);
  out.push(
    `| ${mutant.name} | ${mutant.requirements.join(', ')} | ${atDefault === undefined ? 'NO' : 'yes'} | ${hits.length === seeds.length ? median(hits.map((hit) => hit.runs)) : `escaped ${seeds.length - hits.length}/${seeds.length} seeds`} | ${length} |`,
  );
}
out.push('', `Median counterexample length over all mutants: ${median(lengths)} commands (target ≤ 6).`);
process.stdout.write(`${out.join('\n')}\n`);
process.exitCode = wrong === 0 ? 0 : 1;
