/**
 * Heartbeat benchmark (issue 25): a supervised `conform` run gives the same report idle and beside
 * two busy loops (`node -e 'for(;;){}'`), for an adapter that never yields (every operation
 * resolves in microtasks, test/fixtures/conform/never-yields-adapter.ts) and for the bundled
 * reference runtime. Each seed runs once idle and once under load, through the CLI from the
 * checkout; the JSON reports are compared with their timings removed. The busy loops are this
 * script's children and are killed after each loaded run. Prints Markdown for BENCHMARKS.md; a
 * report that differs, or a verdict other than CONFORMANT, fails it (exit 1). Timings never do.
 *
 * Usage: `npm run bench -- heartbeat` (or `tsx bench/heartbeat.bench.ts [--seeds N] [--runs N] [--work-ms N]`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withoutTimings, type ConformanceReport } from '../properties/report/conformance-report.js';
import { numericOption } from './_support/measure.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const seeds = Array.from({ length: numericOption('--seeds', 5) }, () => randomInt(1, 2 ** 31 - 1));
const runs = numericOption('--runs', 300);
/** How long each operation of the never-yielding adapter computes, synchronously (a chunk of 100 runs then takes seconds without a turn of the loop). */
const workMs = numericOption('--work-ms', 3);
const adapters: Record<string, readonly string[]> = {
  [`never yields, ${workMs} ms per operation`]: ['--adapter', 'test/fixtures/conform/never-yields-adapter.ts'],
  reference: [],
};

/** One supervised conform run: its report without timings, its verdict, its wall time and what it printed on stderr about hangs. */
function conform(adapter: readonly string[], seed: number): { readonly report: string; readonly verdict: string; readonly seconds: number; readonly hangs: number } {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'conform', ...adapter, '--seed', String(seed), '--runs', String(runs), '--format', 'json'], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, NEVER_YIELDS_WORK_MS: String(workMs) },
  });
  const seconds = (performance.now() - started) / 1000;
  const hangs = (run.stderr.match(/hung:/g) ?? []).length;
  try {
    const report = JSON.parse(run.stdout) as ConformanceReport;
    return { report: JSON.stringify(withoutTimings(report)), verdict: report.verdict, seconds, hangs };
  } catch {
    return { report: '', verdict: `no report (exit ${String(run.status)}): ${run.stderr.split('\n')[0] ?? ''}`, seconds, hangs };
  }
}

function busyLoops(): ChildProcess[] {
  return [0, 1].map(() => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
}

let failed = false;
console.log(`| adapter | seed | idle | beside two busy loops | load (1 min) | same report | hangs reported |`);
console.log(`|---|---:|---|---|---:|---|---:|`);
for (const [name, adapter] of Object.entries(adapters)) {
  for (const seed of seeds) {
    const idle = conform(adapter, seed);
    const loops = busyLoops();
    let loaded: ReturnType<typeof conform>;
    try {
      loaded = conform(adapter, seed);
    } finally {
      for (const loop of loops) loop.kill('SIGKILL');
    }
    const same = idle.report !== '' && idle.report === loaded.report;
    if (!same || idle.verdict !== 'CONFORMANT' || loaded.verdict !== 'CONFORMANT') failed = true;
    console.log(`| ${name} | ${seed} | ${idle.verdict}, ${idle.seconds.toFixed(1)} s | ${loaded.verdict}, ${loaded.seconds.toFixed(1)} s | ${loadavg()[0]?.toFixed(1)} | ${same ? 'yes' : 'NO'} | ${idle.hangs + loaded.hangs} |`);
  }
}
console.log(`\n${runs} generated runs per conform run; Node ${process.version}.`);
process.exitCode = failed ? 1 : 0;
