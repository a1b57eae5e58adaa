import type { Check } from '../runner/check.js';
import { createChecks } from './create-checks.js';
import { identityChecks } from './identity-checks.js';

/** Every directed check, in contract order: each non-STATIC requirement has at least one. */
export const DIRECTED_CHECKS: readonly Check[] = [...identityChecks, ...createChecks];
