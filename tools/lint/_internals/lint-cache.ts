/**
 * The lint cache (`--cache`): for each file, the hash of its text and what linting it produced —
 * findings of the per-file rules, suppression comments, and the cross-file state rules saved.
 * An unchanged file is then not parsed again; cross-file rules still resolve over every file.
 * The cache is only an accelerator: a missing, unreadable or foreign cache is silently rebuilt.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
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
  mkdirSync(dirname(path), { recursive: true });
  const cache: CacheFile = { key, files: Object.fromEntries(outcomes) };
  writeFileSync(path, JSON.stringify(cache));
}
