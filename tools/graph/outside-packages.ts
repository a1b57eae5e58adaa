import { ownerOf, type Workspace } from '../check/workspace.js';

/** The package.json fields by which a package offers code of its own to be imported or run. */
const ENTRY_FIELDS = ['main', 'module', 'exports', 'bin', 'types', 'typings', 'browser'];

/**
 * Whether a module (relative to the root) lies outside every package of a repository of several
 * packages: its nearest package.json is the root's, and the root declares no entry point of its
 * own (no `main`, `exports`, `bin`, …), so it is the umbrella that holds the packages. What it
 * holds besides them (a manual-testing sandbox, sample files, a documentation site's scripts) is
 * no package's code: nothing can import it by a package name and no package ships it.
 */
export function outsidePackages(workspace: Workspace): (module: string) => boolean {
  const root = workspace.packages.find((pkg) => pkg.dir === '');
  const umbrella = workspace.packages.length > 1 && (root === undefined || ENTRY_FIELDS.every((field) => root.manifest[field] === undefined));
  if (!umbrella) return () => false;
  return (module) => (ownerOf(workspace, module)?.dir ?? '') === '';
}
