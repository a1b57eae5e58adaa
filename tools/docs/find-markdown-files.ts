import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Minimatch } from 'minimatch';

const { NON_SOURCE_FOLDERS } = createRequire(import.meta.url)('../graph/non-source-folders.cjs') as { NON_SOURCE_FOLDERS: readonly string[] };

/**
 * Never searched for Markdown: dependencies, dot-folders, and the folders that hold no source of
 * the repository's own at any depth (build output, fixtures — copies of other repositories whose
 * docs are not this repository's docs —, snapshots, generated and vendored code), the same the
 * graph gate leaves out; and changelogs, which record paths and names as they were.
 */
export const DEFAULT_DOCS_EXCLUDE: readonly string[] = [
  '**/node_modules/**',
  '**/.*/**',
  ...NON_SOURCE_FOLDERS.map((folder) => `**/${folder}/**`),
  '**/CHANGELOG.md',
];

/** `guide.zh.md`, `README.pt-BR.md`: a language tag before `.md`. */
const TRANSLATION = /^(.+)\.[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?\.md$/;

/**
 * Every `*.md` file under `root` (or every file with the `extension` given, `.mdx`), relative to
 * it with `/` separators, sorted, leaving out paths that match a glob of `exclude` (minimatch
 * syntax, matched against the relative path).
 */
export function findMarkdownFiles(root: string, exclude: readonly string[] = DEFAULT_DOCS_EXCLUDE, extension = '.md'): string[] {
  const matchers = exclude.map((glob) => new Minimatch(glob, { dot: true }));
  const excluded = (path: string): boolean => matchers.some((matcher) => matcher.match(path));
  const found: string[] = [];
  const visit = (relativeDir: string): void => {
    const entries = readdirSync(join(root, relativeDir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const path = relativeDir === '' ? entry.name : `${relativeDir}/${entry.name}`;
      if (entry.isDirectory()) {
        // A trailing slash lets `**/dist/**` match the folder itself, so it is never entered.
        if (!excluded(`${path}/`)) visit(path);
      } else if (entry.isFile() && entry.name.endsWith(extension) && !excluded(path)) {
        found.push(path);
      }
    }
  };
  visit('');
  return found;
}

/**
 * The translation copies among `files`: `guide.zh.md` or `README.pt-BR.md` beside a `guide.md`
 * or `README.md` of the same folder. They repeat their original's examples and paths.
 */
export function translationCopies(files: readonly string[]): Set<string> {
  const all = new Set(files);
  return new Set(files.filter((file) => {
    const original = TRANSLATION.exec(file)?.[1];
    return original !== undefined && all.has(`${original}.md`);
  }));
}
