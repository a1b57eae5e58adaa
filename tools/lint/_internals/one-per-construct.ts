/**
 * One finding per construct: the rules look at code from different angles, and one construct can
 * match several of them — a class that stores an agent id next to its session is both a type with
 * two ids (`two-id-members`) and a duplicated identity (`duplicate-identity`), and its constructor
 * taking both as parameter properties is the same construct again (`two-id-parameters`). Only the
 * most specific finding is kept; a rule reporting the same symbol twice on one line (two
 * `startsWith` in one condition) counts once.
 */
import type { RawFinding } from '../rules/rule.js';

/** The more specific rule first: a finding of a later rule on a class is dropped when an earlier one covers it. */
const PRECEDENCE = ['duplicate-identity', 'two-id-members', 'two-id-parameters'];

/** Where a finding sits among {@link PRECEDENCE} (`-1`: not a class-level construct). */
function rankOf(finding: RawFinding): number {
  if (finding.ruleId === 'two-id-parameters' && !finding.symbol.endsWith('.constructor')) return -1;
  return PRECEDENCE.indexOf(finding.ruleId);
}

function classOf(finding: RawFinding): string {
  const dot = finding.symbol.indexOf('.');
  return dot < 0 ? finding.symbol : finding.symbol.slice(0, dot);
}

/** `findings` without repeats of one construct, in their original order. */
export function onePerConstruct(findings: readonly RawFinding[]): RawFinding[] {
  const seen = new Set<string>();
  const covered = new Map<string, number>();
  for (const finding of findings) {
    const rank = rankOf(finding);
    if (rank < 0) continue;
    const key = `${finding.file}\0${classOf(finding)}`;
    covered.set(key, Math.min(covered.get(key) ?? rank, rank));
  }
  return findings.filter((finding) => {
    const line = `${finding.ruleId}\0${finding.file}\0${finding.line}\0${finding.symbol}`;
    if (seen.has(line)) return false;
    seen.add(line);
    const rank = rankOf(finding);
    if (rank < 0) return true;
    const best = covered.get(`${finding.file}\0${classOf(finding)}`) ?? rank;
    return best === rank;
  });
}
