import { afterEach, expect, it, vi } from 'vitest';
import { useColor } from '../../src/cli/use-color.js';

afterEach(() => vi.unstubAllEnvs());

it('colours text on a TTY only, and never with NO_COLOR', () => {
  vi.stubEnv('NO_COLOR', undefined);
  expect(useColor('text', { isTTY: true })).toBe(true);
  expect(useColor('text', { isTTY: false })).toBe(false);
  expect(useColor('json', { isTTY: true })).toBe(false);
  vi.stubEnv('NO_COLOR', '1');
  expect(useColor('text', { isTTY: true })).toBe(false);
});
