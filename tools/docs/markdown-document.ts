import { readFileSync } from 'node:fs';
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
 * Reads and parses `<root>/<file>`; a file that cannot be read, or is not valid UTF-8 (reading it
 * any other way would check text the author never wrote), is a `markdown-unreadable` finding
 * instead.
 */
export function readMarkdown(root: string, file: string): MarkdownDocument | Finding {
  let text: string;
  try {
    text = utf8.decode(readFileSync(join(root, file)));
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

function unreadable(file: string, problem: string): Finding {
  return { rule: 'markdown-unreadable', file, message: `Markdown file ${problem}: not checked` };
}
