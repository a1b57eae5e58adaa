/** requirementOutcome on the report shapes the other vitest-outcome tests do not build: notes left out, an adapter failure with a path. */
import { describe, expect, it } from 'vitest';
import { requirementOutcome } from '../../src/vitest/requirement-outcome.js';

const report = (requirements: readonly object[], failures: readonly object[] = []) => ({ requirements, failures, strays: [] }) as never;

describe('a requirement test’s outcome', () => {
  it('skips a NOT-APPLICABLE requirement without a note, and fails a NOT-TESTED one without a note as "no check ran"', () => {
    expect(requirementOutcome(report([{ id: 'AIK-SUB-001', status: 'NOT-APPLICABLE' }]), 'AIK-SUB-001')).toEqual({ skip: 'NOT-APPLICABLE: ' });
    expect(requirementOutcome(report([{ id: 'AIK-SUB-001', status: 'NOT-TESTED' }]), 'AIK-SUB-001')).toEqual({ fail: 'AIK-SUB-001 NOT-TESTED: no check ran' });
  });

  it('shows an adapter failure of a generated run with its seed and path', () => {
    const failure = { check: 'AIK-ID-001/generated-one-identity', requirement: 'AIK-ID-001', message: 'broke', adapter: true, expected: false, counterexample: { seed: 7, path: '3:1', commands: ['create(s1) ✓'], steps: [] } };
    expect(requirementOutcome(report([{ id: 'AIK-ID-001', status: 'FAIL' }], [failure]), 'AIK-ID-001')).toEqual({
      fail: ['AIK-ID-001 FAIL', 'AIK-ID-001/generated-one-identity (adapter): broke', '  counterexample (seed 7, path 3:1):', '    create(s1) ✓'].join('\n'),
    });
  });
});
