import type { GateReport } from './gate-report.js';

/** How one gate ended in a `check` run. */
export interface GateOutcome extends GateReport {
  /**
   * `pass`: no findings; `fail`: findings; `error`: the gate could not run (configuration error);
   * `skipped`: it read nothing while another gate of the run did (its first note says so).
   */
  readonly status: 'pass' | 'fail' | 'error' | 'skipped';
  /** The one-line configuration error, for status `error`. */
  readonly error?: string;
  /** Wall-clock time the gate took (the only part of a report that varies between runs). */
  readonly durationMs: number;
}
