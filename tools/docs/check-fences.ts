import { dirname } from 'node:path';
import ts from 'typescript';
import type { Finding } from '../check/finding.js';
import type { TsFence } from './ts-fence.js';

/** "Cannot find module 'x'", with or without a hint about `moduleResolution`. */
const MODULE_NOT_FOUND = new Set([2307, 2792]);
/**
 * "Cannot find name 'x'" (plain, or with a hint to install Node's or a test runner's types): the
 * fence uses a name it neither declares nor imports, so it is a fragment of a larger example,
 * not a program that can go stale; "Cannot find namespace 'x'" (TS2503) is the same for a
 * namespace. (A misspelt name is TS2552, "did you mean", and still reported.)
 */
const UNDECLARED_NAME = new Set([2304, 2503, 2580, 2582, 2591, 2592, 2593]);
/**
 * A global the libraries the fences are typechecked with do not declare: "Cannot find global
 * type 'Disposable'" (TS2318), "Cannot find name 'console'. Do you need to change your target
 * library?" (TS2583, TS2584), "Property 'replaceAll' does not exist … change your target
 * library?" (TS2550). The example is written against a library the check does not load, so the
 * gate cannot tell whether it is right: counted, not reported.
 */
const LIBRARY_GAP = new Set([2318, 2583, 2584, 2550]);
/**
 * "Function implementation is missing" (the fence lists signatures, as an API summary does) and
 * "A 'return' statement can only be used within a function body" (it shows a function's body).
 */
const EXCERPT = new Set([2391, 1108]);
/**
 * How a fragment that does not parse as a module reads once put back where it came from: the
 * statements of a function body (`await`, `return`), the members of a class, an object type, an
 * expression (a JSON-like object literal).
 */
const ENCLOSINGS: readonly ((code: string) => string)[] = [
  (code) => `async function enclosing() {\n${code}\n}`,
  (code) => `class Enclosing {\n${code}\n}`,
  (code) => `type Enclosing = ${code}\n;`,
  (code) => `const enclosing = (\n${code}\n);`,
];
const QUOTED = /'([^']+)'/;

/** What {@link checkFences} found. */
export interface FenceCheck {
  readonly findings: Finding[];
  /** Imports of packages that could not be resolved because nothing is installed: not findings. */
  readonly notInstalled: number;
  /** Fences with at least one finding. */
  readonly failing: readonly TsFence[];
  /**
   * Fences that use names they never declare or import, list signatures, show a function's body or
   * parse only enclosed (see {@link ENCLOSINGS}): fragments, whose such errors are not reported.
   */
  readonly fragments: number;
  /** Errors naming a global the loaded libraries lack (see {@link LIBRARY_GAP}): not reported. */
  readonly libraryGaps: number;
  /** The globals those errors name, sorted, each once. */
  readonly missingGlobals: readonly string[];
}

/**
 * Reports every error the fence `program` finds in a checked fence, at its line and column in
 * the Markdown file (rule `fence-typecheck`). An import of a package (not a relative file) that
 * does not resolve where `installed(folder)` says dependencies are not installed is counted, not
 * reported: the example may be right, the gate cannot tell. A name the fence neither declares
 * nor imports, or a function signature without a body, makes it a fragment: that error is
 * counted, not reported; its other errors are. So is an error naming a global that the libraries
 * the program loads lack (`console` without `dom` or Node's types). Of a fence that does not
 * parse, only the first syntax error is reported, unless the fence parses as the body of a
 * function or class, an object type or an expression: then it is a fragment too.
 */
export function checkFences(program: ts.Program | undefined, fences: readonly TsFence[], installed: (folder: string) => boolean): FenceCheck {
  const findings: Finding[] = [];
  const failing: TsFence[] = [];
  let notInstalled = 0;
  let fragments = 0;
  let libraryGaps = 0;
  const missingGlobals = new Set<string>();
  const result = (): FenceCheck => ({ findings, notInstalled, failing, fragments, libraryGaps, missingGlobals: [...missingGlobals].sort() });
  if (program === undefined) return result();
  for (const fence of fences) {
    const source = fence.optOut === undefined ? program.getSourceFile(fence.virtualPath) : undefined;
    if (source === undefined) continue;
    // A fence that does not parse gets its first syntax error only: what the compiler says after it is noise.
    const syntax = program.getSyntacticDiagnostics(source);
    if (syntax.length > 0 && parsesEnclosed(fence.code)) {
      fragments += 1;
      continue;
    }
    const diagnostics = syntax.length > 0 ? syntax.slice(0, 1) : program.getSemanticDiagnostics(source);
    const before = findings.length;
    let fragment = false;
    for (const diagnostic of diagnostics) {
      if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      if (MODULE_NOT_FOUND.has(diagnostic.code) && isPackageImport(QUOTED.exec(message)?.[1]) && !installed(dirname(fence.virtualPath))) {
        notInstalled += 1;
        continue;
      }
      if (LIBRARY_GAP.has(diagnostic.code)) {
        libraryGaps += 1;
        const name = QUOTED.exec(message)?.[1];
        if (name !== undefined) missingGlobals.add(name);
        continue;
      }
      if (UNDECLARED_NAME.has(diagnostic.code) || EXCERPT.has(diagnostic.code)) {
        fragment = true;
        continue;
      }
      const at = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      findings.push({ rule: 'fence-typecheck', file: fence.file, line: fence.line + at.line, column: fence.indent + at.character + 1, message: `TS${diagnostic.code}: ${message}` });
    }
    if (findings.length > before) failing.push(fence);
    if (fragment) fragments += 1;
  }
  return result();
}

/** Whether `code` parses once put back into one of {@link ENCLOSINGS}. */
function parsesEnclosed(code: string): boolean {
  return ENCLOSINGS.some((enclose) => (ts.transpileModule(enclose(code), { reportDiagnostics: true, compilerOptions: { noLib: true } }).diagnostics ?? []).length === 0);
}

function isPackageImport(specifier: string | undefined): boolean {
  return specifier !== undefined && !specifier.startsWith('.') && !specifier.startsWith('/');
}
