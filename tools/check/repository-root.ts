import { statSync } from 'node:fs';
import { resolve } from 'node:path';

/** The absolute path of the repository a gate checks (`dir` relative to the working directory), or `undefined` if it is not a directory. */
export function repositoryRoot(dir: string): string | undefined {
  const root = resolve(dir);
  return statSync(root, { throwIfNoEntry: false })?.isDirectory() === true ? root : undefined;
}
