/** The output formats, one module each behind this registry: adding a format touches one file and this list. */
import type { Formatter } from './formatter.js';
import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatSarif } from './sarif.js';
import { formatText } from './text.js';

/** Formatters by `--format` name. */
export const FORMATTERS = {
  text: formatText,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
} as const satisfies Record<string, Formatter>;

/** A `--format` name. */
export type FormatName = keyof typeof FORMATTERS;
