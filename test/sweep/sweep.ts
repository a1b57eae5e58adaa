/**
 * The false-FAIL sweep: every variant (test/variants/variants.ts) under each persisted-create
 * profile it can take, and the combinations the clause map marks as interacting, at many seeds
 * (and run counts), optionally with busy-looping processes beside it, printing every FAIL it
 * meets. Any FAIL is a false FAIL of the kit. `npm run sweep -- --seeds 200 --runs 100 --load 2 --systems reference`.
 *
 * With `--mutants <names>` (comma-separated mutant names, or `all`) it sweeps mutants of the kill
 * matrix instead, at the same seeds: each must be caught at every seed by a check tagged with one
 * of its intended requirements, by a failure naming one of the clauses it breaks; it prints, per mutant, the checks that caught it and the seeds
 * caught, and every seed it escaped.
 *
 * With `--replays` it makes the round trip `conform --out` then `replay` for every failure of
 * every mutant of the kill matrix (or of `--mutants`) at the same seeds: each counterexample must
 * FAIL on its mutant at the failure's requirement and clause, and on no conforming system; it prints, per
 * mutant, counterexamples reproduced / written, and every miss. `npm test` runs a rotating slice
 * of this (test/mutants/counterexample-round-trip.test.ts).
 *
 * Options: --seeds N (default 20), --from S (first seed, default 1), --runs N (default 100),
 * --load K (K busy-looping processes run beside it, default 0), --timeout MS (the per-operation limit, default
 * 1000; a small one makes suspected hangs, and so their confirmation, common), --systems <substring> (only the
 * systems whose name contains it, e.g. `materializing` or `(reject-at-flush)`), --mutants <names> (see above).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { runConformance } from '../../properties/runner/run-conformance.js';
import type { AdapterFactory } from '../../src/contract/adapter.js';
import { caughtBy, namingItsClauses } from '../mutants/_support/caught-by.js';
import { roundTrip } from '../mutants/_support/round-trip.js';
import { MUTANTS } from '../mutants/mutants.js';
import { sweptSystems } from '../variants/variants.js';

const argument = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const seeds = Number(argument('--seeds', '20'));
const from = Number(argument('--from', '1'));
const runs = Number(argument('--runs', '100'));
const load = Number(argument('--load', '0'));
const timeoutMs = Number(argument('--timeout', '1000'));
const only = argument('--systems', '');
const replays = process.argv.includes('--replays');
const mutantNames = argument('--mutants', replays ? 'all' : '');

const wanted = mutantNames === 'all' ? MUTANTS.map((mutant) => mutant.name) : mutantNames.split(',').filter((name) => name !== '');
const unknown = wanted.filter((name) => !MUTANTS.some((mutant) => mutant.name === name));
if (unknown.length > 0) {
  console.error(`sweep: --mutants names no mutant ${unknown.join(', ')} (see test/mutants/mutants.ts)`);
  process.exit(2);
}
const seedList = Array.from({ length: seeds }, (_, index) => from + index);
const seconds = (ms: number): string => (ms / 1000).toFixed(1);

/** Runs `factory` at every seed; returns the reports with their wall times. */
async function atEverySeed(factory: AdapterFactory): Promise<{ seed: number; report: Awaited<ReturnType<typeof runConformance>>; ms: number }[]> {
  const results = [];
  for (const seed of seedList) {
    const started = performance.now();
    const report = await runConformance(factory, { seed, runs, timeoutMs });
    results.push({ seed, report, ms: performance.now() - started });
  }
  return results;
}

/** The conforming systems: every FAIL is printed and counted. */
async function sweepConforming(): Promise<number> {
  let fails = 0;
  console.log('| system | seeds | FAILs | wall s | median run s |');
  console.log('|---|---|---|---|---|');
  for (const { name, factory } of sweptSystems().filter((system) => system.name.includes(only))) {
    const results = await atEverySeed(factory);
    let systemFails = 0;
    for (const { seed, report } of results) {
      for (const failure of report.failures) {
        systemFails += 1;
        console.log(`FAIL ${name} seed ${seed} runs ${runs}: ${failure.check}: ${failure.message.split('\n')[0]}`);
        // A FAIL that timing decided may not come back at the same seed: its counterexample is all there is to read.
        const { seed: chunkSeed, path, commands } = failure.counterexample;
        console.log(`  counterexample (seed ${chunkSeed}${path === undefined ? '' : `, path ${path}`}): ${commands.join('; ')}`);
      }
      if (report.verdict !== 'CONFORMANT' && report.failures.length === 0) {
        systemFails += 1;
        console.log(`FAIL ${name} seed ${seed} runs ${runs}: NOT CONFORMANT without a failure (${JSON.stringify(report.summary)})`);
      }
    }
    fails += systemFails;
    const times = results.map((result) => result.ms).sort((a, b) => a - b);
    console.log(`| ${name} | ${seeds} | ${systemFails} | ${seconds(times.reduce((a, b) => a + b, 0))} | ${((times[Math.floor(times.length / 2)] ?? 0) / 1000).toFixed(2)} |`);
  }
  return fails;
}

/** The named mutants: every seed a mutant escaped is printed and counted. */
async function sweepMutants(): Promise<number> {
  let escapes = 0;
  console.log('| mutant | caught by | seeds caught | wall s |');
  console.log('|---|---|---|---|');
  for (const mutant of MUTANTS.filter((candidate) => wanted.includes(candidate.name))) {
    const results = await atEverySeed(mutant.adapter);
    const checks = new Set<string>();
    let caught = 0;
    for (const { seed, report } of results) {
      const by = caughtBy(mutant, report);
      by.forEach((check) => checks.add(check));
      // Attribution: a failure names one of the clauses the mutant breaks, not only its requirement.
      const named = namingItsClauses(mutant, report);
      if (by.length > 0 && named.length > 0) caught += 1;
      else {
        escapes += 1;
        console.log(`ESCAPED ${mutant.name} seed ${seed} runs ${runs}: ${report.verdict}; failing checks: ${report.failures.map((failure) => `${failure.check} [${(failure.clauses ?? []).join(', ')}]`).join(', ') || 'none'}${by.length > 0 ? `; none names ${mutant.clauses.join(', ')}` : ''}`);
      }
    }
    console.log(`| ${mutant.name} | ${[...checks].sort().join(', ')} | ${caught}/${seeds} | ${seconds(results.reduce((sum, result) => sum + result.ms, 0))} |`);
  }
  return escapes;
}

/** The round trip of every counterexample of the named mutants: every miss is printed and counted. */
async function sweepReplays(): Promise<number> {
  let misses = 0;
  console.log('| mutant | counterexamples reproduced / written | FAIL on a conforming system | wall s |');
  console.log('|---|---|---|---|');
  for (const mutant of MUTANTS.filter((candidate) => wanted.includes(candidate.name))) {
    const started = performance.now();
    let [reproduced, written, falseFailing] = [0, 0, 0];
    for (const seed of seedList) {
      const trip = await roundTrip(await runConformance(mutant.adapter, { seed, runs }), mutant.adapter, sweptSystems());
      [reproduced, written, falseFailing] = [reproduced + trip.reproduced, written + trip.written, falseFailing + trip.falseFailing];
      for (const miss of trip.misses) console.log(`MISS ${mutant.name} seed ${seed} runs ${runs}: ${miss}`);
      misses += trip.misses.length;
    }
    console.log(`| ${mutant.name} | ${reproduced}/${written} | ${falseFailing} | ${seconds(performance.now() - started)} |`);
  }
  return misses;
}

const busy: ChildProcess[] = Array.from({ length: load }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const started = performance.now();
try {
  console.log(`sweep${replays ? ' of counterexample round trips' : mutantNames === '' ? '' : ' of mutants'}: seeds ${from}..${from + seeds - 1}, ${runs} runs, ${load} busy processes beside it`);
  const misses = replays ? await sweepReplays() : mutantNames === '' ? await sweepConforming() : await sweepMutants();
  console.log(`sweep done in ${seconds(performance.now() - started)} s: ${misses} ${replays ? 'misses' : mutantNames === '' ? 'FAILs' : 'escapes'}`);
  process.exitCode = misses === 0 ? 0 : 1;
} finally {
  for (const child of busy) child.kill('SIGKILL');
}
