import type { Finding } from './finding.js';

/** What one gate run found: its findings, in a stable order, and notes for the human summary. */
export interface GateReport {
  /** The gate's name as the summary table shows it: `lint`, `graph` or `docs`. */
  readonly gate: string;
  readonly findings: readonly Finding[];
  /** Counts worth reporting besides findings, e.g. how many fences opted out of typechecking. */
  readonly notes: readonly string[];
  /**
   * How many inputs the gate read (files linted, modules cruised, Markdown files): with 0 the gate
   * checked nothing, and `check` says so instead of passing.
   */
  readonly read: number;
}
