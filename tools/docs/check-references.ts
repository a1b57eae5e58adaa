import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Definition, Image, Link, Nodes } from 'mdast';
import type { Finding } from '../check/finding.js';
import { shownPath } from '../check/shown-path.js';
import type { MarkdownDocument } from './markdown-document.js';

/** A URL with a scheme (`https:`, `mailto:`) or protocol-relative: not a file of the repository. */
const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;
/** Backticked text that is a pattern, a placeholder, a command or prose rather than a path. */
const NOT_A_PATH = /[\s<>*?{}[\]()$|:,;"'`=!^~\\]/;

/** The anchors of a Markdown file of the repository (relative path), or `undefined` for a file that was not read. */
export type AnchorLookup = (file: string) => ReadonlySet<string> | undefined;

/**
 * Reports relative links and images whose target does not exist (rule `dead-link`), links whose
 * `#fragment` names no heading or anchor of the Markdown file they point to (rule `dead-anchor`,
 * also for `#fragment` links within the document), and backticked repository paths that do not
 * exist (rule `dead-path`). A backticked text counts as a path when it contains a `/` and its
 * first segment exists, relative to the repository root or to the document's folder (so
 * `src/contract/` is checked, while an event name like `agent/created` or a package like
 * `agent-identity-kit/lint` is not). Links starting with `/` are taken from the repository root.
 */
export function checkReferences(root: string, document: MarkdownDocument, anchorsOf: AnchorLookup): Finding[] {
  const folder = dirname(join(root, document.file));
  const findings: Finding[] = [];
  const at = (node: Nodes): { line?: number; column?: number } =>
    node.position === undefined ? {} : { line: node.position.start.line, column: node.position.start.column };
  const checkLink = (node: Link | Image | Definition): void => {
    if (node.url === '' || EXTERNAL.test(node.url)) return;
    const hash = node.url.indexOf('#');
    const path = decoded((hash < 0 ? node.url : node.url.slice(0, hash)).replace(/\?.*$/, ''));
    const fragment = hash < 0 ? '' : decoded(node.url.slice(hash + 1));
    const target = path === '' ? join(root, document.file) : path.startsWith('/') ? join(root, path) : join(folder, path);
    if (!existsSync(target)) {
      findings.push({ rule: 'dead-link', file: document.file, ...at(node), message: `relative link ${node.url} does not resolve` });
      return;
    }
    const targetFile = shownPath(root, target);
    const anchors = fragment === '' ? undefined : anchorsOf(targetFile);
    if (anchors !== undefined && !anchors.has(fragment)) {
      findings.push({ rule: 'dead-anchor', file: document.file, ...at(node), message: `link ${node.url}: ${targetFile} has no heading or anchor #${fragment}` });
    }
  };
  const visit = (node: Nodes): void => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') checkLink(node);
    else if (node.type === 'inlineCode') {
      const path = repositoryPath(root, folder, node.value);
      if (path !== undefined && !existsSync(path)) {
        findings.push({ rule: 'dead-path', file: document.file, ...at(node), message: `\`${node.value}\` names a path that does not exist` });
      }
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(document.tree);
  return findings;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function repositoryPath(root: string, folder: string, text: string): string | undefined {
  const value = text.trim();
  if (!value.includes('/') || value.startsWith('/') || value.startsWith('-') || NOT_A_PATH.test(value)) return undefined;
  const relativePath = value.replace(/^\.\//, '');
  const first = relativePath.split('/')[0];
  if (first === undefined || first === '' || first === '.') return undefined;
  if (first === '..') return join(folder, relativePath);
  const base = [root, folder].find((candidate) => existsSync(join(candidate, first)));
  return base === undefined ? undefined : join(base, relativePath);
}
