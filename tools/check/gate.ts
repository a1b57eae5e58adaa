import type { KitDocsOptions } from '../docs/kit-docs-options.js';
import type { GateReport } from './gate-report.js';

/** What `check` hands every gate. */
export interface CheckOptions {
  /** Absolute path of the repository root. */
  readonly root: string;
  /** Given when the repository is the kit itself: its extra doc checks. */
  readonly kit?: KitDocsOptions;
}

/** One gate `check` runs: a name for the summary and a run that reports or throws a `ConfigError`. */
export interface Gate {
  readonly name: string;
  readonly run: (options: CheckOptions) => Promise<GateReport>;
}
