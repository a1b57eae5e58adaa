import { UnsupportedOperation } from '../contract/adapter.js';
import { misuse } from './misuse.js';

/**
 * The outcome for an operation the implementation does not have: a failure whose value is an
 * {@link UnsupportedOperation}, so the report says which requirement needs the operation instead
 * of counting a generic failure. Return it, never an emulation (`docs/writing-an-adapter.md`,
 * "What not to do").
 */
export function unsupported(operation: string): Promise<{ readonly ok: false; readonly error: UnsupportedOperation }> {
  if (typeof operation !== 'string' || operation === '') throw misuse('unsupported(operation)', 'operation must name the operation or plan action (e.g. "resume")', operation);
  return Promise.resolve({ ok: false, error: new UnsupportedOperation(operation) });
}
