import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import independentAdapter from '../../examples/independent/adapter.js';
import type { AdapterFactory } from '../../src/contract/adapter.js';
import { behindSlowStore, withShuffledLists } from './_support/benign.js';
import { MUTANTS } from './mutants.js';

/** The report without its one timing field, for byte-for-byte comparison. */
function timeless(report: Awaited<ReturnType<typeof runConformance>>): string {
  const { durationMs: _timing, ...rest } = report;
  return JSON.stringify(rest);
}

describe('kill matrix: every mutant is caught by a check tagged with its intended requirement', () => {
  it('has at least 15 mutants, each with a distinct name and intended requirements', () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(15);
    expect(new Set(MUTANTS.map((mutant) => mutant.name)).size).toBe(MUTANTS.length);
    for (const mutant of MUTANTS) expect(mutant.requirements.length).toBeGreaterThan(0);
  });

  for (const mutant of MUTANTS) {
    it(`${mutant.name} (${mutant.requirements.join(', ')}) is NOT CONFORMANT`, async () => {
      const report = await runConformance(mutant.adapter);
      expect(report.verdict).toBe('NOT CONFORMANT');
      // A divergence alone does not count: the failing check must be tagged with an intended
      // requirement, and be a finding, not the adapter breaking the protocol.
      const caught = report.failures.filter((failure) => mutant.requirements.includes(failure.requirement) && !failure.adapter);
      expect(caught.map((failure) => failure.check), `failing checks: ${report.failures.map((failure) => failure.check).join(', ')}`).not.toEqual([]);
    });
  }
});

describe('no false FAILs', () => {
  const conforming: readonly [string, AdapterFactory][] = [
    ['reference, scope-last + reject-at-create', referenceAdapter({ profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' } })],
    ['reference, scope-last + reject-at-flush', referenceAdapter({ profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-flush' } })],
    ['reference, scope-first + reject-at-create', referenceAdapter({ profiles: { teardown: 'scope-first', persistedCreate: 'reject-at-create' } })],
    ['reference, scope-first + reject-at-flush', referenceAdapter({ profiles: { teardown: 'scope-first', persistedCreate: 'reject-at-flush' } })],
    ['the independent example', independentAdapter],
    ['reference behind a slow store', behindSlowStore(referenceAdapter())],
    ['reference with shuffled registry lists', withShuffledLists(referenceAdapter())],
  ];
  for (const [name, factory] of conforming) {
    it(`${name} is CONFORMANT`, async () => {
      const report = await runConformance(factory);
      expect(report.failures.map((failure) => `${failure.check}: ${failure.message}`)).toEqual([]);
      expect(report.summary['NOT-TESTED']).toBe(0);
      expect(report.verdict).toBe('CONFORMANT');
    });
  }

  it('the same seed twice gives byte-identical JSON, timings aside (reference and independent example)', async () => {
    for (const factory of [referenceAdapter(), independentAdapter]) {
      const [first, second] = [await runConformance(factory, { seed: 7 }), await runConformance(factory, { seed: 7 })];
      expect(timeless(second)).toBe(timeless(first));
    }
  });
});
