/**
 * The baseline: the findings a legacy codebase adopted the lint with. A finding whose
 * fingerprint is listed is baselined (not a failure); a listed entry that matches no finding any
 * more is stale and reported, so the baseline only shrinks. Written by `--baseline-update`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { writeFileAtomic } from '../../check/write-file-atomic.js';
import { LintConfigError } from '../lint-config-error.js';
import type { Finding } from '../types.js';

/** One adopted finding. The line is informative only; matching is by fingerprint. */
export interface BaselineEntry {
  readonly ruleId: string;
  readonly file: string;
  readonly symbol: string;
  readonly line: number;
  readonly fingerprint: string;
}

/** The baseline file's content. */
export interface Baseline {
  readonly tool: 'agent-identity-kit';
  readonly baseline: 1;
  readonly entries: readonly BaselineEntry[];
}

function isEntry(value: unknown): value is BaselineEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry['ruleId'] === 'string' &&
    typeof entry['file'] === 'string' &&
    typeof entry['symbol'] === 'string' &&
    typeof entry['line'] === 'number' &&
    typeof entry['fingerprint'] === 'string'
  );
}

/** Reads a baseline file; a missing or malformed one is a configuration error naming the file. */
export function readBaseline(path: string, cwd: string): Baseline {
  const where = relative(cwd, path) || path;
  if (!existsSync(path)) throw new LintConfigError(`${where}: baseline file not found (create it with --baseline-update)`);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new LintConfigError(`${where}: cannot read baseline (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new LintConfigError(`${where}: baseline is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const entries = record['entries'];
  if (record['tool'] !== 'agent-identity-kit' || record['baseline'] !== 1 || !Array.isArray(entries)) {
    throw new LintConfigError(`${where}: not an agent-identity-kit lint baseline (expected {"tool":"agent-identity-kit","baseline":1,"entries":[…]})`);
  }
  const bad = entries.findIndex((entry) => !isEntry(entry));
  if (bad >= 0) throw new LintConfigError(`${where}: entries[${bad}] needs ruleId, file, symbol, line and fingerprint`);
  return { tool: 'agent-identity-kit', baseline: 1, entries: entries as BaselineEntry[] };
}

/** The baseline that adopts exactly `findings`. */
export function baselineOf(findings: readonly Finding[]): Baseline {
  return {
    tool: 'agent-identity-kit',
    baseline: 1,
    entries: findings.map(({ ruleId, file, symbol, line, fingerprint }) => ({ ruleId, file, symbol, line, fingerprint })),
  };
}

/** Writes `baseline` as stable, diff-friendly JSON. */
export function writeBaseline(path: string, baseline: Baseline): void {
  writeFileAtomic(path, `${JSON.stringify(baseline, null, 2)}\n`);
}

/** Splits findings into new and baselined ones, and lists the stale entries. */
export function applyBaseline(
  findings: readonly Finding[],
  baseline: Baseline,
): { readonly fresh: Finding[]; readonly baselined: Finding[]; readonly stale: BaselineEntry[] } {
  const listed = new Map(baseline.entries.map((entry) => [entry.fingerprint, entry]));
  const fresh: Finding[] = [];
  const baselined: Finding[] = [];
  for (const finding of findings) {
    if (listed.delete(finding.fingerprint)) baselined.push(finding);
    else fresh.push(finding);
  }
  return { fresh, baselined, stale: [...listed.values()] };
}
