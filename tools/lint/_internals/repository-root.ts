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
    const folder = dirname(file);
    let root = this.roots.get(folder);
    if (root === undefined) {
      root = repositoryRoot(file);
      this.roots.set(folder, root);
    }
    return root;
  }

  /** The packages of the repository at `root`, as the gates read them. */
  workspaceOf(root: string): Workspace {
    let workspace = this.workspaces.get(root);
    if (workspace === undefined) {
      workspace = readWorkspace(root);
      this.workspaces.set(root, workspace);
    }
    return workspace;
  }

  /** The gates' module resolver for the repository at `root`. */
  resolverOf(root: string): ModuleResolver {
    let resolver = this.resolvers.get(root);
    if (resolver === undefined) {
      resolver = new ModuleResolver(root, this.workspaceOf(root));
      this.resolvers.set(root, resolver);
    }
    return resolver;
  }
}

/** True for a path inside a `node_modules` folder: a dependency, never read as the repository's code. */
export function inNodeModules(path: string): boolean {
  return /[\\/]node_modules[\\/]/.test(path);
}
