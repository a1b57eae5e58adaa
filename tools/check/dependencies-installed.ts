import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Whether the packages a file in `dir` (absolute) imports can be installed: a `node_modules`
 * folder in `dir` or one of its parents up to `root`. `cache` keeps the answer per folder.
 */
export function dependenciesInstalled(root: string, dir: string, cache: Map<string, boolean> = new Map()): boolean {
  const known = cache.get(dir);
  if (known !== undefined) return known;
  const here = statSync(join(dir, 'node_modules'), { throwIfNoEntry: false })?.isDirectory() === true;
  const answer = here || (dir !== root && dir.startsWith(root) && dirname(dir) !== dir && dependenciesInstalled(root, dirname(dir), cache));
  cache.set(dir, answer);
  return answer;
}
