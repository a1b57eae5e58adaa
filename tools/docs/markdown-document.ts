import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Finding } from '../check/finding.js';

/** A Markdown file of the checked repository, read as UTF-8 and parsed (with positions). */
export interface MarkdownDocument {
  /** Path relative to the repository root, with `/` separators. */
  readonly file: string;
  readonly text: string;
  readonly tree: Root;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The largest Markdown file read, in bytes (2 MiB). Parsing takes about 400 times a file's size in
 * memory (1 MB: 0.4 GB; 10 MB: 2.3 GB; 100 MB aborts V8), so the limit is what bounds the gate's
 * memory. Real Markdown stays well below it: the largest hand-kept files found, Node.js's
 * release changelogs and Rust's RELEASES.md, are 0.7–0.96 MB (see BENCHMARKS.md).
 */
export const MARKDOWN_SIZE_LIMIT = 2 * 1024 * 1024;

/**
 * Reads and parses `<root>/<file>`; a file that cannot be read, that is not a regular file or is
 * over {@link MARKDOWN_SIZE_LIMIT}, or that is not valid UTF-8 (reading it any other way would
 * check text the author never wrote), is a `markdown-unreadable` finding instead. No more than the
 * limit is ever read into memory.
 */
export function readMarkdown(root: string, file: string): MarkdownDocument | Finding {
  let text: string;
  try {
    const bytes = readAtMost(join(root, file), MARKDOWN_SIZE_LIMIT);
    if (typeof bytes === 'string') return unreadable(file, bytes);
    text = utf8.decode(bytes);
  } catch (error) {
    if (error instanceof TypeError) return unreadable(file, 'not valid UTF-8');
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return unreadable(file, `cannot be read (${code})`);
    throw error;
  }
  return { file, text, tree: fromMarkdown(text) };
}

/** Whether `read` is a document rather than the finding that it could not be read. */
export function isDocument(read: MarkdownDocument | Finding): read is MarkdownDocument {
  return 'tree' in read;
}

/** The bytes of the regular file `path` when there are at most `limit` of them, else why not. */
function readAtMost(path: string, limit: number): Uint8Array | string {
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return 'is not a regular file';
    // One byte more than the limit: a file that grew since `fstat` is still caught.
    const buffer = new Uint8Array(Math.min(stat.size, limit) + 1);
    let length = 0;
    let read: number;
    do {
      read = readSync(fd, buffer, length, buffer.length - length, null);
      length += read;
    } while (read > 0 && length < buffer.length);
    if (length > limit) return `is over the size limit (${(Math.max(stat.size, length) / 1024 / 1024).toFixed(1)} MiB; at most ${limit / 1024 / 1024} MiB is read)`;
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

function unreadable(file: string, problem: string): Finding {
  return { rule: 'markdown-unreadable', file, message: `Markdown file ${problem}: not checked` };
}
