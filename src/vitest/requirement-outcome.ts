import type { ConformanceReport, FailureDetail, StrayError } from '../../properties/report/conformance-report.js';
import { shardVerdict, staleInShard, type Shard } from '../../properties/runner/shard-verdict.js';

/** What a test of the suite does: pass, skip with a note, or fail with a message. */
export type Outcome = { readonly pass: true } | { readonly skip: string } | { readonly fail: string };

function failureText(failure: FailureDetail): string {
  const where = `seed ${failure.counterexample.seed}${failure.counterexample.path === undefined ? '' : `, path ${failure.counterexample.path}`}`;
  return [`${failure.check}${failure.adapter ? ' (adapter)' : ''}: ${failure.message}`, `  counterexample (${where}):`, ...failure.counterexample.commands.map((command) => `    ${command}`)].join('\n');
}

function strayText(stray: StrayError): string {
  const where = stray.check === undefined ? 'outside any check' : `during ${stray.check}${stray.step === undefined ? '' : ` (the last step started: ${stray.step})`}`;
  return `${stray.origin} from adapter code ${where}: ${stray.message}`;
}

/**
 * The outcome of requirement `id`'s test, from the run's report (a part's, with `shard`): skipped
 * when NOT-APPLICABLE, STATIC, an expected failure or decided in another part; failed with its
 * failing checks and counterexamples when FAIL, with the reason when NOT-TESTED, and whenever an
 * error escaped adapter code during one of its checks (a supervised run reports those).
 */
export function requirementOutcome(report: ConformanceReport, id: string, shard?: Shard): Outcome {
  const verdict = shard === undefined ? undefined : shardVerdict(report, id, shard);
  if (verdict !== undefined && 'elsewhere' in verdict) return { skip: verdict.elsewhere };
  const result = verdict?.result ?? report.requirements.find((candidate) => candidate.id === id);
  if (result === undefined) return { fail: `${id}: the conformance run did not report it` };
  if (result.status === 'NOT-APPLICABLE' || result.status === 'STATIC') return { skip: `${result.status}: ${result.note ?? ''}` };
  if (result.expected === true) return { skip: 'expected failure (listed in expectedFailures)' };
  const strays = (report.strays ?? []).filter((stray) => stray.check?.slice(0, stray.check.indexOf('/')) === id).map(strayText);
  if (result.status === 'FAIL') return { fail: [`${id} FAIL`, ...report.failures.filter((failure) => failure.requirement === id).map(failureText), ...strays].join('\n') };
  if (result.status === 'NOT-TESTED') return { fail: [`${id} NOT-TESTED: ${result.note ?? 'no check ran'}`, ...strays].join('\n') };
  if (strays.length > 0) return { fail: [`${id}: errors escaped adapter code during its checks`, ...strays].join('\n') };
  return { pass: true };
}

/** The outcome of the suite's stale test: failed when an expected failure passes now (in a part, as far as the part can tell). */
export function staleOutcome(report: ConformanceReport, shard?: Shard): Outcome {
  const stale = shard === undefined ? report.stale : staleInShard(report, shard);
  return stale.length > 0 ? { fail: `listed as expected failures but passing now: ${stale.join(', ')}` } : { pass: true };
}

/** The outcome of the supervised suite's test of errors that escaped adapter code outside any check. */
export function outsideOutcome(report: ConformanceReport): Outcome {
  const outside = (report.strays ?? []).filter((stray) => stray.check === undefined);
  return outside.length > 0 ? { fail: outside.map(strayText).join('\n') } : { pass: true };
}
