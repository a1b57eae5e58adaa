import type { ConformanceReport } from '../report/conformance-report.js';

/** Options every reporter takes. */
export interface ReporterOptions {
  /** Use ANSI colour (text only; the CLI enables it on a TTY unless `NO_COLOR` is set). */
  readonly color: boolean;
}

/** Renders a conformance report as one output format; pure: the same report gives the same text. */
export type Reporter = (report: ConformanceReport, options: ReporterOptions) => string;
