/**
 * Whether every counterexample `conform --out` would write replays to the same failure (issue 11):
 * for each mutant of the kill matrix and the legacy example, at the default seed and seeds
 * 1..N, every failure of the default conformance run becomes a scenario file
 * (`counterexampleScenario`), which must FAIL when replayed against the system it came from (at
 * the failure's requirement; `roundTrip`, shared with `npm run sweep -- --replays`), and
 * PASS (or SKIP, when it does not apply) against every conforming system of the false-FAIL sweep
 * (every variant of test/variants/variants.ts under its profiles, and their interacting
 * combinations): a FAIL there would be a false FAIL of the scenario. Prints a Markdown
 * table (per subject and seed: counterexamples reproduced / written; then the scenarios that
 * FAILed on a conforming system), every miss below it, and exits non-zero on any miss (progress
 * goes to stderr).
 *
 * Usage: `tsx test/mutants/counterexample-replays.ts [--seeds N] [--only <substring>]` (default 5).
 */
import type { AdapterFactory } from '../../src/contract/adapter.js';
import legacyAdapter from '../../examples/legacy/adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { DEFAULT_SEED } from '../../properties/runner/default-seed.js';
import { roundTrip } from './_support/round-trip.js';
import { sweptSystems } from '../variants/variants.js';
import { MUTANTS } from './mutants.js';

const argument = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const seedCount = Number(argument('--seeds', '5'));
const only = argument('--only', '');
const seeds = [DEFAULT_SEED, ...Array.from({ length: seedCount }, (_, index) => index + 1)];
const subjects: readonly { readonly name: string; readonly adapter: AdapterFactory }[] = [...MUTANTS, { name: 'examples/legacy', adapter: legacyAdapter }].filter((subject) => subject.name.includes(only));

const conforming = sweptSystems();
const started = performance.now();
const misses: string[] = [];
let counterexamples = 0;
const rows: string[] = [];
for (const subject of subjects) {
  const cells: string[] = [];
  let falseFailing = 0;
  for (const seed of seeds) {
    process.stderr.write(`${subject.name} seed ${seed}\n`);
    const report = await runConformance(subject.adapter, { seed });
    const trip = await roundTrip(report, subject.adapter, conforming);
    misses.push(...trip.misses.map((miss) => `${subject.name} seed ${seed}: ${miss}`));
    falseFailing += trip.falseFailing;
    counterexamples += trip.written;
    cells.push(`${trip.reproduced}/${trip.written}`);
  }
  rows.push(`| ${subject.name} | ${cells.join(' | ')} | ${falseFailing} |`);
}
console.log(`counterexample replays: ${subjects.length} subjects × seeds ${seeds.join(', ')}; per seed: counterexamples that FAIL on the system they came from / counterexamples written`);
console.log(`| subject | ${seeds.map((seed) => `seed ${seed}`).join(' | ')} | FAIL on a conforming system |`);
console.log(`|---|${seeds.map(() => '---|').join('')}---|`);
for (const row of rows) console.log(row);
for (const miss of misses) console.log(miss);
console.log(`${counterexamples} counterexamples, ${misses.length} misses, in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exitCode = misses.length === 0 && counterexamples > 0 ? 0 : 1;
