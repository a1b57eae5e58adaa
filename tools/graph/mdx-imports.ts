import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { DEFAULT_DOCS_EXCLUDE, findMarkdownFiles } from '../docs/find-markdown-files.js';

/** An MDX page's ESM import, at the start of a line: `import { Tabs } from './tabs.jsx'`, `import Banner from "/snippets/banner.jsx"`. */
const IMPORT = /^import\s+(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]/;
/** A fenced code block's opening or closing line: its imports are an example's, not the page's. */
const FENCE = /^\s*(?:```|~~~)/;
const EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '.mjs', '.cjs', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];

/**
 * The modules the repository's MDX pages import (MDX is Markdown with ESM `import` lines): used by
 * a documentation site, so not orphans though no module imports them. A relative specifier is
 * taken from the page's folder; one starting with `/` from the site's root (Mintlify's folder of
 * `docs.json`, Vite's project root), which is one of the page's folders or above: the closest of
 * them that holds the file. Paths relative to the root.
 */
export function mdxImported(root: string): (module: string) => boolean {
  const imported = new Set<string>();
  for (const page of findMarkdownFiles(root, DEFAULT_DOCS_EXCLUDE, '.mdx')) {
    const folders = ancestors(posix.dirname(page));
    let inFence = false;
    for (const line of readFileSync(join(root, page), 'utf8').split(/\r?\n/)) {
      if (FENCE.test(line)) inFence = !inFence;
      const specifier = inFence ? undefined : IMPORT.exec(line)?.[1];
      if (specifier === undefined || !(specifier.startsWith('.') || specifier.startsWith('/'))) continue;
      const bases = specifier.startsWith('/') ? folders.map((folder) => posix.join(folder, specifier.slice(1))) : [posix.join(posix.dirname(page), specifier)];
      const found = bases.flatMap((base) => EXTENSIONS.map((extension) => posix.normalize(`${base}${extension}`))).find((path) => !path.startsWith('../') && isFile(join(root, path)));
      if (found !== undefined) imported.add(found);
    }
  }
  return (module) => imported.has(module);
}

/** `folder` and every folder above it up to the root (`.`), closest first. */
function ancestors(folder: string): string[] {
  const folders = [folder];
  while (folders[folders.length - 1] !== '.') folders.push(posix.dirname(folders[folders.length - 1] as string));
  return folders;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}
