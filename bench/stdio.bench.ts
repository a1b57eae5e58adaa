/**
 * Stdio benchmark (issue 38): operations per second over stdio against in process, in the same
 * run. The same workload — create, prompt, agents(), dispose, per session — runs on the reference
 * runtime in process, on the same runtime served over stdio (examples/stdio-reference, so the
 * difference is the transport), and on the Python example (examples/python, another
 * implementation: informative). Then one conform run per adapter at the same seed and run count,
 * wall time and verdict. Prints Markdown for BENCHMARKS.md; a failed operation or a verdict other
 * than CONFORMANT fails it (exit 1). Timings never do.
 *
 * Usage: `npm run bench -- stdio` (or `tsx bench/stdio.bench.ts [--sessions N] [--runs N] [--seed N]`).
 */
import type { AdapterFactory } from '../src/contract/adapter.js';
import referenceAdapter from '../properties/reference-adapter.js';
import { createKitEnv } from '../properties/env/kit-env.js';
import { runConformance } from '../properties/runner/run-conformance.js';
import { stdioAdapter, type StdioAdapterFactory } from '../src/stdio/stdio-adapter.js';
import { numericOption } from './_support/measure.js';

const sessions = numericOption('--sessions', 300);
const runs = numericOption('--runs', 50);
const seed = numericOption('--seed', 202611);
let failed = false;

const stdio = (command: string): StdioAdapterFactory =>
  stdioAdapter({
    command,
    onProtocolError: (message) => {
      console.error(message);
      process.exit(1);
    },
  });
const adapters: readonly { readonly name: string; readonly factory: AdapterFactory; readonly stdio?: StdioAdapterFactory }[] = [
  { name: 'reference, in process', factory: referenceAdapter },
  ...[
    ['reference over stdio (examples/stdio-reference)', 'node --import tsx examples/stdio-reference/adapter.ts'],
    ['Python example over stdio (examples/python)', 'python3 examples/python/adapter.py'],
  ].map(([name, command]) => {
    const factory = stdio(command!);
    return { name: name!, factory, stdio: factory };
  }),
];

/** The workload on one system: 4 operations per session; returns the operations made and the wall ms they took. */
async function workload(factory: AdapterFactory): Promise<{ readonly operations: number; readonly ms: number }> {
  const system = await factory(createKitEnv().env, {});
  let operations = 0;
  const started = performance.now();
  for (let n = 0; n < sessions; n += 1) {
    const made = await system.create({ sessionId: `bench-${n}` });
    if (!made.ok) throw new Error(`create failed: ${String(made.error)}`);
    const prompted = await system.prompt(made.handle);
    if (system.agents().length !== 1) throw new Error('agents() does not show the one live agent');
    const disposed = await system.dispose(made.handle);
    if (!prompted.ok || !disposed.ok) throw new Error('prompt or dispose failed');
    operations += 4;
  }
  const ms = performance.now() - started;
  await system.shutdown();
  return { operations, ms };
}

console.log(`Workload: ${sessions} sessions × (create, prompt, agents(), dispose), one system; conform at seed ${seed}, ${runs} generated runs, unsupervised.\n`);
console.log('| adapter | operations | wall | operations/s | × in process | conform wall | verdict |');
console.log('|---|---:|---:|---:|---:|---:|---|');
let baseline: number | undefined;
for (const adapter of adapters) {
  await adapter.stdio?.ready();
  let perSecond = Number.NaN;
  let measured = '–';
  try {
    const { operations, ms } = await workload(adapter.factory);
    perSecond = operations / (ms / 1000);
    baseline ??= perSecond;
    measured = `${operations} | ${(ms / 1000).toFixed(2)} s | ${Math.round(perSecond)} | ${(perSecond / baseline).toFixed(3)}`;
  } catch (error) {
    failed = true;
    measured = `failed: ${error instanceof Error ? error.message : String(error)} | | |`;
  }
  const started = performance.now();
  const report = await runConformance(adapter.factory, { seed, runs, ...(adapter.stdio === undefined ? {} : { stdio: true }) });
  const verdict = `${report.verdict}${report.subset === undefined ? '' : ' (stdio subset)'}`;
  if (report.verdict !== 'CONFORMANT') failed = true;
  console.log(`| ${adapter.name} | ${measured} | ${((performance.now() - started) / 1000).toFixed(1)} s | ${verdict} |`);
  adapter.stdio?.close();
}
process.exitCode = failed ? 1 : 0;
