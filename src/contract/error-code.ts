/**
 * The closed set of codes carried by errors an implementation originates (docs/contract.md §2–§4).
 * Values injected by a caller (abort reasons, values thrown by setup or listeners) carry no code:
 * they pass through unchanged and are compared by identity.
 */
export const ERROR_CODES = ['conflict', 'not-found', 'invalid', 'aborted', 'inactive'] as const;

/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];
