/**
 * The names of the gates' report formats (`graph`, `docs`, `check`), without their reporters:
 * the CLI lists them in its help and parses `--format` before it loads any reporter.
 */
export const REPORT_FORMATS = ['text', 'json', 'markdown', 'sarif', 'github'] as const;

/** A `--format` value. */
export type ReportFormat = (typeof REPORT_FORMATS)[number];
