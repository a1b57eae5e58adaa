import type { KitDocsOptions } from '../docs/kit-docs-options.js';
import type { GateReport } from './gate-report.js';

/** What `check` hands every gate. */
export interface CheckOptions {
  /** Absolute path of the repository root. */
  readonly root: string;
  /** Absolute path of the tsconfig every gate reads (`check --project`); default: each gate's own choice. */
  readonly project?: string;
  /** Let a gate that read nothing pass (`check --allow-empty`); default false: it is an error. */
  readonly allowEmpty?: boolean;
  /** Given when the repository is the kit itself: its extra doc checks. */
  readonly kit?: KitDocsOptions;
}

/** One gate `check` runs: a name for the summary and a run that reports or throws a `ConfigError`. */
export interface Gate {
  readonly name: string;
  readonly run: (options: CheckOptions) => Promise<GateReport>;
}
