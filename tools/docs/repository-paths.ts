import { findMarkdownFiles, DEFAULT_DOCS_EXCLUDE } from './find-markdown-files.js';

/** Whether exactly one file or folder of the repository has a path ending with a given relative path. */
export type HeldSomewhere = (path: string) => boolean;

/**
 * A lookup of the repository's own files and folders under `root` (the folders the docs gate
 * never searches left out: dependencies, dot-folders, build output, fixtures, …) by how their
 * paths end, segment by segment: `experimental/memory/session/provider.ts` is held when
 * `packages/agents/src/experimental/memory/session/provider.ts` is its only file so ending,
 * `scripts/run-suite.mjs` when one package has a `scripts/run-suite.mjs`. A path that ends several
 * (`src/index.ts` in a monorepo) names none of them in particular: not held. The tree is listed
 * once, at the first question.
 */
export function repositoryPaths(root: string): HeldSomewhere {
  let suffixes: Map<string, number> | undefined;
  const list = (): Map<string, number> => {
    const found = new Map<string, number>();
    const addEndings = (path: string, suffix: string): void => {
      const segments = path.split('/');
      for (let start = 0; start < segments.length; start += 1) {
        const ending = `${segments.slice(start).join('/')}${suffix}`;
        found.set(ending, (found.get(ending) ?? 0) + 1);
      }
    };
    const files = findMarkdownFiles(root, DEFAULT_DOCS_EXCLUDE, '');
    for (const file of files) addEndings(file, '');
    // Each folder once, however many files it holds: `a/b/` and `b/` for the folder `a/b`.
    const folders = new Set(files.flatMap((file) => file.split('/').slice(0, -1).map((_, index, segments) => segments.slice(0, index + 1).join('/'))));
    for (const folder of folders) addEndings(folder, '/');
    return found;
  };
  return (path) => {
    suffixes ??= list();
    return suffixes.get(path.replace(/^\.\//, '')) === 1;
  };
}
