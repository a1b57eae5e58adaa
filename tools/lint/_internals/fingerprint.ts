/**
 * Stable fingerprints: a finding keeps its fingerprint when lines move, because it hashes the
 * rule, the file, the symbol and the finding's rank among identical (rule, file, symbol) ones —
 * never a line number. SARIF `partialFingerprints` and baseline entries use it.
 */
import { createHash } from 'node:crypto';
import type { RawFinding } from '../rules/rule.js';

/** Fingerprints for findings sorted by file, line and column (same order as `findings`). */
export function fingerprints(findings: readonly RawFinding[]): string[] {
  const seen = new Map<string, number>();
  return findings.map((finding) => {
    const key = `${finding.ruleId}\u0000${finding.file}\u0000${finding.symbol}`;
    const rank = seen.get(key) ?? 0;
    seen.set(key, rank + 1);
    return createHash('sha256').update(`${key}\u0000${rank}`).digest('hex').slice(0, 32);
  });
}
