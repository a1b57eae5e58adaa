/** One Markdown cell escape for every Markdown output (issue 37: it was written four times, and `conform --format markdown` let terminal controls through). */
import { describe, expect, it } from 'vitest';
import { REPORTERS } from '../../properties/reporters/index.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { markdownCell } from '../../src/contract/markdown-cell.js';
import { markdown } from '../../tools/check/reporters/markdown.js';
import { notFoundAsInvalid } from './_support/with-overrides.js';

describe('markdownCell', () => {
  it('escapes the cell and row ends and makes terminal controls printable', () => {
    expect(markdownCell('a | b\nc\r\nd \u001b[31mred\u202e')).toBe('a \\| b c d \\x1b[31mred\\u202e');
  });

  it('conform --format markdown: what the adapter said reaches the summary as printable text in one row', async () => {
    const report = await runConformance(notFoundAsInvalid, { runs: 0, requirements: ['AIK-RESUME-002'] });
    const failure = report.failures[0]!;
    const hostile = { ...report, failures: [{ ...failure, message: 'got \u001b[2J | cleared\nnext' }] };
    const output = REPORTERS.markdown(hostile, { color: false });
    expect(output).toContain('\ngot \\x1b[2J \\| cleared next\n');
    expect(output).not.toContain('\u001b');
  });

  it('check --format markdown: a finding with a pipe and a line break stays in its row', () => {
    const output = markdown([{ gate: 'lint', status: 'fail', findings: [{ file: 'a.ts', line: 1, column: 1, rule: 'r', message: 'x | y\nz' }], notes: [] } as never]);
    expect(output).toContain('| r | x \\| y z |');
  });
});
