/**
 * Findings the lint itself produces beside its rules: files it could not parse, malformed or
 * unused suppressions, and stale baseline entries. They are reported like rule findings.
 */

/** The built-in checks, by id, with a one-line description (used by the SARIF driver). */
export const BUILT_IN_CHECKS = {
  'syntax-error': 'The file has a syntax error; its remaining code was still linted as far as it parsed.',
  'invalid-suppression': 'A suppression comment names no rule or an unknown rule, or gives no reason.',
  'unused-suppression': 'A suppression comment silenced no finding: remove it.',
  'stale-baseline-entry': 'A baseline entry matches no finding any more: refresh the baseline with --baseline-update.',
} as const;

/** One of {@link BUILT_IN_CHECKS}. */
export type BuiltInCheck = keyof typeof BUILT_IN_CHECKS;
