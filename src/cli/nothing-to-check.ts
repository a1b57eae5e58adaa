import { UsageError } from '../supervisor/usage-error.js';

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
