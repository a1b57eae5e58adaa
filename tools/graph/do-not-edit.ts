import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** How much of a file is read for its header: generators and copy scripts put their notice first. */
const HEADER_BYTES = 4096;
/**
 * The notices code generators and vendoring scripts write at the top of what they produce: Go's
 * and protoc plugins' "Code generated … DO NOT EDIT.", "DO NOT MODIFY, this file was COPIED from
 * …", and the `@generated` tag many generators (and GitHub's Linguist) use.
 */
const NOTICE = /\bdo not (?:edit|modify)\b|@generated\b/i;

/**
 * Whether a module (relative to `root`) says in its leading comments that it is generated or
 * copied and must not be edited by hand: its shape (its imports, whether anything imports it)
 * is the generator's or the upstream project's, not the repository's to change. Read once per
 * module, only the first {@link HEADER_BYTES}.
 */
export function doNotEditMarked(root: string): (module: string) => boolean {
  const known = new Map<string, boolean>();
  return (module) => {
    let marked = known.get(module);
    if (marked === undefined) {
      marked = NOTICE.test(leadingComments(readHeader(join(root, module))));
      known.set(module, marked);
    }
    return marked;
  };
}

function readHeader(file: string): string {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(file, 'r');
    const buffer = Buffer.alloc(HEADER_BYTES);
    return buffer.subarray(0, readSync(descriptor, buffer, 0, HEADER_BYTES, 0)).toString('utf8');
  } catch {
    return '';
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

/** The text of the comments a source starts with (after a `#!` line), before its first statement. */
function leadingComments(text: string): string {
  const start = ts.getShebang(text)?.length ?? 0;
  return (ts.getLeadingCommentRanges(text, start) ?? []).map((range) => text.slice(range.pos, range.end)).join('\n');
}
