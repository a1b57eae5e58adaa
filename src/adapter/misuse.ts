/**
 * A toolkit helper called the wrong way: a `TypeError` naming the helper and what it expected,
 * thrown at once rather than leaving the kit to report a strange outcome many steps later.
 */
export function misuse(helper: string, expected: string, got: unknown): TypeError {
  const shown = got === null ? 'null' : Array.isArray(got) ? 'an array' : typeof got === 'string' ? JSON.stringify(got) : typeof got;
  return new TypeError(`${helper}: ${expected}, got ${shown}`);
}
