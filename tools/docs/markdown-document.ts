import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { ConfigError } from '../check/config-error.js';

/** A Markdown file of the checked repository, read as UTF-8 and parsed (with positions). */
export interface MarkdownDocument {
  /** Path relative to the repository root, with `/` separators. */
  readonly file: string;
  readonly text: string;
  readonly tree: Root;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads and parses `<root>/<file>`. A file that is not valid UTF-8 is a {@link ConfigError}:
 * reading it any other way would check text the author never wrote.
 */
export function readMarkdown(root: string, file: string): MarkdownDocument {
  let text: string;
  try {
    text = utf8.decode(readFileSync(join(root, file)));
  } catch (error) {
    if (error instanceof TypeError) throw new ConfigError(file, 'not valid UTF-8 Markdown');
    throw error;
  }
  return { file, text, tree: fromMarkdown(text) };
}
