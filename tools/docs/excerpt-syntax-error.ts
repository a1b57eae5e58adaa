import ts from 'typescript';
import { syntaxErrors } from './syntax-errors.js';

/**
 * How an excerpt that does not parse as a module reads once put back where it came from: the
 * statements of a function body (`await`, `return`; a function body parses whatever a module
 * does, imports included, so this also covers an excerpt that parses as it is once repaired),
 * the members of a class, an object type, an expression (a JSON-like object literal), the
 * properties of an object literal (`body: { … }`, `tools: { … }`), a value (an object literal
 * ending in `;`), a method chain continued from a receiver it leaves out (`.withContext(…)` on
 * lines of its own). (Several values one after another: see `valuesOneAfterAnother`.)
 */
const ENCLOSINGS: readonly ((code: string) => string)[] = [
  (code) => `async function enclosing() {\n${code}\n}`,
  (code) => `class Enclosing {\n${code}\n}`,
  (code) => `type Enclosing = ${code}\n;`,
  (code) => `const enclosing = (\n${code}\n);`,
  (code) => `const enclosing = {\n${code}\n};`,
  (code) => `const enclosing =\n${code}`,
  (code) => `const enclosing = (receiver\n${code}\n);`,
];

/**
 * An optional argument written as in a signature, `append(sessionId, message, parentId?)`: a `?`
 * right after a name or a closing bracket and before `,` or `)`, where TypeScript has none.
 */
const OPTIONAL_ARGUMENT = /(?<=[\w$)\]])\?(?=[ \t]*[),])/g;

/**
 * An elision: `...` or `…` where no spread or rest can be, before `)`, `]`, `}`, `>`, `,`, `;` or
 * the end of a line (so also on a line of its own): `{...}`, `f(a, …)`, `messages: ...,`,
 * `Promise<...>`. It stands for what the excerpt leaves out, so it is read as a name of its length
 * (`___`), which fits wherever a value, a member or a type was left out.
 */
const ELISION = /(?:\.\.\.|…)(?=[ \t]*(?:[)\]}>,;]|\r?$))/gm;

/**
 * A block comment that elides (`/* ...started | chunk | finished... *\/` between the bars of a
 * union, `{ /* … *\/ }`): it stands where code was left out, as {@link ELISION} does, and is read
 * as a name of its length.
 */
const ELIDING_COMMENT = /\/\*(?:(?!\*\/)[\s\S])*?(?:\.\.\.|…)[\s\S]*?\*\//g;

/**
 * A template placeholder, `<AGENT_CLASS>`, `<YOUR_API_KEY>`: an upper-case name with an
 * underscore in angle brackets, which a reader replaces before running the code (as
 * `path/to/…` in a path). Read as a name of its length.
 */
const PLACEHOLDER = /<[A-Z][A-Z0-9]*_[A-Z0-9_]*>/g;

/**
 * "Invalid character" (TS1127) at an arrow (`→`, `⇒`, U+2190–U+21FF): the fence draws a flow
 * (`agent.method()` then `→ wrapped with …` on the next line), pseudo-code rather than TypeScript.
 */
const FLOW_ARROW = /[\u2190-\u21FF]/;
const INVALID_CHARACTER = 1127;

const OPENERS = new Set([ts.SyntaxKind.OpenBraceToken, ts.SyntaxKind.OpenParenToken, ts.SyntaxKind.OpenBracketToken]);
const CLOSER_OF = new Map([
  [ts.SyntaxKind.OpenBraceToken, '}'],
  [ts.SyntaxKind.OpenParenToken, ')'],
  [ts.SyntaxKind.OpenBracketToken, ']'],
]);
const CLOSERS = new Set([ts.SyntaxKind.CloseBraceToken, ts.SyntaxKind.CloseParenToken, ts.SyntaxKind.CloseBracketToken]);
/** What may follow the first unopened closer for the rest to be the tail of blocks the excerpt never opened. */
const TAIL = new Set([...CLOSERS, ts.SyntaxKind.SemicolonToken, ts.SyntaxKind.CommaToken]);
/** Tokens after which `/` divides; after any other it starts a regular expression. */
const OPERAND_ENDS = new Set([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.ThisKeyword,
  ts.SyntaxKind.SuperKeyword,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.BigIntLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.PlusPlusToken,
  ts.SyntaxKind.MinusMinusToken,
  ...CLOSERS,
]);

/**
 * The syntax error to report of `code`, a fence that does not parse (TSX when `jsx`), or
 * `undefined` when it is an excerpt of a larger program or pseudo-code (a {@link FLOW_ARROW}): with
 * its elisions, eliding comments and placeholders blanked out (see {@link ELISION},
 * {@link ELIDING_COMMENT}, {@link PLACEHOLDER}) and the closing brackets at its end that it never opened cut off (the tail of
 * a function body: `});\n}`), it parses put back into one of {@link ENCLOSINGS}, as TypeScript
 * or as TSX (class members whose methods return JSX parse as neither on their own). A closer
 * without an opener that is followed by more code is a broken example, not an excerpt's end: it
 * is kept. The error is the first that remains after those repairs, at its offset in `code`
 * (they move nothing), so an elision is never what is reported.
 */
export function excerptSyntaxError(code: string, jsx: boolean): ts.Diagnostic | undefined {
  const asName = (text: string): string => text.replace(/[^\n]/g, '_');
  const elided = code.replace(ELIDING_COMMENT, asName).replace(PLACEHOLDER, asName).replace(ELISION, asName).replace(OPTIONAL_ARGUMENT, ' ');
  const repaired = (tsx: boolean): string => balanced(elided, tsx);
  const parses = (tsx: boolean): boolean =>
    ENCLOSINGS.some((enclose) => syntaxErrors(enclose(repaired(tsx)), tsx).length === 0) || preambleAndMembers(repaired(tsx), tsx) || valuesOneAfterAnother(repaired(tsx), tsx);
  if ((jsx ? [true] : [false, true]).some(parses)) return undefined;
  const [error] = syntaxErrors(repaired(jsx), jsx);
  const at = error?.start ?? 0;
  return error?.code === INVALID_CHARACTER && FLOW_ARROW.test(code.slice(at, at + 1)) ? undefined : error;
}

/**
 * Whether `code` is what a module holds (imports, declarations, statements) and members of a class
 * it leaves out, one after the other (`import { tool } from "ai";` then `getTools() { … }`; a
 * method, then the module's function that calls it): split before some line that starts in the
 * first column, one part parses as a module and the other as a class body.
 */
function preambleAndMembers(code: string, tsx: boolean): boolean {
  const lines = code.split('\n');
  const parses = (module: string, members: string): boolean => syntaxErrors(`class Enclosing {\n${members}\n}`, tsx).length === 0 && syntaxErrors(module, tsx).length === 0;
  for (let split = 1; split < lines.length; split += 1) {
    if (!/^[A-Za-z_$@#]/.test(lines[split] ?? '')) continue;
    const head = lines.slice(0, split).join('\n');
    const tail = lines.slice(split).join('\n');
    if (parses(head, tail) || parses(tail, head)) return true;
  }
  return false;
}

/**
 * Whether `code` shows values one after the other, each an object literal starting a line in the
 * first column (`{ requestId, continuation: false }`, a comment, then `{ requestId, continuation:
 * true }`: the arguments of several call sites), after what parses as a module (comments, imports):
 * split before each such line, every part parses as a value.
 */
function valuesOneAfterAnother(code: string, tsx: boolean): boolean {
  const [head = '', ...values] = code.split(/\n(?=\{)/);
  return values.length > 1 && syntaxErrors(head, tsx).length === 0 && values.every((value) => syntaxErrors(`const enclosing =\n${value}`, tsx).length === 0);
}

/**
 * `code` cut before its first closing bracket that has no opener, when nothing but closers, `;`
 * and `,` (and whitespace and comments) follow it (the tail of blocks the excerpt never opened);
 * else `code` with the brackets it opens and never closes closed at its end (an excerpt cut
 * before its blocks end: a class whose next methods the next fence shows). Brackets are counted
 * token by token, so those in strings, comments, template literals and regular expressions do not
 * count (JSX text is read as code).
 */
function balanced(code: string, jsx: boolean): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, jsx ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard, code);
  // The depth at which each open `${` of a template literal was opened: its `}` continues the template.
  const substitutions: number[] = [];
  const open: ts.SyntaxKind[] = [];
  let depth = 0;
  let cut: number | undefined;
  let previous = ts.SyntaxKind.Unknown;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; previous = token, token = scanner.scan()) {
    if (token === ts.SyntaxKind.CloseBraceToken && substitutions.at(-1) === depth) {
      substitutions.pop();
      token = scanner.reScanTemplateToken(false);
    } else if ((token === ts.SyntaxKind.SlashToken || token === ts.SyntaxKind.SlashEqualsToken) && !OPERAND_ENDS.has(previous)) {
      token = scanner.reScanSlashToken();
    }
    if (token === ts.SyntaxKind.TemplateHead || token === ts.SyntaxKind.TemplateMiddle) substitutions.push(depth);
    if (cut !== undefined) {
      if (!TAIL.has(token)) return code;
    } else if (OPENERS.has(token)) {
      depth += 1;
      open.push(token);
    } else if (CLOSERS.has(token)) {
      depth -= 1;
      open.pop();
      if (depth < 0) cut = scanner.getTokenStart();
    }
  }
  if (cut !== undefined) return code.slice(0, cut);
  return `${code}\n${open.reverse().map((opener) => CLOSER_OF.get(opener)).join('')}`;
}
