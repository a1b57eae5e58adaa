/**
 * The per-mutant half of `bench/conform.bench.ts`, run by it as a child process
 * (`tsx test/mutants/measure.ts [--seeds N] [--max-runs N]`) because the module graph keeps
 * everything outside `test/` from importing the test tree. Prints one JSON line per mutant:
 *   - the default run (`runConformance`, default options): the checks tagged with an intended
 *     requirement that failed, and the shortest such counterexample (commands as printed);
 *   - the generated runs alone (`runGenerated`) per seed: the fewest runs on the ladder at which
 *     the property fails, the requirement its shrunk failure is tagged with, and its length.
 */
import type { Declared } from '../../properties/model/declared.js';
import { runGenerated } from '../../properties/model/run-generated.js';
import { Limits } from '../../properties/runner/limits.js';
import { declaredCapabilities } from '../../properties/runner/declared-capabilities.js';
import { createKitEnv } from '../../properties/env/kit-env.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { DEFAULT_SEED } from '../../properties/runner/default-seed.js';
import type { Mutant } from './_support/mutant.js';
import { MUTANTS } from './mutants.js';

/** One mutant's figures, as the bench reads them. */
export interface MutantMeasurement {
  readonly name: string;
  readonly requirements: readonly string[];
  /** Intended-requirement checks the default run failed (empty: the mutant escaped). */
  readonly caughtBy: readonly string[];
  /** Commands of the shortest such counterexample. */
  readonly shortest: number | null;
  /** Per seed: what the generated runs alone found, or null when they found nothing within the ladder. */
  readonly generated: readonly ({ readonly seed: number; readonly runs: number; readonly requirement: string; readonly length: number } | { readonly seed: number; readonly runs: null })[];
  readonly ladder: readonly number[];
}

const argument = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const seeds = [DEFAULT_SEED, ...Array.from({ length: argument('--seeds', 5) - 1 }, (_, index) => index + 1)];
const ladder = [1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 25, 30, 40, 50, 75, 100, 150, 200].filter((runs) => runs <= argument('--max-runs', 100));

async function generated(mutant: Mutant, declared: Declared, seed: number): Promise<MutantMeasurement['generated'][number]> {
  for (const runs of ladder) {
    const [failure] = (await runGenerated(mutant.adapter, declared, { seed, runs, limits: new Limits(1000), inScope: () => true })).failures;
    if (failure !== undefined) return { seed, runs, requirement: failure.requirement, length: failure.counterexample.commands.length };
  }
  return { seed, runs: null };
}

for (const mutant of MUTANTS) {
  const report = await runConformance(mutant.adapter);
  const caught = report.failures.filter((failure) => mutant.requirements.includes(failure.requirement) && !failure.adapter);
  const probe = await mutant.adapter(createKitEnv().env, {});
  const declared = { ...declaredCapabilities(probe.contract, probe.capabilities), profiles: probe.profiles };
  await probe.shutdown();
  const found: MutantMeasurement['generated'][number][] = [];
  for (const seed of seeds) found.push(await generated(mutant, declared, seed));
  const measurement: MutantMeasurement = {
    name: mutant.name,
    requirements: mutant.requirements,
    caughtBy: [...new Set(caught.map((failure) => failure.check))],
    shortest: caught.length === 0 ? null : Math.min(...caught.map((failure) => failure.counterexample.commands.length)),
    generated: found,
    ladder,
  };
  process.stdout.write(`${JSON.stringify(measurement)}\n`);
}
