import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Nodes } from 'mdast';
import type { Finding } from '../check/finding.js';
import type { MarkdownDocument } from './markdown-document.js';

/** A URL with a scheme (`https:`, `mailto:`), protocol-relative, or a bare anchor: not a file link. */
const NOT_A_FILE = /^(?:[a-z][a-z\d+.-]*:|\/\/|#)/i;
/** Backticked text that is a pattern, a placeholder, a command or prose rather than a path. */
const NOT_A_PATH = /[\s<>*?{}[\]()$|:,;"'`=!^~\\]/;

/**
 * Reports relative links and images whose target does not exist (rule `dead-link`), and
 * backticked repository paths that do not exist (rule `dead-path`). A backticked text counts as
 * a path when it contains a `/` and its first segment exists, relative to the repository root or
 * to the document's folder (so `src/contract/` is checked, while an event name like
 * `agent/created` or a package like `agent-identity-kit/lint` is not). Links starting with `/`
 * are taken from the repository root.
 */
export function checkReferences(root: string, document: MarkdownDocument): Finding[] {
  const folder = dirname(join(root, document.file));
  const findings: Finding[] = [];
  const at = (node: Nodes): { line?: number; column?: number } =>
    node.position === undefined ? {} : { line: node.position.start.line, column: node.position.start.column };
  const visit = (node: Nodes): void => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const target = linkTarget(node.url);
      if (target !== undefined && !existsSync(target.startsWith('/') ? join(root, target) : join(folder, target))) {
        findings.push({ rule: 'dead-link', file: document.file, ...at(node), message: `relative link ${node.url} does not resolve` });
      }
    } else if (node.type === 'inlineCode') {
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

function linkTarget(url: string): string | undefined {
  if (url === '' || NOT_A_FILE.test(url)) return undefined;
  const path = url.replace(/[?#].*$/, '');
  if (path === '') return undefined;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
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
