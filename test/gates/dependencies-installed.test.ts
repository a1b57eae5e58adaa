import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dependenciesInstalled } from '../../tools/check/dependencies-installed.js';

const root = mkdtempSync(join(tmpdir(), 'aik-installed-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder under the root, with the files named (a trailing `/` makes a folder). */
function folder(path: string, ...entries: string[]): string {
  const dir = join(root, path);
  mkdirSync(dir, { recursive: true });
  for (const entry of entries) {
    if (entry.endsWith('/')) mkdirSync(join(dir, entry), { recursive: true });
    else writeFileSync(join(dir, entry), '{}');
  }
  return dir;
}

describe('dependenciesInstalled', () => {
  folder('.', 'package.json', 'package-lock.json', 'node_modules/');

  it('finds the root node_modules from a plain subfolder', () => {
    expect(dependenciesInstalled(root, folder('src/deep'))).toBe(true);
  });

  it('stops at a nested project with its own lock file and no node_modules (its npm ci has not run)', () => {
    expect(dependenciesInstalled(root, folder('examples/own', 'package.json', 'package-lock.json'))).toBe(false);
    expect(dependenciesInstalled(root, folder('examples/own/sub'))).toBe(false);
  });

  it('counts a nested project as installed once its own node_modules is there', () => {
    expect(dependenciesInstalled(root, folder('examples/done', 'package.json', 'package-lock.json', 'node_modules/'))).toBe(true);
  });

  it('walks past a workspace member without a lock file of its own (hoisted to the root)', () => {
    expect(dependenciesInstalled(root, folder('packages/member', 'package.json'))).toBe(true);
  });
});
