/** The output formats, one module each behind this registry: adding a format touches one file, this list and `FORMAT_NAMES`. */
import type { Formatter } from './formatter.js';
import type { FormatName } from './format-names.js';
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
} as const satisfies Record<FormatName, Formatter>;
