import { join } from 'node:path';
import type { Code, Nodes } from 'mdast';
import type { MarkdownDocument } from './markdown-document.js';
import { NO_CHECK_MARKER } from './no-check-marker.js';
import { syntaxErrors } from './syntax-errors.js';

/**
 * Info-string labels that opt a fence out of typechecking by default: the kit's `no-check` and
 * the labels other doc checkers and site generators use for fragments and sketches. A
 * repository adds its own with `docs.fenceOptOuts`.
 */
export const DEFAULT_FENCE_OPT_OUTS: readonly string[] = [
  NO_CHECK_MARKER,
  'nocheck',
  'no-typecheck',
  'ignore',
  'ignore-check',
  'skip',
  'skip-check',
  'notest',
  'no-test',
  'fragment',
  'snippet',
  'pseudo',
  'pseudocode',
];

const TS_LANGUAGES = new Set(['ts', 'typescript']);

/** A ```` ```ts ```` fence of a Markdown document. */
export interface TsFence {
  readonly file: string;
  /** 1-based line of the fence's first code line in the Markdown file. */
  readonly line: number;
  /** Columns the fence is indented by (inside a list item, say). */
  readonly indent: number;
  readonly code: string;
  /**
   * What its info string says besides the language: the first label (`title` for
   * `title="a.ts"`, `ignore-check`), or `plain` for none. Reports break fences down by it.
   */
  readonly kind: string;
  /** The opt-out label it carries, if any: then it is not typechecked. */
  readonly optOut?: string;
  /**
   * Absolute path the fence is typechecked under: beside its Markdown file, so relative imports
   * in the example resolve as a reader would expect. It ends in `.tsx` when the code does not
   * parse as TypeScript but does as TSX (JSX in a fence labelled `ts`), else in `.ts`.
   */
  readonly virtualPath: string;
}

/** Every TypeScript fence of `document`, in order; those carrying one of `optOuts` are marked so. */
export function tsFences(root: string, document: MarkdownDocument, optOuts: ReadonlySet<string> = new Set(DEFAULT_FENCE_OPT_OUTS)): TsFence[] {
  const fences: TsFence[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'code') {
      if (isTs(node)) fences.push(toFence(root, document.file, node, fences.length + 1, optOuts));
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

/** The labels of an info string's meta: `title="a b.ts" {1,3} ignore-check` → `title`, `{1,3}`, `ignore-check`. */
function labels(meta: string): string[] {
  const words = meta.match(/[^\s"']+(?:=(?:"[^"]*"|'[^']*'|\S*))?/g) ?? [];
  return words.map((word) => word.replace(/=.*$/s, '').replace(/^[{[(]+|[})\]]+$/g, '')).filter((word) => word !== '');
}

function toFence(root: string, file: string, node: Code, ordinal: number, optOuts: ReadonlySet<string>): TsFence {
  const start = node.position?.start ?? { line: 1, column: 1 };
  const found = labels(node.meta ?? '');
  const optOut = found.find((label) => optOuts.has(label));
  const tsx = optOut === undefined && syntaxErrors(node.value).length > 0 && syntaxErrors(node.value, true).length === 0;
  return {
    file,
    line: start.line + 1,
    indent: start.column - 1,
    code: node.value,
    kind: found[0] ?? 'plain',
    ...(optOut === undefined ? {} : { optOut }),
    virtualPath: join(root, `${file}.fence-${ordinal}.${tsx ? 'tsx' : 'ts'}`),
  };
}
