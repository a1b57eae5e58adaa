/**
 * Inline suppressions: `// agent-identity-kit-ignore-next-line <rule>[, <rule>…] -- <reason>`
 * on a line of its own, right above the finding's line.
 * A reason is required; a suppression naming an unknown rule or lacking a reason is itself a
 * finding, and so is one that silenced nothing.
 */

/** The comment marker. */
export const SUPPRESSION_MARKER = 'agent-identity-kit-ignore-next-line';

/** One well-formed suppression comment. */
export interface Suppression {
  /** 1-based line of the comment. */
  readonly line: number;
  readonly column: number;
  /** The line it applies to. */
  readonly target: number;
  readonly rules: readonly string[];
  readonly reason: string;
}

/** A malformed suppression comment. */
export interface InvalidSuppression {
  readonly line: number;
  readonly column: number;
  readonly problem: string;
}

// The comment stands on its own line, so the marker quoted in a string or a doc comment is not one.
const PATTERN = new RegExp(`^\\s*//\\s*${SUPPRESSION_MARKER}\\b(.*)$`);

/** Finds the suppression comments of a file's text; `knownRules` are the ids a comment may name. */
export function parseSuppressions(
  text: string,
  knownRules: ReadonlySet<string>,
): { readonly valid: Suppression[]; readonly invalid: InvalidSuppression[] } {
  const valid: Suppression[] = [];
  const invalid: InvalidSuppression[] = [];
  if (!text.includes(SUPPRESSION_MARKER)) return { valid, invalid };
  const lines = text.split(/\r?\n/);
  lines.forEach((content, index) => {
    const match = PATTERN.exec(content);
    if (match === null) return;
    const line = index + 1;
    const column = match.index + 1;
    const rest = match[1] ?? '';
    const separator = rest.indexOf('--');
    const reason = separator < 0 ? '' : rest.slice(separator + 2).trim();
    const rules = (separator < 0 ? rest : rest.slice(0, separator))
      .split(/[\s,]+/)
      .filter((rule) => rule.length > 0);
    const unknown = rules.filter((rule) => !knownRules.has(rule));
    if (rules.length === 0) invalid.push({ line, column, problem: 'names no rule' });
    else if (unknown.length > 0) invalid.push({ line, column, problem: `names unknown rule '${unknown.join("', '")}'` });
    else if (reason.length === 0) invalid.push({ line, column, problem: "has no reason: write '-- <why this is intended>'" });
    else valid.push({ line, column, target: line + 1, rules, reason });
  });
  return { valid, invalid };
}
