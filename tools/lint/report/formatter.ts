/** The shape every output format implements. */
import type { LintResult } from '../types.js';

/** Rendering options. */
export interface FormatOptions {
  /** ANSI colours (the CLI turns them on only on a TTY without `NO_COLOR`). Default: false. */
  readonly color?: boolean;
}

/** Renders a lint result as the text written to stdout. */
export type Formatter = (result: LintResult, options?: FormatOptions) => string;
