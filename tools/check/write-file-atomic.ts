/**
 * Every file the kit writes goes through this module, so that no interrupted run (a kill, a full
 * disk, a crash) leaves an empty or half-written file where the previous one was: the text is
 * written and synced to a temporary file beside the target, which then replaces the target in one
 * rename (npm's `write-file-atomic`).
 */
import { linkSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import writeFileAtomicSync from 'write-file-atomic';

/**
 * Writes `text` to `path` (creating its folder): a reader, or a run killed at any point, sees the
 * previous file or the new one whole, never a mix or an empty file.
 */
export function writeFileAtomic(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomicSync.sync(path, text, { encoding: 'utf8' });
}

/**
 * Writes each file of `files` (path → text) that does not exist yet, all or nothing: either every
 * file is written whole, or (one of them exists, or a write fails) none is, the folders it created
 * are removed again and the error is thrown. An existing file is never replaced, not even one
 * created meanwhile by another process: each file is staged whole, then hard-linked into place,
 * which fails rather than overwrite.
 */
export function writeNewFiles(files: ReadonlyMap<string, string>): void {
  const folders: string[] = [];
  const staged = new Map<string, string>();
  const placed: string[] = [];
  try {
    for (const [path, text] of files) {
      const created = mkdirSync(dirname(path), { recursive: true });
      if (created !== undefined) folders.push(created);
      const temporary = `${path}.${process.pid}.new`;
      staged.set(path, temporary);
      writeFileAtomic(temporary, text);
    }
    for (const [path, temporary] of staged) {
      linkSync(temporary, path);
      placed.push(path);
    }
  } catch (error) {
    for (const path of placed) rmSync(path, { force: true });
    for (const temporary of staged.values()) rmSync(temporary, { force: true });
    // Only folders this call created, innermost first: nothing but what it staged was in them.
    for (const folder of folders.reverse()) rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  for (const temporary of staged.values()) rmSync(temporary, { force: true });
}
