import { CONFIG_SECTIONS } from '../../src/contract/config-file.js';

/** The edit distance of `a` and `b` (insertions, deletions, substitutions, and swaps of neighbours). */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * The known name closest to a mistyped `name` (case-insensitive edit distance, at most a third of
 * its length, ties to the first), or undefined when none is close: for "did you mean" hints.
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  let best: { readonly name: string; readonly distance: number } | undefined;
  for (const candidate of known) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d <= Math.max(1, Math.floor(Math.max(name.length, candidate.length) / 3)) && (best === undefined || d < best.distance)) best = { name: candidate, distance: d };
  }
  return best?.name;
}

/** `unknown key "name"` with the closest known key as a hint. */
export function unknownKeyText(name: string, known: readonly string[]): string {
  const close = closestName(name, known);
  return `unknown key "${name}"${close === undefined ? '' : ` (did you mean "${close}"?)`}`;
}

/**
 * What is wrong with the top level of a parsed configuration file (not an object, or a key that is
 * no command's), or undefined when nothing is.
 */
export function configFileProblem(parsed: unknown): string | undefined {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return `expected an object with one key per command (${CONFIG_SECTIONS.join(', ')})`;
  const stray = Object.keys(parsed).find((key) => !(CONFIG_SECTIONS as readonly string[]).includes(key));
  return stray === undefined ? undefined : `${unknownKeyText(stray, CONFIG_SECTIONS)}; the keys are ${CONFIG_SECTIONS.join(', ')}`;
}

/** The message of an Ajv error (compiled with `verbose`) at `section`: an unknown key is named, with the closest known one. */
export function schemaErrorText(error: { readonly keyword: string; readonly instancePath: string; readonly message?: string; readonly params: Record<string, unknown>; readonly parentSchema?: unknown } | undefined, section: string): string {
  const at = `${section}${(error?.instancePath ?? '').replace(/\//g, '.')}`;
  if (error?.keyword === 'additionalProperties') {
    const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    return `${at}: ${unknownKeyText(String(error.params['additionalProperty']), known)}`;
  }
  return `${at} ${error?.message ?? 'is invalid'}`;
}
