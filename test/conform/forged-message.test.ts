/**
 * A message adapter code forged on the worker's channel, as the supervisor's line shows it:
 * short, whatever it is (what adapter code printed is tested in test/cli/load-adapter.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { describeForged } from '../../src/supervisor/worker-process.js';

describe('a forged message, as the line reporting it shows it', () => {
  it('is its JSON, or its String when it has none, or its tag when it cannot be written as JSON, cut at 120 characters', () => {
    expect(describeForged({ kind: 'report', verdict: 'CONFORMANT' })).toBe('{"kind":"report","verdict":"CONFORMANT"}');
    expect(describeForged(undefined)).toBe('undefined');
    const circular: Record<string, unknown> = {};
    circular['self'] = circular;
    expect(describeForged(circular)).toBe('[object Object]');
    expect(describeForged(10n)).toBe('[object BigInt]');
    const long = describeForged('x'.repeat(500));
    expect(long).toHaveLength(121);
    expect(long.endsWith('…')).toBe(true);
  });
});
