/**
 * `agent-identity-kit/lint`: the identity lint (AIK-ID-004). Finds every API shape of
 * docs/contract.md §6 that still takes or keeps separate agent and session ids.
 *
 * ```ts
 * import { lint, FORMATTERS } from 'agent-identity-kit/lint';
 * const result = await lint({ paths: ['packages'], baseline: 'lint-baseline.json' });
 * process.stdout.write(FORMATTERS.sarif(result));
 * ```
 */
export { baselineFileOf, lint } from './lint.js';
export { RULES } from './rules/index.js';
export type { Rule } from './rules/rule.js';
export { FORMATTERS } from './report/index.js';
export type { FormatName } from './report/format-names.js';
export type { Formatter, FormatOptions } from './report/formatter.js';
export { BUILT_IN_CHECKS } from './_internals/built-in-checks.js';
export { baselineOf, writeBaseline, type Baseline } from './_internals/baseline.js';
export { CONFIG_FILE_NAME } from './_internals/load-config.js';
export { DEFAULT_CACHE_FILE } from './_internals/lint-cache.js';
export { SUPPRESSION_MARKER } from './_internals/suppressions.js';
export { LintConfigError } from './lint-config-error.js';
export type * from './types.js';
