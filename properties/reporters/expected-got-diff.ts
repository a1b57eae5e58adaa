import { diffJson } from 'diff';

/** Values shorter than this (both together, as written) read well on one line: no diff is added. */
const LONG = 80;
/** At most this many diff lines per sub-case; the rest are counted. */
const SHOWN = 12;

/** `text` parsed as a JSON object or array, or undefined for anything else (a scalar reads well as it is). */
function structured(text: string): object | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The lines that differ between the two values of a failed sub-case written
 * `…: expected <JSON>, got <JSON>`, when both are JSON objects or arrays too long to compare by
 * eye: `- ` what was expected and is missing, `+ ` what came instead, one pretty-printed JSON line
 * each (jsdiff's `diffJson`, keys in a fixed order). Empty for any other line.
 */
export function expectedGotDiff(line: string): string[] {
  const start = line.indexOf(': expected ');
  if (start < 0) return [];
  const rest = line.slice(start + ': expected '.length);
  // The values may themselves hold ", got ": the split is the one where both sides are JSON.
  for (let at = rest.indexOf(', got '); at >= 0; at = rest.indexOf(', got ', at + 1)) {
    const [expectedText, gotText] = [rest.slice(0, at), rest.slice(at + ', got '.length)];
    const expected = structured(expectedText);
    const got = structured(gotText);
    if (expected === undefined || got === undefined) continue;
    if (expectedText.length + gotText.length < LONG) return [];
    const lines = diffJson(expected, got).flatMap((change) => (change.added || change.removed ? change.value.split('\n').filter((text) => text.trim() !== '').map((text) => `${change.added ? '+' : '-'} ${text.trim()}`) : []));
    return lines.length <= SHOWN ? lines : [...lines.slice(0, SHOWN), `… ${lines.length - SHOWN} more differing lines`];
  }
  return [];
}
