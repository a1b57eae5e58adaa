import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import independentAdapter from '../../examples/independent/adapter.js';
import type { AdapterFactory } from '../../src/contract/adapter.js';
import { behindSlowStore, withShuffledLists } from './_support/benign.js';

/** The report without its one timing field, for byte-for-byte comparison. */
function timeless(report: Awaited<ReturnType<typeof runConformance>>): string {
  const { durationMs: _timing, ...rest } = report;
  return JSON.stringify(rest);
}

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
