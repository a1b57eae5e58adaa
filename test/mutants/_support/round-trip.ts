import type { ConformanceReport } from '../../../properties/report/conformance-report.js';
import type { AdapterFactory } from '../../../src/contract/adapter.js';
import { counterexampleScenario } from '../../../src/cli/counterexample-scenario.js';
import { replayScenario } from '../../../scenarios/replay/replay-scenario.js';

/** What replaying every counterexample of one report showed. */
export interface RoundTrip {
  /** Counterexamples written (one per failure of the report). */
  readonly written: number;
  /** Of those, the ones that FAIL on the system they came from, at the failure's requirement and (when it names any) one of its clauses. */
  readonly reproduced: number;
  /** Of those, the ones that FAIL on some conforming system (a false FAIL of the scenario). */
  readonly falseFailing: number;
  /** One line per counterexample that did not reproduce, and per FAIL on a conforming system. */
  readonly misses: readonly string[];
}

/**
 * The round trip `conform --out` then `replay` makes, for every failure of `report` (not only the
 * first one `--out` writes): its counterexample scenario must FAIL when replayed on `subject` (the
 * system the report came from) with the failure's requirement among the failing step's, and one of
 * the failure's clauses (`AIK-…cN`) among the failing step's when the failure names any, and must
 * not FAIL on any of `conforming` (it may SKIP where a profile or capability it needs is missing).
 */
export async function roundTrip(report: ConformanceReport, subject: AdapterFactory, conforming: readonly { readonly name: string; readonly factory: AdapterFactory }[]): Promise<RoundTrip> {
  const misses: string[] = [];
  let reproduced = 0;
  let falseFailing = 0;
  for (const failure of report.failures) {
    const scenario = await counterexampleScenario(report, failure);
    const replayed = await replayScenario(scenario, subject);
    const clauses = failure.clauses ?? [];
    const sameClause = (named: readonly string[] | undefined) => clauses.length === 0 || clauses.some((id) => named?.includes(id) === true);
    if (replayed.status === 'FAIL' && replayed.failure.requirements.includes(failure.requirement) && sameClause(replayed.failure.clauses)) reproduced += 1;
    else misses.push(`not reproduced: ${failure.check} (${replayed.status === 'FAIL' ? `FAIL at ${[...replayed.failure.requirements, ...(replayed.failure.clauses ?? [])].join(', ')}` : replayed.status}): ${failure.message.split('\n')[0] ?? ''}`);
    let falseFails = 0;
    for (const system of conforming) {
      const elsewhere = await replayScenario(scenario, system.factory);
      if (elsewhere.status !== 'FAIL') continue;
      falseFails += 1;
      misses.push(`false FAIL on ${system.name}: ${failure.check}: step ${elsewhere.failure.step} ${elsewhere.failure.line}: expected ${elsewhere.failure.expected}, observed ${elsewhere.failure.observed}`);
    }
    if (falseFails > 0) falseFailing += 1;
  }
  return { written: report.failures.length, reproduced, falseFailing, misses };
}
