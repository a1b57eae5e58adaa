import GithubSlugger from 'github-slugger';
import type { Nodes } from 'mdast';
import type { MarkdownDocument } from './markdown-document.js';
import { plainText } from './plain-text.js';

/** `id="…"` and `name="…"` attributes of inline HTML: anchors an author placed by hand. */
const HTML_ANCHOR = /\s(?:id|name)\s*=\s*["']([^"']+)["']/g;

/**
 * The fragment names a link may point at in `document`: its headings as GitHub slugs them
 * (repeated headings get `-1`, `-2`, …) and the ids of its HTML anchors.
 */
export function headingAnchors(document: MarkdownDocument): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const visit = (node: Nodes): void => {
    if (node.type === 'heading') anchors.add(slugger.slug(plainText(node)));
    if (node.type === 'html') for (const match of node.value.matchAll(HTML_ANCHOR)) if (match[1] !== undefined) anchors.add(match[1]);
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(document.tree);
  return anchors;
}
