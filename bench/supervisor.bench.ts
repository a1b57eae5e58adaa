/**
 * Supervisor benchmark (issue 10): what running `conform` supervised costs a user. Each variant
 * runs the default conform run on the reference runtime (directed checks + 100 generated runs,
 * seed 202611) in a fresh Node process from the compiled dist/ (built first), as the installed
 * package runs it, so both start cold (process start, module loading, an unwarmed JIT), in
 * alternation so machine load hits both alike:
 *   - in process: `runConformance` on the reference adapter, as `conform` ran before the supervisor;
 *   - supervised: `superviseConformance`, which also forks the worker process (its start, loading
 *     the engine there, IPC of every step and the report, ending its process group).
 * Prints Markdown for BENCHMARKS.md: medians and the overhead as a share of the supervised run's
 * wall time (target < 10 %). Timings never fail it; a verdict other than CONFORMANT does.
 *
 * Usage: `npm run bench -- supervisor` (or `tsx bench/supervisor.bench.ts [--rounds N]`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, numericOption } from './_support/measure.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const rounds = numericOption('--rounds', 7);

execFileSync(process.execPath, [join(repo, 'scripts', 'build.mjs')], { cwd: repo, stdio: 'ignore' });
// Each variant as a script for a fresh process: it prints the verdict, the parent times the process.
const variants: Record<string, string> = {
  'in process': "const { runConformance } = await import('./dist/properties/runner/run-conformance.js'); const { default: reference } = await import('./dist/properties/reference-adapter.js'); console.log((await runConformance(reference, {})).verdict);",
  supervised: "const { superviseConformance } = await import('./dist/src/supervisor/supervise-conformance.js'); console.log((await superviseConformance({ imports: [], options: {}, log: () => undefined })).verdict);",
};
const times: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
let failed = false;
// One warm-up of each (the file system cache), then the measured rounds.
for (let round = -1; round < rounds; round += 1) {
  for (const [name, script] of Object.entries(variants)) {
    const started = performance.now();
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repo, encoding: 'utf8' });
    if (round >= 0) times[name]!.push(performance.now() - started);
    if (run.stdout.trim() !== 'CONFORMANT') failed = true;
  }
}
const base = median(times['in process']!);
const out = [
  `Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)} at the end.`,
  '',
  `Default conform run on the reference (seed 202611, 100 generated runs), each in a fresh process from dist/, ${rounds} rounds in alternation after one warm-up:`,
  '',
  ...Object.keys(variants).map((name) => {
    const m = median(times[name]!);
    return `- ${name}: median ${Math.round(m)} ms (min ${Math.round(Math.min(...times[name]!))}, max ${Math.round(Math.max(...times[name]!))})${name === 'in process' ? '' : `; overhead ${Math.round(m - base)} ms = ${(((m - base) / m) * 100).toFixed(1)} % of the supervised run's wall time`}`;
  }),
];
process.stdout.write(`${out.join('\n')}\n`);
process.exitCode = failed ? 1 : 0;
