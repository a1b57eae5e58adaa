import { relative, sep } from 'node:path';

/** How a report names `path`: relative to the repository root with `/` separators, or absolute when outside it. */
export function shownPath(root: string, path: string): string {
  const inside = relative(root, path);
  if (inside === '' || inside.startsWith('..')) return path;
  return inside.split(sep).join('/');
}
