import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ConfigError } from './config-error.js';
import { GitIgnoreRules } from './git-ignore-rules.js';

const { NON_SOURCE_FOLDERS } = createRequire(import.meta.url)('../graph/non-source-folders.cjs') as { NON_SOURCE_FOLDERS: readonly string[] };
const SKIPPED = new Set(['node_modules', ...NON_SOURCE_FOLDERS]);

/** One package of the repository: a folder with a package.json. */
export interface WorkspacePackage {
  /** Its folder relative to the repository root, with `/` separators; `''` for the root package. */
  readonly dir: string;
  /** The package.json `name`, when it has one. */
  readonly name?: string;
  readonly manifest: Readonly<Record<string, unknown>>;
}

/** The packages of a repository, as every gate sees them. */
export interface Workspace {
  /** Every package.json outside dependencies, build output, fixtures and dot-folders, root first. */
  readonly packages: readonly WorkspacePackage[];
  /** The workspace globs the repository declares (package.json `workspaces`, pnpm-workspace.yaml `packages`). */
  readonly declared: readonly string[];
  /** Every tsconfig.json found the same way, relative to the root (root first when it has one). */
  readonly tsconfigs: readonly string[];
  /**
   * The folders and module files in the tree that git ignores (`.gitignore` at the root and in
   * any folder), outermost only: generated or built locally, not part of the repository.
   */
  readonly ignored: readonly string[];
  /** Whether git ignores a path (relative to the root, there or not; a folder with a trailing `/`). */
  readonly isIgnored: (path: string) => boolean;
}

/** Files a module graph may hold, by extension. */
const MODULE_FILE = /[.](?:[cm]?[jt]sx?|json)$/;

/**
 * Reads the repository's packages: every package.json below `root` (folders of dependencies,
 * build output, fixtures, generated and vendored code, dot-folders and what git ignores left out), so nested
 * packages count whether or not a `workspaces` field lists them. A package.json that is not JSON
 * is a {@link ConfigError} naming it.
 */
export function readWorkspace(root: string): Workspace {
  const packages: WorkspacePackage[] = [];
  const tsconfigs: string[] = [];
  const ignored: string[] = [];
  const gitignore = new GitIgnoreRules();
  const visit = (dir: string): void => {
    const entries = readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (entries.some((entry) => entry.name === '.gitignore' && entry.isFile())) gitignore.add(dir, readFileSync(join(root, dir, '.gitignore'), 'utf8'));
    for (const entry of entries) {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory() && (SKIPPED.has(entry.name) || entry.name.startsWith('.'))) continue;
      if (gitignore.ignores(entry.isDirectory() ? `${path}/` : path)) {
        if (entry.isDirectory() || MODULE_FILE.test(entry.name)) ignored.push(path);
      } else if (entry.isDirectory()) {
        visit(path);
      } else if (entry.name === 'package.json') {
        const manifest = readManifest(root, path);
        packages.push({ dir, ...(typeof manifest['name'] === 'string' ? { name: manifest['name'] } : {}), manifest });
      } else if (entry.name === 'tsconfig.json') {
        tsconfigs.push(path);
      }
    }
  };
  visit('');
  const rootManifest = packages.find((candidate) => candidate.dir === '')?.manifest;
  return { packages, declared: [...new Set(declaredWorkspaces(root, rootManifest))], tsconfigs, ignored, isIgnored: (path) => gitignore.ignores(path) };
}

function readManifest(root: string, file: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(root, file), 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch (error) {
    throw new ConfigError(file, `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** The package a path (relative to the root, `/`-separated) belongs to: the one whose folder holds it most closely. */
export function ownerOf(workspace: Workspace, path: string): WorkspacePackage | undefined {
  let owner: WorkspacePackage | undefined;
  for (const pkg of workspace.packages) {
    if ((pkg.dir === '' || path.startsWith(`${pkg.dir}/`)) && (owner === undefined || pkg.dir.length > owner.dir.length)) owner = pkg;
  }
  return owner;
}

function declaredWorkspaces(root: string, manifest: Readonly<Record<string, unknown>> | undefined): string[] {
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  const fromManifest = manifest?.['workspaces'];
  const globs = Array.isArray(fromManifest) ? strings(fromManifest) : strings((fromManifest as { packages?: unknown } | undefined)?.packages);
  const pnpm = join(root, 'pnpm-workspace.yaml');
  if (existsSync(pnpm)) {
    try {
      globs.push(...strings((parseYaml(readFileSync(pnpm, 'utf8')) as { packages?: unknown } | null)?.packages));
    } catch (error) {
      throw new ConfigError('pnpm-workspace.yaml', `not valid YAML (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return globs;
}
