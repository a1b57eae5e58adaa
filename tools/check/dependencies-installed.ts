import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';

const exists = (path: string, directory: boolean): boolean => {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat !== undefined && (directory ? stat.isDirectory() : stat.isFile());
};

/**
 * Whether the packages a file in `dir` (absolute) imports can be installed: a `node_modules`
 * folder in `dir` or one of its parents up to `root`. A folder with a lock file of its own
 * (`package-lock.json`) is installed on its own, beside it: the search stops there, so a nested
 * project whose `npm ci` has not run counts as not installed even under an installed root.
 * `cache` keeps the answer per folder.
 */
export function dependenciesInstalled(root: string, dir: string, cache: Map<string, boolean> = new Map()): boolean {
  const known = cache.get(dir);
  if (known !== undefined) return known;
  const here = exists(join(dir, 'node_modules'), true);
  const ownInstall = dir !== root && exists(join(dir, 'package-lock.json'), false);
  const answer = here || (!ownInstall && dir !== root && dir.startsWith(root) && dirname(dir) !== dir && dependenciesInstalled(root, dirname(dir), cache));
  cache.set(dir, answer);
  return answer;
}
