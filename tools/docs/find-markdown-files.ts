import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { minimatch } from 'minimatch';

/**
 * Folders never searched for Markdown: dependencies, build output, dot-folders, and test fixtures
 * (copies of other repositories whose docs are not this repository's docs).
 */
export const DEFAULT_DOCS_EXCLUDE: readonly string[] = ['**/node_modules/**', '**/.*/**', '**/dist/**', '**/build/**', '**/coverage/**', '**/fixtures/**'];

/**
 * Every `*.md` file under `root`, relative to it with `/` separators, sorted, leaving out paths
 * that match a glob of `exclude` (minimatch syntax, matched against the relative path).
 */
export function findMarkdownFiles(root: string, exclude: readonly string[] = DEFAULT_DOCS_EXCLUDE): string[] {
  const excluded = (path: string): boolean => exclude.some((glob) => minimatch(path, glob, { dot: true }));
  const found: string[] = [];
  const visit = (relativeDir: string): void => {
    const entries = readdirSync(join(root, relativeDir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const path = relativeDir === '' ? entry.name : `${relativeDir}/${entry.name}`;
      if (entry.isDirectory()) {
        // A trailing slash lets `**/dist/**` match the folder itself, so it is never entered.
        if (!excluded(`${path}/`)) visit(path);
      } else if (entry.isFile() && entry.name.endsWith('.md') && !excluded(path)) {
        found.push(path);
      }
    }
  };
  visit('');
  return found;
}
