import { afterEach, expect, it, vi } from 'vitest';
import { colorOption, useColor } from '../../src/cli/use-color.js';
import { runCli } from '../support/run-cli.js';

afterEach(() => vi.unstubAllEnvs());

it('colours text on a TTY only, and never with NO_COLOR', () => {
  vi.stubEnv('NO_COLOR', undefined);
  vi.stubEnv('FORCE_COLOR', undefined);
  expect(useColor('text', { isTTY: true })).toBe(true);
  expect(useColor('text', { isTTY: false })).toBe(false);
  expect(useColor('json', { isTTY: true })).toBe(false);
  vi.stubEnv('NO_COLOR', '1');
  expect(useColor('text', { isTTY: true })).toBe(false);
});

it('an empty NO_COLOR does not turn colour off; FORCE_COLOR and --color/--no-color do as they say (issue 37)', () => {
  vi.stubEnv('FORCE_COLOR', undefined);
  vi.stubEnv('NO_COLOR', '');
  expect(useColor('text', { isTTY: true })).toBe(true);
  vi.stubEnv('NO_COLOR', '1');
  vi.stubEnv('FORCE_COLOR', '1');
  expect(useColor('text', { isTTY: false })).toBe(true);
  vi.stubEnv('FORCE_COLOR', '0');
  expect(useColor('text', { isTTY: true })).toBe(false);
  // The flag wins over both; a machine format is never coloured.
  expect(useColor('text', { isTTY: false }, true)).toBe(true);
  vi.stubEnv('FORCE_COLOR', '3');
  expect(useColor('text', { isTTY: true }, false)).toBe(false);
  expect(useColor('json', { isTTY: true }, true)).toBe(false);
  expect([colorOption({ color: true }), colorOption({ color: false }), colorOption({})]).toEqual([{ color: true }, { color: false }, {}]);
});

it('lint --color colours its text through a pipe, --no-color never (issue 37)', async () => {
  vi.stubEnv('FORCE_COLOR', '1');
  const plain = await runCli(['lint', 'examples/legacy', '--no-color']);
  vi.stubEnv('FORCE_COLOR', undefined);
  vi.stubEnv('NO_COLOR', '1');
  const coloured = await runCli(['--color', 'lint', 'examples/legacy']);
  expect(coloured.stdout).toContain('\u001b[31merror\u001b[39m');
  expect(plain.stdout).not.toContain('\u001b[');
  expect(plain.stdout.length).toBeGreaterThan(0);
});
