import type { ErrorCode } from '../contract/error-code.js';

/**
 * An error the runtime originates. Its `code` is from the contract's closed set; its message
 * names the id and the phase or field. Values injected by callers never become RuntimeErrors.
 */
export class RuntimeError extends Error {
  override readonly name = 'RuntimeError';
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(`${code}: ${message}`, options);
    this.code = code;
  }
}

/** Whether `value` is a RuntimeError with `code` (any code when omitted). */
export function isRuntimeError(value: unknown, code?: ErrorCode): value is RuntimeError {
  return value instanceof RuntimeError && (code === undefined || value.code === code);
}
