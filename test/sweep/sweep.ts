/**
 * The false-FAIL sweep: every conforming system at many seeds (and run counts), optionally with
 * busy-looping processes beside it, printing every FAIL it meets. Any FAIL is a false FAIL of
 * the kit. `npm run sweep -- --seeds 200 --runs 100 --load 2 --systems reference`.
 *
 * Options: --seeds N (default 20), --from S (first seed, default 1), --runs N (default 100),
 * --load K (K busy-looping processes run beside it, default 0), --systems <substring> (only the
 * systems whose name contains it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { CONFORMING_SYSTEMS } from './conforming-systems.js';

const argument = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const seeds = Number(argument('--seeds', '20'));
const from = Number(argument('--from', '1'));
const runs = Number(argument('--runs', '100'));
const load = Number(argument('--load', '0'));
const only = argument('--systems', '');

const busy: ChildProcess[] = Array.from({ length: load }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const started = performance.now();
let fails = 0;
try {
  console.log(`sweep: seeds ${from}..${from + seeds - 1}, ${runs} runs, ${load} busy processes beside it`);
  console.log('| system | seeds | FAILs | wall s | median run s |');
  console.log('|---|---|---|---|---|');
  for (const { name, factory } of CONFORMING_SYSTEMS.filter((system) => system.name.includes(only))) {
    const times: number[] = [];
    let systemFails = 0;
    for (let seed = from; seed < from + seeds; seed += 1) {
      const t = performance.now();
      const report = await runConformance(factory, { seed, runs });
      times.push(performance.now() - t);
      for (const failure of report.failures) {
        systemFails += 1;
        console.log(`FAIL ${name} seed ${seed} runs ${runs}: ${failure.check}: ${failure.message.split('\n')[0]}`);
      }
      if (report.verdict !== 'CONFORMANT' && report.failures.length === 0) {
        systemFails += 1;
        console.log(`FAIL ${name} seed ${seed} runs ${runs}: NOT CONFORMANT without a failure (${JSON.stringify(report.summary)})`);
      }
    }
    fails += systemFails;
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`| ${name} | ${seeds} | ${systemFails} | ${(times.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} | ${((sorted[Math.floor(sorted.length / 2)] ?? 0) / 1000).toFixed(2)} |`);
  }
  console.log(`sweep done in ${((performance.now() - started) / 1000).toFixed(0)} s: ${fails} FAILs`);
} finally {
  for (const child of busy) child.kill('SIGKILL');
}
process.exitCode = fails === 0 ? 0 : 1;
