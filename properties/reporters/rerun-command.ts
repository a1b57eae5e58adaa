import type { ConformanceReport, FailureDetail } from '../report/conformance-report.js';

/** A word as a POSIX shell reads it back unchanged: bare when it is safe, single-quoted otherwise. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The words of a command line, quoted for pasting into a shell. */
export function commandLine(words: readonly string[]): string {
  return words.map(shellWord).join(' ');
}

/**
 * The `conform` arguments that reproduce `failure` alone: its requirement only, and either the
 * directed checks alone at the run's seed (`--runs 0`) or exactly the one generated run of its
 * counterexample (`--seed` and `--path` as fast-check printed them).
 */
export function rerunArguments(report: ConformanceReport, failure: FailureDetail): string[] {
  const { path, seed } = failure.counterexample;
  return ['--requirements', failure.requirement, ...(path === undefined ? ['--seed', String(report.seed), '--runs', '0'] : ['--seed', String(seed), '--path', path])];
}
