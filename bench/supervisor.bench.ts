/**
 * Supervisor benchmark (issue 10): what running `conform` supervised costs. In this process and
 * in alternation (so machine load hits both alike), the default conform run on the reference
 * runtime (directed checks + 100 generated runs, seed 202611):
 *   - in process: `runConformance` on the reference adapter, as before the supervisor;
 *   - supervised: `superviseConformance`, which forks the worker process (its start, tsx where
 *     needed, loading the kit, IPC of every step and the report, ending its process group);
 * the supervised side from the compiled dist/ (built first), as an installed package runs it: the
 * bench measures the shipped artifact (and, like everything outside the CLI, does not import the
 * CLI's sources).
 * Prints Markdown for BENCHMARKS.md: medians, the overhead as a share of the run's wall time
 * (target < 10 %). Timings never fail it; a verdict other than CONFORMANT does.
 *
 * Usage: `npm run bench -- supervisor` (or `tsx bench/supervisor.bench.ts [--rounds N]`).
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import referenceAdapter from '../properties/reference-adapter.js';
import type { ConformanceReport } from '../properties/report/conformance-report.js';
import { runConformance } from '../properties/runner/run-conformance.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--rounds');
const rounds = at >= 0 ? Number(process.argv[at + 1]) : 7;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

execFileSync(process.execPath, [join(repo, 'scripts', 'build.mjs')], { cwd: repo, stdio: 'ignore' });
type Supervise = (run: { imports: readonly string[]; options: object; log: (text: string) => void }) => Promise<ConformanceReport>;
const dist = (await import(pathToFileURL(join(repo, 'dist', 'src', 'cli', 'supervise-conformance.js')).href)) as { superviseConformance: Supervise };

const variants: Record<string, () => Promise<ConformanceReport>> = {
  'in process': () => runConformance(referenceAdapter, {}),
  supervised: () => dist.superviseConformance({ imports: [], options: {}, log: () => undefined }),
};
const times: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
let failed = false;
// One warm-up of each (tsx's compile cache, the file system cache), then the measured rounds.
for (let round = -1; round < rounds; round += 1) {
  for (const [name, run] of Object.entries(variants)) {
    const started = performance.now();
    const report = await run();
    if (round >= 0) times[name]!.push(performance.now() - started);
    if (report.verdict !== 'CONFORMANT') failed = true;
  }
}
const base = median(times['in process']!);
const out = [
  `Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)} at the end.`,
  '',
  `Default conform run on the reference (seed 202611, 100 generated runs), ${rounds} rounds in alternation after one warm-up:`,
  '',
  ...Object.keys(variants).map((name) => {
    const m = median(times[name]!);
    return `- ${name}: median ${Math.round(m)} ms (min ${Math.round(Math.min(...times[name]!))}, max ${Math.round(Math.max(...times[name]!))})${name === 'in process' ? '' : `; overhead ${Math.round(m - base)} ms = ${(((m - base) / m) * 100).toFixed(1)} % of the supervised run's wall time`}`;
  }),
];
process.stdout.write(`${out.join('\n')}\n`);
process.exitCode = failed ? 1 : 0;
