import { UsageError } from '../supervisor/usage-error.js';
import type { ConformanceReport } from '../../properties/report/conformance-report.js';

/**
 * A gate or check that found nothing to look at is not a pass: like ESLint's "no files matched",
 * it is a usage error (exit 2) unless the user says an empty run is expected.
 */
export const ALLOW_EMPTY_FLAG = '--allow-empty';
export const ALLOW_EMPTY_HELP = 'exit 0 when there is nothing to check (default: exit 2, so a wrong path or root never passes silently)';

/** Throws the usage error for an empty run unless `allowed`. */
export function refuseEmpty(what: string, allowed: boolean | undefined): void {
  if (allowed !== true) throw new UsageError(`${what}: nothing to check (pass ${ALLOW_EMPTY_FLAG} if that is expected)`);
}

/**
 * A conformance run (`conform`, `merge`) that decided no requirement — its scope held only
 * requirements not applicable to the adapter or decided on source code (`--requirements
 * AIK-REMOTE` without the capability remote, `--requirements AIK-ID-004`) — checked nothing: it
 * is refused as an empty run, not reported CONFORMANT with exit 0. A run that failed keeps its exit 1.
 */
export function refuseUndecided(report: ConformanceReport, allowed: boolean | undefined): void {
  if (report.verdict !== 'CONFORMANT' || report.summary.PASS > 0 || report.summary.FAIL > 0) return;
  const statuses = Object.entries(report.summary).filter(([, count]) => count > 0).map(([status, count]) => `${count} ${status}`);
  const scope = report.scope === 'all' ? 'all requirements' : `requirements ${report.scope.join(',')}`;
  refuseEmpty(`conformance run of ${scope}: no requirement decided (${statuses.join(', ') || 'none in scope'})`, allowed);
}
