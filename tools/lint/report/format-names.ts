/**
 * The lint's `--format` names, without their formatters: the CLI lists them in its help and
 * parses `--format` before it loads the lint. `FORMATTERS` must have exactly these keys; the
 * compiler holds the two together.
 */
export const FORMAT_NAMES = ['text', 'json', 'sarif', 'github'] as const;

/** A `--format` name. */
export type FormatName = (typeof FORMAT_NAMES)[number];
