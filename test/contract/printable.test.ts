/** `printable`: what a terminal would act on is shown escaped; everything else as it is. */
import { describe, expect, it } from 'vitest';
import { printable } from '../../src/contract/printable.js';

describe('printable', () => {
  it('escapes C0 controls but tab and newline, DEL, C1 controls and the bidirectional overrides', () => {
    expect(printable('a\u001b[31mred\u001b[0m\r\b\u0007\u0000\u007f\u009b\u202e\u2066z')).toBe('a\\x1b[31mred\\x1b[0m\\x0d\\x08\\x07\\x00\\x7f\\x9b\\u202e\\u2066z');
  });

  it('keeps tabs, newlines and printable Unicode as they are', () => {
    const text = 'line 1\tcafé → 🙂\nline 2 «session» Ω\u00a0end';
    expect(printable(text)).toBe(text);
  });
});
