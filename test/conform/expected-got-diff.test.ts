import { describe, expect, it } from 'vitest';
import { expectedGotDiff } from '../../properties/reporters/expected-got-diff.js';
import { REPORTERS } from '../../properties/reporters/index.js';
import type { ConformanceReport } from '../../properties/report/conformance-report.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { notFoundAsInvalid } from './_support/with-overrides.js';

const expected = [{ id: 's1', header: { id: 's1', createdAt: 1, cwd: '/work' }, length: 3 }, { id: 's2', header: { id: 's2', createdAt: 2 }, length: 0 }];
const got = [{ id: 's1', header: { id: 's1', createdAt: 1, cwd: '/work' }, length: 3 }, { id: 's2', header: { id: 's2', createdAt: 2, delegationDepth: 0 }, length: 1 }];
const line = `sessions after restart: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`;

describe('readable diffs of "expected X, got Y" (issue 37)', () => {
  it('gives the lines that differ between two long JSON values, and nothing for short or scalar ones', () => {
    expect(expectedGotDiff(line)).toEqual(['+ "delegationDepth": 0,', '- "length": 0', '+ "length": 1']);
    expect(expectedGotDiff('live agent ids: expected ["exact"], got ["#1"]')).toEqual([]);
    expect(expectedGotDiff('resume(s1): expected not-found (as the reference runtime decides), got invalid')).toEqual([]);
    // A value holding ", got " is split where both sides are JSON.
    const tricky = [{ text: 'a, got b', padding: 'x'.repeat(60) }];
    expect(expectedGotDiff(`what: expected ${JSON.stringify(tricky)}, got ${JSON.stringify([{ ...tricky[0], text: 'c' }])}`)).toEqual(['- "text": "a, got b"', '+ "text": "c"']);
  });

  it('the text and JUnit reports print the diff under the sub-case', async () => {
    const base = await runConformance(notFoundAsInvalid, { runs: 5, requirements: ['AIK-RESUME-002'] });
    const failure = base.failures[0];
    expect(failure).toBeDefined();
    const report: ConformanceReport = { ...base, failures: [{ ...failure!, message: line }] };
    const text = REPORTERS.text(report, { color: false });
    expect(text).toContain(`    ${line}\n      + "delegationDepth": 0,\n      - "length": 0\n      + "length": 1\n`);
    expect(REPORTERS.junit(report, { color: false })).toContain(`  ${line}\n    + "delegationDepth": 0,\n    - "length": 0\n    + "length": 1\n`);
  });
});
