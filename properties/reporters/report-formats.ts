/**
 * The names of `conform`'s output formats, without their reporters: the CLI lists them in its
 * help and parses `--format` before it loads any reporter. The registry (`REPORTERS`) must have
 * exactly these keys; the compiler holds the two together.
 */
export const REPORT_FORMATS = ['text', 'json', 'junit', 'github', 'markdown', 'html'] as const;

/** One of the formats in {@link REPORT_FORMATS}. */
export type ReportFormat = (typeof REPORT_FORMATS)[number];
