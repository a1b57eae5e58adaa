/**
 * The kill matrix across seeds (`tsx test/mutants/seed-stability.ts [--seeds N] [--runs N]
 * [--mutant name …] [--shard K/N]`; a shard takes every N-th mutant from the K-th, so N processes
 * can share the work): runs the default conformance run of every mutant at N seeds (the default
 * seed, then 1, 2, …) and prints a Markdown table, per mutant: at how many seeds it was caught
 * through one of its own requirements (by a check tagged with it, not an adapter failure),
 * whether its set of failing requirements was the same at every seed, and whether a catching
 * failure quoted one of the clauses the mutant breaks. Progress goes to stderr.
 */
import { runConformance } from '../../properties/runner/run-conformance.js';
import { DEFAULT_SEED } from '../../properties/runner/default-seed.js';
import { MUTANTS } from './mutants.js';

const argument = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const wanted = process.argv.flatMap((value, index) => (process.argv[index - 1] === '--mutant' ? [value] : []));
const seeds = [DEFAULT_SEED, ...Array.from({ length: argument('--seeds', 20) - 1 }, (_, index) => index + 1)];
const runs = argument('--runs', 100);
const shardAt = process.argv.indexOf('--shard');
const [shard = 1, shards = 1] = shardAt >= 0 ? (process.argv[shardAt + 1] ?? '1/1').split('/').map(Number) : [];
const mutants = MUTANTS.filter((mutant, index) => (wanted.length === 0 || wanted.includes(mutant.name)) && index % shards === shard - 1);

const header = [
  `Kill matrix at ${seeds.length} seeds (${seeds.join(', ')}), ${runs} generated runs each${shards > 1 ? `, shard ${shard}/${shards}` : ''}.`,
  '',
  '| mutant | its requirements | caught at | same failing requirements at every seed | a catching failure quotes its clause |',
  '| --- | --- | --- | --- | --- |',
];
// Rows are printed as each mutant finishes, so a long run shows (and keeps) its progress.
process.stdout.write(`${header.join('\n')}\n`);
let escapes = 0;
const started = performance.now();
for (const mutant of mutants) {
  let caught = 0;
  let quoted = 0;
  const failingSets = new Set<string>();
  for (const seed of seeds) {
    const report = await runConformance(mutant.adapter, { seed, runs });
    const catching = report.failures.filter((failure) => mutant.requirements.includes(failure.requirement) && !failure.adapter);
    if (catching.length > 0) caught += 1;
    if (catching.some((failure) => mutant.clauses.some((id) => failure.message.includes(`${id} "`)))) quoted += 1;
    failingSets.add([...new Set(report.failures.map((failure) => failure.requirement))].sort().join(' '));
  }
  if (caught < seeds.length) escapes += 1;
  const failing = failingSets.size === 1 ? `yes: ${[...failingSets][0]}` : `no: ${[...failingSets].map((set) => `{${set}}`).join(' ')}`;
  process.stdout.write(`| ${mutant.name} | ${mutant.requirements.join(', ')} | ${caught}/${seeds.length} | ${failing} | ${quoted}/${seeds.length} |\n`);
  process.stderr.write(`${mutant.name}: caught ${caught}/${seeds.length} (${Math.round((performance.now() - started) / 1000)} s)\n`);
}
process.stdout.write(`\n${mutants.length - escapes}/${mutants.length} mutants caught through their own requirements at every seed.\n`);
process.exitCode = escapes === 0 ? 0 : 1;
