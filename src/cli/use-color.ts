/**
 * Whether output in `format` to `stream` is coloured: text only; `--color`/`--no-color` (`flag`)
 * win, then `FORCE_COLOR` (`0` or `false` turns colour off, any other non-empty value on, as Node
 * and chalk read it), then a non-empty `NO_COLOR` turns it off (https://no-color.org: an empty one
 * does not), else colour on a TTY only.
 */
export function useColor(format: string, stream: { readonly isTTY?: boolean } = process.stdout, flag?: boolean): boolean {
  if (format !== 'text') return false;
  if (flag !== undefined) return flag;
  const force = process.env['FORCE_COLOR'];
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  const no = process.env['NO_COLOR'];
  if (no !== undefined && no !== '') return false;
  return stream.isTTY === true;
}

/** The `--color` / `--no-color` flag of the program's options, as commander parsed them: `{ color }`, or nothing when neither was given. */
export function colorOption(options: Record<string, unknown>): { readonly color?: boolean } {
  const given = options['color'];
  return typeof given === 'boolean' ? { color: given } : {};
}
