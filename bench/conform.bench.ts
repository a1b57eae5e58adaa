/**
 * Conformance benchmark (issue 4). Measures, in this process:
 *   - commands/second: kit operations (create, prompt, flush, dispose, resume, dispose) driven
 *     through the reference adapter over the kit's env, as fast as they settle;
 *   - the default `conform` run on the reference (directed checks + generated runs at the default
 *     seed): wall time per run in process and end to end through the CLI, median and max, and its
 *     verdict (must be CONFORMANT);
 *   - per mutant of `test/mutants`, measured by `test/mutants/measure.ts` in a child process (the
 *     module graph keeps the bench from importing the test tree): whether the default run
 *     catches it with a check tagged with an intended requirement, and the shortest such
 *     counterexample (commands as the report prints them, `open()` and the closing `shutdown()`
 *     included); and the generated runs alone (fast-check, no directed checks) over several
 *     seeds: runs-to-detection (the fewest runs, on a ladder, at which a run fails), the
 *     requirement the shrunk failure is tagged with, and the shrunk counterexample length,
 *     medians over the seeds that detected it.
 * Prints Markdown for BENCHMARKS.md and exits non-zero when the reference is not CONFORMANT or a
 * mutant escapes the default run (timings never fail it).
 *
 * Usage: `npm run bench -- conform` (or `tsx bench/conform.bench.ts [--seeds N] [--rounds N] [--max-runs N]`).
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdapterFactory } from '../src/contract/adapter.js';
import { createKitEnv } from '../properties/env/kit-env.js';
import referenceAdapter from '../properties/reference-adapter.js';
import { runConformance } from '../properties/runner/run-conformance.js';
import { DEFAULT_SEED } from '../properties/runner/default-seed.js';
import { median, numericOption } from './_support/measure.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const rounds = numericOption('--rounds', 5);
const seeds = numericOption('--seeds', 5);
const maxRuns = numericOption('--max-runs', 100);

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

/** One line of `test/mutants/measure.ts` (its `MutantMeasurement`). */
interface Measured {
  readonly name: string;
  readonly requirements: readonly string[];
  readonly caughtBy: readonly string[];
  readonly shortest: number | null;
  readonly generated: readonly { readonly seed: number; readonly runs: number | null; readonly requirement?: string; readonly length?: number }[];
  readonly ladder: readonly number[];
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
out.push(`- default conform run on the reference, in process (\`runConformance\`, seed ${DEFAULT_SEED}, ${rounds} runs): median ${Math.round(median(times))} ms, max ${Math.round(Math.max(...times))} ms (target < 10 000 ms)`);

// The same run end to end, as a user types it: process start, tsx, module loading, report.
const cliTimes: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [join(repo, 'bin', 'agent-identity-kit.mjs'), 'conform', '--format', 'json'], { cwd: repo, encoding: 'utf8' });
  cliTimes.push(performance.now() - started);
  if (run.status !== 0) {
    wrong += 1;
    out.push(`- \`agent-identity-kit conform\` exited ${run.status}: ${run.stderr.trim()}`);
  }
}
out.push(`- \`agent-identity-kit conform\` end to end (process start included, ${rounds} runs): median ${Math.round(median(cliTimes))} ms, max ${Math.round(Math.max(...cliTimes))} ms (target < 10 000 ms)`);
const measuring = spawnSync(process.execPath, ['--import', 'tsx', join(repo, 'test', 'mutants', 'measure.ts'), '--seeds', String(seeds), '--max-runs', String(maxRuns)], { cwd: repo, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (measuring.status !== 0) throw new Error(`test/mutants/measure.ts exited ${measuring.status}: ${measuring.stderr}`);
const measured = measuring.stdout.trim().split('\n').map((line) => JSON.parse(line) as Measured);
const seedList = measured[0]?.generated.map((entry) => entry.seed) ?? [];
out.push('', `Mutants (${measured.length}). Default run: seed ${DEFAULT_SEED}, default options. Generated runs alone: seeds ${seedList.join(', ')}, run ladder ${measured[0]?.ladder.join(', ') ?? '–'}.`, '');
out.push(
  '| mutant | intended | default run catches it | shortest counterexample (commands) | generated alone: runs to detection (median) | shrunk failure tagged | shrunk length (median) |',
  '|---|---|---|---|---|---|---|',
);
const defaultLengths: number[] = [];
const shrunkLengths: number[] = [];
for (const mutant of measured) {
  if (mutant.shortest === null) wrong += 1;
  else defaultLengths.push(mutant.shortest);
  const hits = mutant.generated.filter((hit): hit is { seed: number; runs: number; requirement: string; length: number } => hit.runs !== null);
  const tags = [...new Set(hits.map((hit) => hit.requirement))].map((tag) => (mutant.requirements.includes(tag) ? tag : `${tag} (other)`));
  const length = hits.length === 0 ? undefined : median(hits.map((hit) => hit.length));
  if (length !== undefined) shrunkLengths.push(length);
  const escaped = mutant.generated.length - hits.length;
  out.push(
    `| ${[
      mutant.name,
      mutant.requirements.join(', '),
      mutant.shortest === null ? 'NO' : `yes (${mutant.caughtBy.join(', ')})`,
      mutant.shortest === null ? '–' : String(mutant.shortest),
      hits.length === 0 ? `escaped ≤ ${maxRuns} runs at every seed` : `${median(hits.map((hit) => hit.runs))}${escaped > 0 ? ` (escaped at ${escaped}/${mutant.generated.length} seeds)` : ''}`,
      tags.length === 0 ? '–' : tags.join(', '),
      length === undefined ? '–' : String(length),
    ].join(' | ')} |`,
  );
}
out.push(
  '',
  `Median shortest counterexample of the default run: ${median(defaultLengths)} commands; median shrunk counterexample of the generated runs (mutants they detect): ${shrunkLengths.length === 0 ? '–' : median(shrunkLengths)} commands (target ≤ 6).`,
);
process.stdout.write(`${out.join('\n')}\n`);
process.exitCode = wrong === 0 ? 0 : 1;
