/**
 * The repository a linted file belongs to, and the gates' module resolver for it: shared by the
 * confirmation step (its programs) and the mint reading (helpers imported from other modules).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ModuleResolver } from '../../check/module-resolver.js';
import { readWorkspace } from '../../check/workspace.js';

/** The folder of the repository a file belongs to: the nearest ancestor with `.git` or a workspace manifest, else the outermost `package.json`. */
export function repositoryRoot(file: string): string {
  let outermostPackage: string | undefined;
  for (let folder = dirname(file); ; folder = dirname(folder)) {
    if (existsSync(join(folder, '.git')) || existsSync(join(folder, 'pnpm-workspace.yaml'))) return folder;
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest)) {
      outermostPackage = folder;
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces !== undefined) return folder;
      } catch {
        // A malformed manifest is not a workspace root.
      }
    }
    if (dirname(folder) === folder) return outermostPackage ?? dirname(file);
  }
}

/** The gates' module resolver for the repository at `root`, made once per `resolvers` map. */
export function resolverFor(root: string, resolvers: Map<string, ModuleResolver>): ModuleResolver {
  let resolver = resolvers.get(root);
  if (resolver === undefined) {
    resolver = new ModuleResolver(root, readWorkspace(root));
    resolvers.set(root, resolver);
  }
  return resolver;
}

/** True for a path inside a `node_modules` folder: a dependency, never read as the repository's code. */
export function inNodeModules(path: string): boolean {
  return /[\\/]node_modules[\\/]/.test(path);
}
