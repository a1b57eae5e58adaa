/**
 * The one writer every command uses (tools/check/write-file-atomic.ts): whole files or none, an
 * output path refused before it is written, and `init`'s set of new files all or nothing. The
 * kill tests of test/cli/kill-mid-write.test.ts show the same on real processes.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unwritable, writeFileAtomic, writeNewFiles } from '../../tools/check/write-file-atomic.js';

const work = mkdtempSync(join(tmpdir(), 'aik-atomic-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('replaces a file whole and creates its folders, leaving no temporary file', () => {
    const dir = mkdtempSync(join(work, 'replace-'));
    writeFileAtomic(join(dir, 'a', 'b', 'file.json'), 'first');
    writeFileAtomic(join(dir, 'a', 'b', 'file.json'), 'second');
    expect(readFileSync(join(dir, 'a', 'b', 'file.json'), 'utf8')).toBe('second');
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['file.json']);
  });

  it('a failed write leaves the previous file and no temporary file', () => {
    const dir = mkdtempSync(join(work, 'failed-'));
    mkdirSync(join(dir, 'taken'));
    writeFileSync(join(dir, 'taken', 'inside'), '');
    // A directory where the file should go: the rename fails after the temporary file was written.
    expect(() => writeFileAtomic(join(dir, 'taken'), 'text')).toThrow();
    expect(readdirSync(dir)).toEqual(['taken']);
    expect(readdirSync(join(dir, 'taken'))).toEqual(['inside']);
  });
});

describe('unwritable', () => {
  it('names what is wrong with an output path, and nothing for a writable one', () => {
    const dir = mkdtempSync(join(work, 'paths-'));
    writeFileSync(join(dir, 'file'), '');
    expect(unwritable(join(dir, 'out.json'), { kind: 'file', createFolders: false })).toBeUndefined();
    expect(unwritable(join(dir, 'file'), { kind: 'file', createFolders: false })).toBeUndefined();
    expect(unwritable(dir, { kind: 'file', createFolders: false })).toBe('names a directory, not a file');
    expect(unwritable(join(dir, 'file'), { kind: 'folder', createFolders: true })).toBe('names a file, not a directory');
    expect(unwritable(join(dir, 'missing', 'out.json'), { kind: 'file', createFolders: false })).toBe(`directory ${join(dir, 'missing')} does not exist`);
    expect(unwritable(join(dir, 'missing', 'out.json'), { kind: 'file', createFolders: true })).toBeUndefined();
    expect(unwritable(join(dir, 'file', 'out.json'), { kind: 'file', createFolders: true })).toBe(`cannot be created: ${join(dir, 'file')} is not a directory`);
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });
});

describe('writeNewFiles', () => {
  it('writes every file, creating their folders', () => {
    const dir = mkdtempSync(join(work, 'new-'));
    writeNewFiles(new Map([[join(dir, 'a', 'one.ts'), 'one'], [join(dir, 'two.json'), 'two']]));
    expect([readFileSync(join(dir, 'a', 'one.ts'), 'utf8'), readFileSync(join(dir, 'two.json'), 'utf8')]).toEqual(['one', 'two']);
    expect(readdirSync(dir).sort()).toEqual(['a', 'two.json']);
  });

  it('never replaces an existing file: it throws and removes every file and folder it made', () => {
    const dir = mkdtempSync(join(work, 'taken-'));
    writeFileSync(join(dir, 'last.yml'), 'mine');
    expect(() => writeNewFiles(new Map([[join(dir, 'deep', 'er', 'first.ts'), 'first'], [join(dir, 'last.yml'), 'theirs']]))).toThrow(/EEXIST/);
    expect(readdirSync(dir)).toEqual(['last.yml']);
    expect(readFileSync(join(dir, 'last.yml'), 'utf8')).toBe('mine');
  });
});
