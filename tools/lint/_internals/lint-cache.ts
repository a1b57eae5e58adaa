/**
 * The lint cache (`--cache`): for each file, the hash of its text and what linting it produced —
 * findings of the per-file rules, suppression comments, the cross-file state rules saved, and the
 * hashes of the other files its rules read (imported mint helpers). A file unchanged, with those
 * files unchanged, is then not parsed again; cross-file rules still resolve over every file.
 * The cache is only an accelerator: a missing, unreadable or foreign cache is silently rebuilt.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../../check/write-file-atomic.js';
import type { RawFinding } from '../rules/rule.js';
import type { Suppression } from './suppressions.js';

/** The default cache file, relative to the working directory (git-ignored in the kit). */
export const DEFAULT_CACHE_FILE = '.aik-cache/lint.json';

/** What linting one file produced. */
export interface FileOutcome {
  readonly hash: string;
  readonly findings: readonly RawFinding[];
  readonly suppressions: readonly Suppression[];
  /** Cross-file rule state by rule id. */
  readonly states: Readonly<Record<string, unknown>>;
  /** The hashes of other files whose text the rules read for this one (imported mint helpers), by path relative to the working directory. */
  readonly reads?: Readonly<Record<string, string>>;
}

interface CacheFile {
  readonly key: string;
  readonly files: Record<string, FileOutcome>;
}

/** The hash that decides whether a file changed. */
export function contentHash(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/**
 * A hash of the lint's own sources, so that a cache written by other rules (a kit upgrade, or a
 * working copy of the kit) is never reused, whatever the version number says.
 */
export function lintSourceHash(): string {
  const hash = createHash('sha1');
  const visit = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.ts') || entry.name.endsWith('.js')) hash.update(entry.name).update(readFileSync(path));
    }
  };
  visit(dirname(dirname(fileURLToPath(import.meta.url))));
  return hash.digest('hex');
}

/**
 * The cache entries of `path` if it was written for the same `key` (kit version, rules and
 * configuration), else none.
 */
export function readCache(path: string, key: string): Map<string, FileOutcome> {
  if (!existsSync(path)) return new Map();
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<CacheFile>;
    if (parsed.key !== key || typeof parsed.files !== 'object' || parsed.files === null) return new Map();
    return new Map(Object.entries(parsed.files));
  } catch {
    return new Map();
  }
}

/** Writes the cache for the files of this run. */
export function writeCache(path: string, key: string, outcomes: ReadonlyMap<string, FileOutcome>): void {
  const cache: CacheFile = { key, files: Object.fromEntries(outcomes) };
  writeFileAtomic(path, JSON.stringify(cache));
}
