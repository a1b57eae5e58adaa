import type { System } from '../contract/adapter.js';
import { ERROR_CODES, type ErrorCode } from '../contract/error-code.js';
import { misuse } from './misuse.js';

/** Options of {@link errorClassifier}; every property is optional. */
export interface ErrorClassifierOptions {
  /**
   * Only failures that are instances of one of these classes are classified; anything else is
   * `unknown`. Default: every failure value is read (including bare string codes).
   */
  readonly classes?: readonly (abstract new (...args: never[]) => unknown)[];
  /**
   * Reads the implementation's own code from a failure. Default: a string failure is its own code
   * (an implementation that rejects with bare codes), otherwise the failure's `code` property.
   */
  readonly code?: (error: unknown) => unknown;
  /**
   * The implementation's codes mapped to the contract's (`{ EEXIST: 'conflict' }`). Default: a code
   * that already is one of the contract's `ERROR_CODES` stands for itself.
   */
  readonly codes?: Readonly<Record<string, ErrorCode>>;
}

function defaultCode(error: unknown): unknown {
  if (typeof error === 'string') return error;
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/**
 * A `classifyError` for the system: by class, by code, or both. A failure it cannot read is
 * `unknown`, which fails the checks that expect a code with "code unverified" — the report then
 * names what is left to map.
 *
 * @example errorClassifier({ classes: [HarnessError] })                       // codes are the contract's
 * @example errorClassifier({ codes: { EEXIST: 'conflict', ENOENT: 'not-found' } })
 */
export function errorClassifier(options: ErrorClassifierOptions = {}): System['classifyError'] {
  const helper = 'errorClassifier(options)';
  if (typeof options !== 'object' || options === null) throw misuse(helper, 'options must be an object', options);
  if (options.classes !== undefined && (!Array.isArray(options.classes) || options.classes.some((type) => typeof type !== 'function'))) throw misuse(helper, 'classes must be an array of classes', options.classes);
  if (options.code !== undefined && typeof options.code !== 'function') throw misuse(helper, 'code must be a function reading the code from a failure', options.code);
  if (options.codes !== undefined) {
    if (typeof options.codes !== 'object' || options.codes === null) throw misuse(helper, 'codes must map the implementation’s codes to the contract’s', options.codes);
    for (const [own, code] of Object.entries(options.codes)) {
      if (!(ERROR_CODES as readonly unknown[]).includes(code)) throw misuse(helper, `codes.${own} must be one of the contract’s codes (${ERROR_CODES.join(', ')})`, code);
    }
  }
  const read = options.code ?? defaultCode;
  const codes = options.codes;
  return (error) => {
    if (options.classes !== undefined && !options.classes.some((type) => error instanceof type)) return 'unknown';
    const code = read(error);
    if (typeof code !== 'string') return 'unknown';
    if (codes !== undefined) return Object.hasOwn(codes, code) ? (codes[code] as ErrorCode) : 'unknown';
    return (ERROR_CODES as readonly string[]).includes(code) ? (code as ErrorCode) : 'unknown';
  };
}
