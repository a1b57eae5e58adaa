import { counterexampleScenario } from '../src/cli/counterexample-scenario.js';
import { runConformance } from '../properties/runner/run-conformance.js';
import { replayScenario } from '../scenarios/replay/replay-scenario.js';
import independent from '../examples/independent/adapter.js';
import { MUTANTS } from '../test/mutants/mutants.js';
const [name, check, seed] = process.argv.slice(2);
const adapter = MUTANTS.find((x) => x.name === name)!.adapter;
const report = await runConformance(adapter, { seed: Number(seed), requirements: [check.slice(0, check.indexOf('/'))] });
const failure = report.failures.find((f) => f.check === check)!;
console.log(failure.message);
console.log(failure.counterexample.commands.join('\n'));
const scenario = await counterexampleScenario(report, failure);
for (const s of scenario.steps) { const { check: c, ...rest } = s; console.log(JSON.stringify(rest)); }
const r = await replayScenario(scenario, independent);
console.log('independent', r.status, r.status === 'FAIL' ? r.failure : '');
