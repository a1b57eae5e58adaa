/** Colour only for text on a terminal, and never when `NO_COLOR` is set (https://no-color.org). */
export function useColor(format: string, stream: { readonly isTTY?: boolean } = process.stdout): boolean {
  return format === 'text' && stream.isTTY === true && process.env['NO_COLOR'] === undefined;
}
