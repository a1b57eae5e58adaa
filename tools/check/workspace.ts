import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Finding } from './finding.js';
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
  /** A package.json (or pnpm-workspace.yaml) that could not be read, one finding each: that file is left out, the rest is read. */
  readonly invalid: readonly Finding[];
}

/** Files a module graph may hold, by extension. */
const MODULE_FILE = /[.](?:[cm]?[jt]sx?|json)$/;

/**
 * Reads the repository's packages: every package.json below `root` (folders of dependencies,
 * build output, fixtures, generated and vendored code, dot-folders and what git ignores left out), so nested
 * packages count whether or not a `workspaces` field lists them. A package.json that is not a
 * JSON object (or a pnpm-workspace.yaml that is not YAML) is a finding naming it, never the end
 * of the gate: that package is left out.
 */
export function readWorkspace(root: string): Workspace {
  const packages: WorkspacePackage[] = [];
  const tsconfigs: string[] = [];
  const ignored: string[] = [];
  const invalid: Finding[] = [];
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
        if (typeof manifest === 'string') invalid.push({ rule: 'package-json-invalid', file: path, message: `package.json ${manifest}: not read` });
        else packages.push({ dir, ...(typeof manifest['name'] === 'string' ? { name: manifest['name'] } : {}), manifest });
      } else if (entry.name === 'tsconfig.json') {
        tsconfigs.push(path);
      }
    }
  };
  visit('');
  const rootManifest = packages.find((candidate) => candidate.dir === '')?.manifest;
  return { packages, declared: [...new Set(declaredWorkspaces(root, rootManifest, invalid))], tsconfigs, ignored, isIgnored: (path) => gitignore.ignores(path), invalid };
}

/** The manifest at `file`, or why it is not one (`not valid JSON (…)`, `is not a JSON object`). */
function readManifest(root: string, file: string): Record<string, unknown> | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(root, file), 'utf8'));
  } catch (error) {
    return `is not valid JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : 'is not a JSON object';
}

/** The package a path (relative to the root, `/`-separated) belongs to: the one whose folder holds it most closely. */
export function ownerOf(workspace: Workspace, path: string): WorkspacePackage | undefined {
  let owner: WorkspacePackage | undefined;
  for (const pkg of workspace.packages) {
    if ((pkg.dir === '' || path.startsWith(`${pkg.dir}/`)) && (owner === undefined || pkg.dir.length > owner.dir.length)) owner = pkg;
  }
  return owner;
}

function declaredWorkspaces(root: string, manifest: Readonly<Record<string, unknown>> | undefined, invalid: Finding[]): string[] {
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  const fromManifest = manifest?.['workspaces'];
  const globs = Array.isArray(fromManifest) ? strings(fromManifest) : strings((fromManifest as { packages?: unknown } | undefined)?.packages);
  const pnpm = join(root, 'pnpm-workspace.yaml');
  if (existsSync(pnpm)) {
    try {
      globs.push(...strings((parseYaml(readFileSync(pnpm, 'utf8')) as { packages?: unknown } | null)?.packages));
    } catch (error) {
      invalid.push({ rule: 'pnpm-workspace-invalid', file: 'pnpm-workspace.yaml', message: `pnpm-workspace.yaml is not valid YAML (${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}): its workspace globs not read` });
    }
  }
  return globs;
}
