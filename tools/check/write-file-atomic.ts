/**
 * Every file the kit writes goes through this module, so that no interrupted run (a kill, a full
 * disk, a crash) leaves an empty or half-written file where the previous one was: the text is
 * written and synced to a temporary file beside the target, which then replaces the target in one
 * rename (npm's `write-file-atomic`).
 */
import { accessSync, constants, existsSync, linkSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import writeFileAtomicSync from 'write-file-atomic';

/** Whether this process may write `path`. */
function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why `path` cannot be written, or `undefined` when it can, found without writing anything, so a
 * command can refuse a bad output path before its work rather than after it: `path` names a
 * directory (or, for a `folder`, a file) or a read-only file; or its folder is missing (when
 * `createFolders` is false), not a directory, or not writable. The reason reads after the path and
 * the flag: `out.json: --out names a directory, not a file`.
 */
export function unwritable(path: string, options: { readonly kind: 'file' | 'folder'; readonly createFolders: boolean }): string | undefined {
  if (existsSync(path)) {
    const directory = statSync(path).isDirectory();
    if (options.kind === 'file' && directory) return 'names a directory, not a file';
    if (options.kind === 'folder' && !directory) return 'names a file, not a directory';
    if (!writable(path)) return 'is not writable';
    if (options.kind === 'folder') return undefined;
  }
  let folder = dirname(path);
  if (!options.createFolders && !existsSync(folder)) return `directory ${folder} does not exist`;
  while (!existsSync(folder)) folder = dirname(folder);
  if (!statSync(folder).isDirectory()) return `cannot be created: ${folder} is not a directory`;
  return writable(folder) ? undefined : 'is not writable';
}

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
