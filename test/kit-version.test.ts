import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { KIT_VERSION } from '../src/contract/kit-version.js';

it('KIT_VERSION equals the version in package.json', () => {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  expect(KIT_VERSION).toBe(manifest.version);
});
