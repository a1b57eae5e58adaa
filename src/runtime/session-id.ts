import { RuntimeError } from './errors.js';

declare const sessionIdBrand: unique symbol;

/**
 * The one identity of a live agent and its session (docs/contract.md §2): any non-empty, well-formed
 * UTF-16 string, opaque — nothing may depend on its text.
 */
export type SessionId = string & { readonly [sessionIdBrand]: true };

/** Admits `value` as a SessionId or throws `invalid` naming `field` (AIK-CREATE-003, AIK-RESUME-002). */
export function toSessionId(value: unknown, field: string): SessionId {
  if (typeof value !== 'string') throw new RuntimeError('invalid', `${field} must be a string, got ${typeof value}`);
  if (value.length === 0) throw new RuntimeError('invalid', `${field} must not be empty`);
  if (!value.isWellFormed()) throw new RuntimeError('invalid', `${field} must be well-formed UTF-16 (it has a lone surrogate)`);
  return value as SessionId;
}
