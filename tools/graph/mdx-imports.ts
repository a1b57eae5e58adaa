import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { ownerOf, type Workspace } from '../check/workspace.js';
import { DEFAULT_DOCS_EXCLUDE, findMarkdownFiles } from '../docs/find-markdown-files.js';

/** An MDX page's ESM import, at the start of a line: `import { Tabs } from './tabs.jsx'`, `import Banner from "/snippets/banner.jsx"`. */
const IMPORT = /^import\s+(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]/;
/** A fenced code block's opening or closing line: its imports are an example's, not the page's. */
const FENCE = /^\s*(?:```|~~~)/;
const EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '.mjs', '.cjs', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];

/**
 * The modules the repository's MDX pages import (MDX is Markdown with ESM `import` lines): used by
 * a documentation site, so not orphans though no module imports them. A relative specifier is
 * taken from the page's folder; one starting with `/` from the site's root, the folder of the
 * package the page belongs to (how Mintlify and Vite read it). Paths relative to the root.
 */
export function mdxImported(root: string, workspace: Workspace): (module: string) => boolean {
  const imported = new Set<string>();
  for (const page of findMarkdownFiles(root, DEFAULT_DOCS_EXCLUDE, '.mdx')) {
    const siteRoot = ownerOf(workspace, page)?.dir ?? '';
    let inFence = false;
    for (const line of readFileSync(join(root, page), 'utf8').split(/\r?\n/)) {
      if (FENCE.test(line)) inFence = !inFence;
      const specifier = inFence ? undefined : IMPORT.exec(line)?.[1];
      if (specifier === undefined || !(specifier.startsWith('.') || specifier.startsWith('/'))) continue;
      const base = posix.normalize(specifier.startsWith('/') ? posix.join(siteRoot, specifier.slice(1)) : posix.join(posix.dirname(page), specifier));
      const found = EXTENSIONS.map((extension) => `${base}${extension}`).find((path) => !path.startsWith('../') && isFile(join(root, path)));
      if (found !== undefined) imported.add(found);
    }
  }
  return (module) => imported.has(module);
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}
