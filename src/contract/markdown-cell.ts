import { printable } from './printable.js';

/**
 * Text as one cell of a Markdown table, for every Markdown output of the kit (`conform`/`merge
 * --format markdown`, `check --format markdown`, the generated docs): a `|` would end the cell and
 * a line break the row, so they are escaped and joined; what a terminal would act on is made
 * {@link printable}, as everywhere text from a checked file or an adapter is shown.
 */
export function markdownCell(text: string): string {
  return printable(text.replace(/\r?\n/g, ' ')).replace(/\|/g, '\\|');
}
