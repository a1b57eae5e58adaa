/**
 * The repository a linted file belongs to, its packages and the gates' module resolver for it:
 * shared by the walk (mint helpers imported from other modules), the confirmation step (its
 * programs) and the lifecycle evidence, each read once per lint run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ModuleResolver } from '../../check/module-resolver.js';
import { readWorkspace, type Workspace } from '../../check/workspace.js';

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

/**
 * What one lint run learns of the repositories it reads: each folder's repository root, each
 * repository's packages (a walk of its whole tree) and its module resolver, each made once per
 * run — not once per stage that asks.
 */
export class Repositories {
  private readonly roots = new Map<string, string>();
  private readonly workspaces = new Map<string, Workspace>();
  private readonly resolvers = new Map<string, ModuleResolver>();

  /** The root of the repository `file` (absolute) belongs to. */
  rootOf(file: string): string {
    return cached(this.roots, dirname(file), () => repositoryRoot(file));
  }

  /** The packages of the repository at `root`, as the gates read them. */
  workspaceOf(root: string): Workspace {
    return cached(this.workspaces, root, () => readWorkspace(root));
  }

  /** The gates' module resolver for the repository at `root`. */
  resolverOf(root: string): ModuleResolver {
    return cached(this.resolvers, root, () => new ModuleResolver(root, this.workspaceOf(root)));
  }
}

/** The value `map` holds under `key`, made by `make` and kept the first time it is asked for. */
function cached<V>(map: Map<string, V>, key: string, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** True for a path inside a `node_modules` folder: a dependency, never read as the repository's code. */
export function inNodeModules(path: string): boolean {
  return /[\\/]node_modules[\\/]/.test(path);
}
