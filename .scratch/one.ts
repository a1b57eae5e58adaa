import { runConformance } from '../properties/runner/run-conformance.js';
import { MUTANTS } from '../test/mutants/mutants.js';
const m = MUTANTS.find((x) => x.name === process.argv[2])!;
const t = performance.now();
const report = await runConformance(m.adapter, process.argv[3] ? { seed: Number(process.argv[3]) } : {});
console.log(m.name, report.verdict, report.failures.map((f) => f.check + (f.expected ? '(exp)' : '')), Math.round(performance.now() - t), 'ms');
