import type { Nodes } from 'mdast';

/** The text of a Markdown node as a reader sees it: inline code and emphasis flattened, markup dropped. */
export function plainText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  return 'children' in node ? node.children.map(plainText).join('') : '';
}
