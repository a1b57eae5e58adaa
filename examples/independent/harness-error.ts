/** The closed set of failure codes this harness originates (docs/contract.md §2–§4). */
export type HarnessErrorCode = 'conflict' | 'not-found' | 'invalid' | 'aborted' | 'inactive';

/**
 * A failure the harness originates. Values a caller injects (an abort reason, a value thrown by
 * setup or by a listener) are never wrapped in one: they reach the caller unchanged.
 */
export class HarnessError extends Error {
  override readonly name = 'HarnessError';
  readonly code: HarnessErrorCode;

  constructor(code: HarnessErrorCode, message: string, options?: { cause?: unknown }) {
    super(`${code}: ${message}`, options);
    this.code = code;
  }
}
