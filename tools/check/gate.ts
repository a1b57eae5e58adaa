import type { KitDocsOptions } from '../docs/kit-docs-options.js';
import type { GateReport } from './gate-report.js';

/** What `check` hands every gate: plain data, so a gate's own process receives it whole. */
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

/** A gate's run: it reports, or throws a `ConfigError`. */
export type GateRun = (options: CheckOptions) => Promise<GateReport>;

/** One gate `check` runs: a name for the summary and its run. */
export interface Gate {
  readonly name: string;
  readonly run: GateRun;
}

/** The gates `check` runs, in summary order (each one's run is in `gates.ts`, loaded only by the gate's own process). */
export const GATE_NAMES = ['lint', 'graph', 'docs'] as const;

/** The name of one of `check`'s gates. */
export type GateName = (typeof GATE_NAMES)[number];
