import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

it('check, graph and docs colour their text on request too (issue 37)', async () => {
  vi.stubEnv('FORCE_COLOR', undefined);
  vi.stubEnv('NO_COLOR', undefined);
  const fresh = mkdtempSync(join(tmpdir(), 'aik-gate-colour-'));
  writeFileSync(join(fresh, 'README.md'), '# A project\n');
  const coloured = await runCli(['check', '--color'], { cwd: fresh });
  expect(coloured.stdout).toContain('\u001b[32mPASSED\u001b[39m');
  expect(coloured.stdout).toMatch(/^docs: \u001b\[32mpass\u001b\[39m$/m);
  expect((await runCli(['docs', '--color'], { cwd: fresh })).stdout).toContain('\u001b[32mPASSED\u001b[39m');
  const plain = await runCli(['check'], { cwd: fresh });
  expect(plain.stdout).not.toContain('\u001b[');
  expect(plain.stdout).toMatch(/\nPASSED\n$/);
}, 120_000);
