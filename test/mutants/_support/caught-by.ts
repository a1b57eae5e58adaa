import type { ConformanceReport } from '../../../properties/report/conformance-report.js';
import type { Mutant } from './mutant.js';

/**
 * The checks of `report` that catch `mutant`: failures tagged with one of its intended
 * requirements that are findings, not the adapter breaking the protocol (a divergence alone does
 * not count). Empty when the mutant escaped, or when the run was not NOT CONFORMANT.
 */
export function caughtBy(mutant: Mutant, report: ConformanceReport): string[] {
  if (report.verdict !== 'NOT CONFORMANT') return [];
  return report.failures.filter((failure) => mutant.requirements.includes(failure.requirement) && !failure.adapter).map((failure) => failure.check);
}

/** The findings of `report` (not the adapter breaking the protocol) that name one of the clauses `mutant` breaks, as `<check> <clause>`. */
export function namingItsClauses(mutant: Mutant, report: ConformanceReport): string[] {
  return report.failures.filter((failure) => !failure.adapter).flatMap((failure) => (failure.clauses ?? []).filter((id) => mutant.clauses.includes(id)).map((id) => `${failure.check} ${id}`));
}
