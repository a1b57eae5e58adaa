import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type ts from 'typescript';
import type { Workspace } from '../check/workspace.js';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/**
 * The library types the repository's code is written against, for fences typechecked without
 * the options of one tsconfig (no root tsconfig, or a solution file that only lists packages):
 * the `lib` its tsconfigs declare (`lib` of each, joined; none when none declares one), and
 * Node's types (`console`, `process`, `NodeJS`, `Disposable`) when a package of the repository
 * depends on `@types/node` and it is installed beside that package or at the root. Resolved from
 * absolute folders, so the result does not depend on where the command runs.
 */
export function fenceLibraries(root: string, workspace: Workspace, libs: readonly string[]): ts.CompilerOptions {
  const options: ts.CompilerOptions = libs.length > 0 ? { lib: [...libs] } : {};
  const declaring = workspace.packages.filter(({ manifest }) => DEPENDENCY_FIELDS.some((field) => typeof (manifest[field] as Record<string, unknown> | undefined)?.['@types/node'] === 'string'));
  const folders = [...declaring.map(({ dir }) => join(root, dir, 'node_modules', '@types')), join(root, 'node_modules', '@types')];
  const typeRoot = declaring.length === 0 ? undefined : folders.find((folder) => existsSync(join(folder, 'node', 'package.json')));
  return typeRoot === undefined ? options : { ...options, typeRoots: [typeRoot], types: ['node'] };
}
