/**
 * Characters a terminal acts on rather than shows: C0 controls but tab and newline (escape
 * sequences start with ESC; carriage return and backspace overwrite what was printed), DEL, C1
 * controls, and the bidirectional overrides and isolates that reorder what is shown.
 */
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` as it may be shown to a person: every character a terminal would act on written as an
 * escape instead (`\x1b`, `\x0d`, `\u202e`), tabs and newlines kept. Whatever comes from a
 * checked file, an adapter or a history goes through it before any human output; the kit's own
 * colours are added afterwards.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (character) => {
    const code = character.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
