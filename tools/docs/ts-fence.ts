import { join } from 'node:path';
import type { Code, Nodes } from 'mdast';
import type { MarkdownDocument } from './markdown-document.js';

/** The word in a fence's info string that opts it out of typechecking: ```` ```ts no-check ````. */
export const NO_CHECK_MARKER = 'no-check';

const TS_LANGUAGES = new Set(['ts', 'typescript']);

/** A ```` ```ts ```` fence of a Markdown document. */
export interface TsFence {
  readonly file: string;
  /** 1-based line of the fence's first code line in the Markdown file. */
  readonly line: number;
  /** Columns the fence is indented by (inside a list item, say). */
  readonly indent: number;
  readonly code: string;
  /** False when the fence carries the {@link NO_CHECK_MARKER}. */
  readonly checked: boolean;
  /**
   * Absolute path the fence is typechecked under: beside its Markdown file, so relative imports
   * in the example resolve as a reader would expect.
   */
  readonly virtualPath: string;
}

/** Every TypeScript fence of `document`, in order. */
export function tsFences(root: string, document: MarkdownDocument): TsFence[] {
  const fences: TsFence[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'code') {
      if (isTs(node)) fences.push(toFence(root, document.file, node, fences.length + 1));
      return;
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(document.tree);
  return fences;
}

function isTs(node: Code): boolean {
  return node.lang !== null && node.lang !== undefined && TS_LANGUAGES.has(node.lang.toLowerCase());
}

function toFence(root: string, file: string, node: Code, ordinal: number): TsFence {
  const start = node.position?.start ?? { line: 1, column: 1 };
  const words = (node.meta ?? '').split(/\s+/);
  return {
    file,
    line: start.line + 1,
    indent: start.column - 1,
    code: node.value,
    checked: !words.includes(NO_CHECK_MARKER),
    virtualPath: join(root, `${file}.fence-${ordinal}.ts`),
  };
}
