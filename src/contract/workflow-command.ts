import { printable } from './printable.js';

/**
 * How text is written into a GitHub Actions workflow command (`::error title=…::message`), for
 * every `--format github` of the kit (conform, lint, check): the runner reads `%`, CR and LF back
 * from their escapes, and a property value's `:` and `,` too. What the text carries from a
 * checked file or an adapter is made {@link printable} too (after those escapes), so a control character never
 * reaches the log that renders the annotation.
 */

/** A workflow command's message. */
export function escapeData(text: string): string {
  return printable(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

/** A workflow command's property value (`file=…`, `title=…`). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
