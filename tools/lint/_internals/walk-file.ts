/**
 * The single pass over one parsed file: every rule's handlers are dispatched from one walk, so
 * the cost of linting stays one traversal per file whatever the number of rules.
 */
import { ts } from 'ts-morph';
import type { FileContext, NodeHandler, RuleVisitor } from '../rules/rule.js';
import type { ResolvedVocabulary } from './identity-names.js';
import { collectAliasKinds } from './syntax.js';

/** Handlers of all rules, indexed by syntax kind, built once per run. */
export interface Dispatch {
  readonly enter: ReadonlyArray<readonly NodeHandler[] | undefined>;
  readonly leave: ReadonlyArray<readonly NodeHandler[] | undefined>;
}

/** Indexes the visitors' handlers by syntax kind. */
export function buildDispatch(visitors: readonly RuleVisitor[]): Dispatch {
  const enter: NodeHandler[][] = [];
  const leave: NodeHandler[][] = [];
  const add = (table: NodeHandler[][], handlers: Partial<Record<ts.SyntaxKind, NodeHandler>> | undefined): void => {
    for (const [kind, handler] of Object.entries(handlers ?? {})) {
      if (handler === undefined) continue;
      (table[Number(kind)] ??= []).push(handler);
    }
  };
  for (const visitor of visitors) {
    add(enter, visitor.enter);
    add(leave, visitor.leave);
  }
  return { enter, leave };
}

/**
 * Text without any of these words cannot hold a finding inside the file: every shape names an
 * agent or a session, or (for `duplicate-identity` and `id-text-parsing`) a header, parent or child.
 */
const IDENTITY_TEXT = /agent|session|header|parent|child/i;

/** A top-level declaration that may still complete a two-identity shape through its bases. */
function inherits(statement: ts.Statement): boolean {
  if (ts.isInterfaceDeclaration(statement) || ts.isClassDeclaration(statement)) return statement.heritageClauses !== undefined;
  return ts.isTypeAliasDeclaration(statement) && ts.isIntersectionTypeNode(statement.type);
}

/**
 * Walks `sourceFile` once, calling the dispatched handlers with a context that tracks ancestors.
 * A file whose text names no identity at all only has its top-level interfaces, classes and type
 * aliases visited: they can still extend bases from other files that together carry both ids.
 */
export function walkFile(sourceFile: ts.SourceFile, file: string, vocabulary: ResolvedVocabulary, dispatch: Dispatch): void {
  const ancestors: ts.Node[] = [];
  const context: FileContext = {
    sourceFile,
    file,
    vocabulary,
    ancestors,
    aliasKinds: collectAliasKinds(sourceFile),
    position(node) {
      const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
      return { line: line + 1, column: character + 1 };
    },
  };
  const { enter, leave } = dispatch;
  if (!IDENTITY_TEXT.test(sourceFile.text)) {
    for (const statement of sourceFile.statements) {
      if (!inherits(statement)) continue;
      for (const handler of enter[statement.kind] ?? []) handler(statement, context);
    }
    return;
  }
  const visit = (node: ts.Node): void => {
    const before = enter[node.kind];
    if (before !== undefined) for (const handler of before) handler(node, context);
    ancestors.push(node);
    ts.forEachChild(node, visit);
    ancestors.pop();
    const after = leave[node.kind];
    if (after !== undefined) for (const handler of after) handler(node, context);
  };
  ts.forEachChild(sourceFile, visit);
}
