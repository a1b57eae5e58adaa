import { printable } from './printable.js';

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as HTML or SVG character data or a quoted attribute value, for every HTML output of the
 * kit (`--format html`, `--html`): markup characters become entities, and what a terminal or a
 * browser would act on rather than show (controls, bidirectional overrides) is made
 * {@link printable} first, so a hostile id reads as written and never reorders the page.
 */
export function escapeHtml(text: string): string {
  return printable(text).replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}
