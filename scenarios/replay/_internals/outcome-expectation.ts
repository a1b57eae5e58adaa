import type { Outcome } from '../../../src/contract/adapter.js';
import type { ErrorCode } from '../../../src/contract/error-code.js';
import type { Expectation, SingleExpectation } from '../../../src/contract/scenario.js';
import type { ScenarioValues } from './scenario-values.js';

/** How an outcome is read: the adapter's classification of implementation-originated failures, and the injected values. */
export interface OutcomeReader {
  readonly classify: (error: unknown) => ErrorCode | 'unknown';
  readonly values: ScenarioValues;
}

/** An expectation as a scenario author writes it: `ok`, `reject: conflict`, `reject: <injected veto>`. */
export function showExpectation(expect: Expectation): string {
  if (typeof expect === 'string') return expect;
  if ('oneOf' in expect) return expect.oneOf.map(showExpectation).join(' or ');
  if (typeof expect.reject === 'object') return `reject: <injected ${expect.reject.injected}>`;
  return `reject: ${expect.reject}${'cause' in expect && expect.cause !== undefined ? ` (cause <injected ${expect.cause}>)` : ''}`;
}

/** An outcome in the same words as {@link showExpectation}. */
export function showOutcome(outcome: Outcome | undefined, reader: OutcomeReader): string {
  if (outcome === undefined) return 'pending';
  if (outcome.ok) return 'ok';
  const injected = reader.values.nameOf(outcome.error);
  if (injected !== undefined) return `reject: <injected ${injected}>`;
  const code = reader.classify(outcome.error);
  const cause = outcome.error instanceof Error ? reader.values.nameOf(outcome.error.cause) : undefined;
  const message = outcome.error instanceof Error ? outcome.error.message : JSON.stringify(outcome.error) ?? String(outcome.error);
  return `reject: ${code === 'unknown' ? 'code unverified' : code}${cause === undefined ? '' : ` (cause <injected ${cause}>)`} — ${message}`;
}

/** Whether `outcome` (`undefined`: still pending) meets `expect`. */
export function meetsExpectation(expect: Expectation, outcome: Outcome | undefined, reader: OutcomeReader): boolean {
  if (typeof expect === 'object' && 'oneOf' in expect) return expect.oneOf.some((one) => meetsSingle(one, outcome, reader));
  return meetsSingle(expect, outcome, reader);
}

function meetsSingle(expect: SingleExpectation, outcome: Outcome | undefined, reader: OutcomeReader): boolean {
  if (expect === 'pending') return outcome === undefined;
  if (outcome === undefined) return false;
  if (expect === 'ok') return outcome.ok;
  if (outcome.ok) return false;
  if (typeof expect.reject === 'object') return Object.is(outcome.error, reader.values.get(expect.reject.injected));
  if (reader.values.nameOf(outcome.error) !== undefined) return false;
  if (reader.classify(outcome.error) !== expect.reject) return false;
  return !('cause' in expect) || expect.cause === undefined || (outcome.error instanceof Error && Object.is(outcome.error.cause, reader.values.get(expect.cause)));
}
