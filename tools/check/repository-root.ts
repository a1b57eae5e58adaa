import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './config-error.js';

/** The absolute path of the repository a gate checks (`dir` relative to the working directory). */
export function repositoryRoot(dir: string): string {
  const root = resolve(dir);
  if (statSync(root, { throwIfNoEntry: false })?.isDirectory() !== true) throw new ConfigError(dir, 'not a directory');
  return root;
}
