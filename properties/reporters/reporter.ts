import type { ConformanceReport } from '../report/conformance-report.js';

/** Options every reporter takes. */
export interface ReporterOptions {
  /** Use ANSI colour (text only; the CLI enables it on a TTY unless `NO_COLOR` is set). */
  readonly color: boolean;
  /**
   * The words that started this run's `conform` with the flags that load its adapter
   * (`npx agent-identity-kit conform --adapter … --import … --tsconfig …`): failures then print
   * the command that reruns each alone, and how to write it as a scenario file.
   */
  readonly invocation?: { readonly conform: readonly string[]; readonly replay: readonly string[] };
}

/** Renders a conformance report as one output format; pure: the same report gives the same text. */
export type Reporter = (report: ConformanceReport, options: ReporterOptions) => string;
