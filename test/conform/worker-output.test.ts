/**
 * What the supervisor shows of a worker, in process: a message adapter code forged on the worker's
 * channel, rendered short whatever it is, and what adapter code printed, echoed line by line and
 * kept for the report, both bounded.
 */
import { describe, expect, it } from 'vitest';
import { AdapterOutput, describeForged } from '../../src/supervisor/worker-process.js';

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

describe('what adapter code printed', () => {
  it('is echoed a line at a time (an unterminated line at the end), and kept for the report', () => {
    const echoed: string[] = [];
    const output = new AdapterOutput((text) => echoed.push(text));
    expect(output.report).toBeUndefined();
    output.add('stdout', 'one\ntw');
    output.add('stdout', 'o\n');
    output.add('stderr', 'left open');
    output.flush();
    expect(echoed).toEqual(['adapter stdout | one\n', 'adapter stdout | two\n', 'adapter stderr | left open\n']);
    expect(output.report).toEqual({ stdout: 'one\ntwo\n', stderr: 'left open' });
  });

  it('stops echoing after 200 lines, saying so once, and keeps at most 64 KiB of each stream, marked truncated', () => {
    const echoed: string[] = [];
    const output = new AdapterOutput((text) => echoed.push(text));
    output.add('stdout', 'line\n'.repeat(250));
    expect(echoed).toHaveLength(201);
    expect(echoed.at(-1)).toBe('adapter output: more than 200 lines, the rest is not shown here (see adapterOutput in --format json)\n');
    output.add('stderr', 'y'.repeat(70 * 1024));
    expect(output.report?.stderr).toHaveLength(64 * 1024);
    expect(output.report?.truncated).toBe(true);
  });
});
