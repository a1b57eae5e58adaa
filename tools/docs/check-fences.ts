import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import type { Finding } from '../check/finding.js';
import { excerptSyntaxError } from './excerpt-syntax-error.js';
import { FenceCascades, innermostAt } from './fence-cascades.js';
import type { TsFence } from './ts-fence.js';

const QUOTED = /'([^']+)'/;
/**
 * "Cannot find module 'x'", with or without a hint about `moduleResolution`, and "This JSX tag
 * requires the module path 'react/jsx-runtime' to exist" (TS2875).
 */
const MODULE_NOT_FOUND = new Set([2307, 2792, 2875]);
/**
 * A relative import that does not resolve: "Cannot find module './x'" (TS2307, TS2792) and, under
 * NodeNext, "Relative import paths need explicit file extensions" (TS2834, TS2835), which
 * TypeScript says instead when the file is not there.
 */
const RELATIVE_NOT_FOUND = new Set([2307, 2792, 2834, 2835]);
/**
 * "Cannot find name 'x'" (plain, or with a hint to install Node's or a test runner's types): the
 * fence uses a name it neither declares nor imports, so it is a fragment of a larger example,
 * not a program that can go stale; "Cannot find namespace 'x'" (TS2503) is the same for a
 * namespace, "This JSX tag requires 'h' to be in scope" (TS2874, TS2879) for the JSX factory, "No
 * value exists in scope for the shorthand property 'x'" (TS18004) for `{ x }` of an `x` it never declares.
 * (A misspelt name is TS2552, "did you mean": see {@link SIMILAR_NAME}.)
 */
const UNDECLARED_NAME = new Set([2304, 2503, 2580, 2582, 2591, 2592, 2593, 2874, 2879, 18004]);
/**
 * A global the libraries the fences are typechecked with do not declare, and where its name is
 * in the message: "Cannot find global type 'Disposable'" (TS2318), "Cannot find name 'console'.
 * Do you need to change your target library?" (TS2583, TS2584), "Property 'replaceAll' does not
 * exist … change your target library?" (TS2550), "JSX element implicitly has type 'any' because
 * no interface 'JSX.IntrinsicElements' exists" (TS7026: no JSX types loaded). The example is
 * written against a library the check does not load, so the gate cannot tell whether it is
 * right: counted, not reported.
 */
const LIBRARY_GAP = new Map([
  [2318, QUOTED],
  [2583, QUOTED],
  [2584, QUOTED],
  [2550, QUOTED],
  [7026, /interface '([^']+)'/],
]);
/**
 * "Function implementation is missing" (the fence lists signatures, as an API summary does; "A
 * decorator can only decorate a method implementation, not an overload", TS1249, when they are
 * decorated) and "A 'return' statement can only be used within a function body" (it shows a
 * function's body).
 */
const EXCERPT = new Set([2391, 2390, 2389, 1249, 1108]);
/**
 * `noImplicitAny`'s errors: a declaration without a type annotation whose type nothing gives
 * (a parameter, variable, member, binding element or rest parameter "implicitly has an 'any'
 * type", TS7005, TS7006, TS7008, TS7019, TS7031, TS7034; a function or expression whose return
 * type refers to itself, TS7010, TS7011, TS7022, TS7023, TS7024), and `noImplicitThis`'s
 * "'this' implicitly has type 'any'" (TS2683: a function using `this` without a `this:`
 * parameter, a method written as a function). They say only that the excerpt
 * leaves a type out — typically a callback's parameter whose type the call it is passed to would
 * give, in the larger program the fence is cut from — never that what it writes contradicts the
 * repository's code: the excerpt's missing context, counted, not reported.
 */
const MISSING_ANNOTATION = new Set([2683, 7005, 7006, 7008, 7010, 7011, 7019, 7022, 7023, 7024, 7031, 7034]);
/**
 * "Cannot find name 'x'. Did you mean 'y'?": a misspelling of the fence's own `y` (one it declares
 * or imports) contradicts what the fence itself writes, and is reported. Otherwise — `y` a global
 * of the libraries (`open` for `openai`) or `x` a name the repository's code declares — the
 * fence uses a name it never declares or imports, as {@link UNDECLARED_NAME}.
 */
const SIMILAR_NAME = 2552;
/** The name a "did you mean" suggests. */
const SUGGESTED = /Did you mean '([^']+)'/;
/**
 * "Property 'x' does not exist on type 'Y'" (with or without "did you mean"): reported, unless
 * `Y` extends a class or interface the fence never declares or imports, whose members the gate
 * cannot know.
 */
const MISSING_PROPERTY = new Set([2339, 2551]);
/**
 * "This member cannot have an 'override' modifier because its containing class does not extend
 * another class" (TS4112) on a class that has an `extends` clause: its base did not resolve (a
 * name the fence never declares or imports, or a class of a package that is not installed), so
 * the override is of a member the gate cannot see.
 */
const OVERRIDE_WITHOUT_BASE = 4112;
/**
 * A name declared twice in one fence: "Cannot redeclare block-scoped variable" (TS2451),
 * "Duplicate function implementation" (TS2393), "Duplicate identifier" (TS2300). Each fence is its
 * own module, so the two declarations are the fence's own: an example showing alternatives one
 * after another (`// ✅ Correct` … `// ❌ Wrong`, before and after a migration), as unreachable
 * code is. Nothing in it contradicts the repository's code: counted, not reported.
 */
const ALTERNATIVES = new Set([2451, 2393, 2300]);
/**
 * A value compared with a type that does not fit ("Argument of type … is not assignable", TS2345;
 * TS2322; "missing the following properties", TS2739–TS2741; "has no properties in common",
 * TS2559): when the value is an instance of a class whose base the gate cannot see (never
 * declared, or of a package that is not installed), its members are unknown, so the mismatch may
 * be only the gate's: counted.
 */
const NOT_ASSIGNABLE = new Set([2345, 2322, 2739, 2740, 2741, 2559]);
/**
 * Errors a function's elided body causes: "A function whose declared type is neither 'undefined',
 * 'void', nor 'any' must return a value" (TS2355), "Function lacks ending return statement"
 * (TS2366), and an override whose body, left out, returns nothing where its base's returns a value
 * (TS2416, "Property 'onTurn' … is not assignable to the same property in base type"). Counted
 * when the body is elided: only comments, or a comment with `...`/`…` (`// ... other routes`).
 */
const ELIDED_BODY = new Set([2355, 2366, 2416]);
/**
 * "'{' expected" (TS1005) as the checker says it of an accessor without a body (`get size():
 * number;` in a class): a class listing its members' signatures, as {@link EXCERPT}'s TS2391.
 */
const BODILESS_ACCESSOR = 1005;
/**
 * "Property 'x' has no initializer and is not definitely assigned in the constructor" (TS2564) in
 * a class with no constructor: the class lists its members' types, as an API summary lists
 * signatures (`messageId: string;` beside `applyChunk(chunk): ChunkResult;`), and the constructor
 * that assigns them is left out. In a class whose constructor the fence shows, reported.
 */
const UNINITIALIZED_FIELD = 2564;
/** "'error' is of type 'unknown'" (TS18046): of a catch clause's variable, typed by the reader's `useUnknownInCatchVariables`, not by the repository's code. */
const UNKNOWN_VALUE = 18046;

/** The root of an error that is counted rather than reported (findings are indexed from 0). */
const COUNTED = -1;

/** What {@link checkFences} found. */
export interface FenceCheck {
  readonly findings: Finding[];
  /** Imports of packages that could not be resolved because nothing is installed: not findings. */
  readonly notInstalled: number;
  /** Fences with at least one finding. */
  readonly failing: readonly TsFence[];
  /**
   * Fences that use names they never declare or import, properties of a base they never declare,
   * `this` outside a class or function, list signatures, show a function's body, or parse only as
   * an excerpt (see `excerptSyntaxError`): fragments, whose such errors are not reported.
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
 * nor imports (also where TypeScript suggests a similar one, if the name is one of `codeNames`,
 * those the repository's code declares), a property of a type whose base it never declares,
 * `this` outside any class or non-arrow function (a method body's excerpt), or a function
 * signature without a body makes it a fragment, and so does a declaration whose type it leaves
 * out (`noImplicitAny`'s errors, {@link MISSING_ANNOTATION}): that error is counted, not reported; its other
 * errors are. So is an error naming a global that the libraries the program loads lack
 * (`console` without `dom` or Node's types). Of a fence that does not parse, only one syntax
 * error is reported, unless it parses as an excerpt (its elisions and trailing unopened closers
 * removed, as the body of a function or class, an object type or an expression): then it is a
 * fragment too.
 */
export function checkFences(program: ts.Program | undefined, fences: readonly TsFence[], installed: (folder: string) => boolean, codeNames: ReadonlySet<string>): FenceCheck {
  const findings: Finding[] = [];
  const failing: TsFence[] = [];
  let notInstalled = 0;
  let fragments = 0;
  let libraryGaps = 0;
  const missingGlobals = new Set<string>();
  const result = (): FenceCheck => ({ findings, notInstalled, failing, fragments, libraryGaps, missingGlobals: [...missingGlobals].sort() });
  if (program === undefined) return result();
  const checker = program.getTypeChecker();
  for (const fence of fences) {
    const source = fence.optOut === undefined ? program.getSourceFile(fence.virtualPath) : undefined;
    if (source === undefined) continue;
    // A fence that does not parse gets one syntax error only: what the compiler says after it is noise.
    const syntax = program.getSyntacticDiagnostics(source).length > 0 ? excerptSyntaxError(fence.code, source.languageVariant === ts.LanguageVariant.JSX) ?? 'excerpt' : undefined;
    if (syntax === 'excerpt') {
      fragments += 1;
      continue;
    }
    const diagnostics = syntax === undefined ? [...program.getSemanticDiagnostics(source)].sort((a, b) => (a.start ?? 0) - (b.start ?? 0)) : [syntax];
    const before = findings.length;
    let fragment = false;
    // A root is the index of the finding an error follows from, or COUNTED for an error not reported.
    const cascades = new FenceCascades<number>(checker, source);
    const followers = new Map<number, number>();
    for (const diagnostic of diagnostics) {
      if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      const start = diagnostic.start ?? 0;
      if (MODULE_NOT_FOUND.has(diagnostic.code) && isPackageImport(QUOTED.exec(message)?.[1]) && !installed(dirname(fence.virtualPath))) {
        notInstalled += 1;
        cascades.follow(start, COUNTED);
        continue;
      }
      const gap = LIBRARY_GAP.get(diagnostic.code);
      if (gap !== undefined) {
        libraryGaps += 1;
        const name = gap.exec(message)?.[1];
        if (name !== undefined) missingGlobals.add(name);
        cascades.follow(start, COUNTED);
        continue;
      }
      const declaredElsewhere = diagnostic.code === SIMILAR_NAME && (codeNames.has(QUOTED.exec(message)?.[1] ?? '') || !declares(source, SUGGESTED.exec(message)?.[1] ?? ''));
      const node = innermostAt(source, start);
      const readersFile = RELATIVE_NOT_FOUND.has(diagnostic.code) && ts.isStringLiteralLike(node) && namesReadersFile(node.text, dirname(fence.virtualPath));
      const ofUnknownBase =
        (MISSING_PROPERTY.has(diagnostic.code) && extendsUndeclared(checker, node)) ||
        usesDeprecatedGlobal(program, source, node) ||
        (diagnostic.code === OVERRIDE_WITHOUT_BASE && hasExtendsClause(node)) ||
        (NOT_ASSIGNABLE.has(diagnostic.code) && assignsUnknownInstance(checker, spanning(source, node, start + (diagnostic.length ?? 0))));
      const signatureAsValue = NOT_ASSIGNABLE.has(diagnostic.code) && writesSignature(valueAt(spanning(source, node, start + (diagnostic.length ?? 0))));
      const signature = syntax === undefined && diagnostic.code === BODILESS_ACCESSOR && ts.findAncestor(node, ts.isAccessor)?.body === undefined;
      const leftOut =
        signature ||
        signatureAsValue ||
        (diagnostic.code === UNINITIALIZED_FIELD && ts.findAncestor(node, ts.isClassLike)?.members.some(ts.isConstructorDeclaration) === false) || (ELIDED_BODY.has(diagnostic.code) && hasElidedBody(source, node)) || (diagnostic.code === UNKNOWN_VALUE && isCatchVariable(checker, node));
      if (UNDECLARED_NAME.has(diagnostic.code) || EXCERPT.has(diagnostic.code) || MISSING_ANNOTATION.has(diagnostic.code) || ALTERNATIVES.has(diagnostic.code) || readersFile || leftOut || declaredElsewhere || ofUnknownBase || isUnboundThis(source, node, start)) {
        fragment = true;
        // A name declared twice keeps its value: nothing follows from the second declaration.
        if (syntax === undefined && !ALTERNATIVES.has(diagnostic.code)) cascades.follow(start, COUNTED);
        continue;
      }
      // An error that would be reported but follows from an earlier one belongs to that one: counted with a counted root, else named in its finding.
      const root = syntax === undefined ? cascades.rootOf(start, start + (diagnostic.length ?? 0)) : undefined;
      if (root !== undefined) {
        if (root === COUNTED) fragment = true;
        else followers.set(root, (followers.get(root) ?? 0) + 1);
        cascades.follow(start, root);
        continue;
      }
      const at = source.getLineAndCharacterOfPosition(start);
      if (syntax === undefined) cascades.follow(start, findings.length);
      findings.push({ rule: 'fence-typecheck', file: fence.file, line: fence.line + at.line, column: fence.indent + at.character + 1, message: `TS${diagnostic.code}: ${message}` });
    }
    for (const [index, count] of followers) {
      const finding = findings[index];
      if (finding !== undefined) findings[index] = { ...finding, message: `${finding.message} (${count} later error${count === 1 ? '' : 's'} of this fence follow${count === 1 ? 's' : ''} from it, not reported)` };
    }
    if (findings.length > before) failing.push(fence);
    if (fragment) fragments += 1;
  }
  return result();
}

/** Whether `node` is a `this` that starts at `position`, outside any class or non-arrow function (a method body's excerpt). */
function isUnboundThis(source: ts.SourceFile, node: ts.Node, position: number): boolean {
  if (node.kind !== ts.SyntaxKind.ThisKeyword || node.getStart(source) !== position) return false;
  return ts.findAncestor(node, (owner) => ts.isClassLike(owner) || (ts.isFunctionLike(owner) && !ts.isArrowFunction(owner))) === undefined;
}

/**
 * Whether a relative import `specifier` of a fence in `folder` names a file of the reader's
 * project rather than of the repository: its first segment (after `./` and `../`) is not in the
 * folder it leads to (`./agents/counter` from docs/, where there is no docs/agents; `./server`,
 * where no such file is). The same rule as a backticked path's (`check-references.ts`): a path
 * is the repository's to check when its first segment is there; `../src/gone` where `src/` is
 * there is stale and reported.
 */
function namesReadersFile(specifier: string, folder: string): boolean {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return false;
  let base = folder;
  for (const segment of specifier.split('/')) {
    if (segment === '.' || segment === '') continue;
    if (segment === '..') base = dirname(base);
    else return !existsSync(join(base, segment));
  }
  return false;
}

/** Whether the class around `node` has an `extends` clause. */
function hasExtendsClause(node: ts.Node): boolean {
  const owner = ts.findAncestor(node, ts.isClassLike);
  return owner?.heritageClauses?.some((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword) ?? false;
}

/**
 * Whether `name`, the name of a property access, is looked up on a type whose class or interface
 * extends (itself or through its bases) one whose name does not resolve, or one imported from a
 * module that does not resolve (a package that is not installed: `DurableObject` of
 * `cloudflare:workers`), whose members the gate cannot know. A base that is a value rather than a
 * class (a mixin's result: `const VoiceAgent = withVoice(Agent)`, `extends withVoice(Agent)`) is
 * followed to the instance types its construct signatures return.
 */
function extendsUndeclared(checker: ts.TypeChecker, name: ts.Node): boolean {
  if (!ts.isPropertyAccessExpression(name.parent) || name.parent.name !== name) return false;
  return hasUnseenBase(checker, checker.getApparentType(checker.getTypeAtLocation(name.parent.expression)));
}

/** Whether `type` is, or is an instance of a class or interface extending (through its bases), one the gate cannot see. */
function hasUnseenBase(checker: ts.TypeChecker, type: ts.Type): boolean {
  const seen = new Set<ts.Symbol | ts.Type>();
  const visitType = (type: ts.Type): boolean => {
    if (type.flags & ts.TypeFlags.Any) return true;
    if (seen.has(type)) return false;
    seen.add(type);
    return type.isUnionOrIntersection() ? type.types.some(visitType) : visit(type.getSymbol());
  };
  const visitBase = (base: ts.ExpressionWithTypeArguments): boolean => {
    const found = checker.getSymbolAtLocation(base.expression);
    const target = found !== undefined && found.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(found) : found;
    const declarations = target?.getDeclarations() ?? [];
    if (target !== undefined && declarations.length === 0) return true;
    if (declarations.some((declaration) => ts.isClassLike(declaration) || ts.isInterfaceDeclaration(declaration))) return visit(target);
    const constructor = checker.getTypeAtLocation(base.expression);
    return (constructor.flags & ts.TypeFlags.Any) !== 0 || constructor.getConstructSignatures().some((signature) => visitType(signature.getReturnType()));
  };
  const visit = (symbol: ts.Symbol | undefined): boolean => {
    if (symbol === undefined || seen.has(symbol)) return false;
    seen.add(symbol);
    const declarations = symbol.getDeclarations()?.filter((declaration) => ts.isClassLike(declaration) || ts.isInterfaceDeclaration(declaration)) ?? [];
    return declarations.some((declaration) => declaration.heritageClauses?.some((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword && clause.types.some(visitBase)) ?? false);
  };
  // Only a type that has bases is asked about: `any` itself is not an instance of anything unseen.
  return !(type.flags & ts.TypeFlags.Any) && visitType(type);
}

/** The outermost of `node` and its ancestors that starts where it does and ends by `end` (the node a diagnostic's span covers). */
function spanning(source: ts.SourceFile, node: ts.Node, end: number): ts.Node {
  let outer = node;
  while (outer.parent !== undefined && !ts.isSourceFile(outer.parent) && outer.parent.getStart(source) === node.getStart(source) && outer.parent.end <= end) outer = outer.parent;
  return outer;
}

/** The value at `node`: an argument, or what is assigned to a property or variable named there. */
function valueAt(node: ts.Node): ts.Node | undefined {
  const parent = node.parent;
  return ts.isShorthandPropertyAssignment(node)
    ? node.name
    : parent !== undefined && (ts.isPropertyAssignment(parent) || ts.isVariableDeclaration(parent)) && parent.name === node
      ? parent.initializer
      : parent !== undefined && ts.isShorthandPropertyAssignment(parent)
        ? parent.name
        : node;
}

/** Whether the value at `node` is an instance of a class whose base the gate cannot see (see {@link hasUnseenBase}). */
function assignsUnknownInstance(checker: ts.TypeChecker, node: ts.Node): boolean {
  const value = valueAt(node);
  return value !== undefined && ts.isExpression(value) && hasUnseenBase(checker, checker.getApparentType(checker.getTypeAtLocation(value)));
}

/**
 * Whether `value` is a signature written where a value goes: an arrow function whose body is a
 * type (`summarize: (prompt: string) => Promise<string>`, an instantiation expression), as an
 * options list documents each option's type. The mismatch it causes is the notation's, not the
 * repository's code's.
 */
function writesSignature(value: ts.Node | undefined): boolean {
  return value !== undefined && ts.isArrowFunction(value) && ts.isExpressionWithTypeArguments(value.body);
}

/**
 * Whether `node` is, or is a property read from, a name the fence never declares or imports that
 * a library declares only as a deprecated global variable (the DOM's `event`, `name`): no example
 * means those, so the fence uses a name of the program it is cut from (`event.payload` of a
 * workflow's event), as {@link UNDECLARED_NAME}.
 */
function usesDeprecatedGlobal(program: ts.Program, source: ts.SourceFile, node: ts.Node): boolean {
  let object: ts.Node = node;
  while (object.parent !== undefined && ts.isPropertyAccessExpression(object.parent) && object.parent.name === object) object = object.parent.expression;
  while (ts.isPropertyAccessExpression(object)) object = object.expression;
  if (!ts.isIdentifier(object) || declares(source, object.text)) return false;
  const declarations = program.getTypeChecker().getSymbolAtLocation(object)?.getDeclarations() ?? [];
  return (
    declarations.length > 0 &&
    declarations.every((declaration) => ts.isVariableDeclaration(declaration) && program.isSourceFileDefaultLibrary(declaration.getSourceFile()) && ts.getJSDocDeprecatedTag(declaration.parent.parent) !== undefined)
  );
}

/** Whether the function or method at `node` has an elided body: only comments, or a comment with `...`/`…`. */
function hasElidedBody(source: ts.SourceFile, node: ts.Node): boolean {
  const owner = ts.findAncestor(node, (candidate) => ts.isFunctionLike(candidate) && 'body' in candidate && candidate.body !== undefined) as ts.FunctionLikeDeclaration | undefined;
  const body = owner?.body;
  if (body === undefined || !ts.isBlock(body)) return false;
  const text = source.text.slice(body.getStart(source), body.end);
  const comments = text.match(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g) ?? [];
  return (body.statements.length === 0 && comments.length > 0) || comments.some((comment) => /\.\.\.|…/.test(comment));
}

/** Whether `node` is a catch clause's variable (or a use of one). */
function isCatchVariable(checker: ts.TypeChecker, node: ts.Node): boolean {
  const declarations = checker.getSymbolAtLocation(node)?.getDeclarations() ?? [];
  return declarations.length > 0 && declarations.every((declaration) => ts.isVariableDeclaration(declaration) && ts.isCatchClause(declaration.parent));
}

/** Whether `source` declares or imports `name` (a variable, function, class, parameter, type, enum or import binding of that name). */
function declares(source: ts.SourceFile, name: string): boolean {
  const visit = (node: ts.Node): boolean =>
    (ts.isIdentifier(node) && node.text === name && DECLARATION_KINDS.has(node.parent.kind) && (node.parent as ts.NamedDeclaration).name === node) || (node.forEachChild(visit) ?? false);
  return name !== '' && visit(source);
}

const DECLARATION_KINDS = new Set([
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.Parameter,
  ts.SyntaxKind.BindingElement,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.ImportSpecifier,
  ts.SyntaxKind.ImportClause,
  ts.SyntaxKind.NamespaceImport,
  ts.SyntaxKind.ImportEqualsDeclaration,
]);

function isPackageImport(specifier: string | undefined): boolean {
  return specifier !== undefined && !specifier.startsWith('.') && !specifier.startsWith('/');
}
