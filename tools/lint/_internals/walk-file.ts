/**
 * The single pass over one parsed file: every rule's handlers are dispatched from one walk, so
 * the cost of linting stays one traversal per file whatever the number of rules.
 *
 * Each rule declares its *triggers*: words without which a piece of code cannot hold one of its
 * findings (`agent`, `session`, an id generator's name…). The walker finds where the triggers of
 * all rules occur in the file's text, once, and does not descend into a subtree whose text has
 * none — which is most of the code of a codebase. A same-file identity alias (`type Key =
 * AgentId`) is a trigger too, and an interface, class or intersection alias with bases is still
 * handed to the rules: its bases may carry the ids.
 */
import { ts } from 'ts-morph';
import type { FileContext, NodeHandler, RuleVisitor } from '../rules/rule.js';
import type { ResolvedVocabulary } from './identity-names.js';
import type { Repositories } from './repository-root.js';
import { collectAliasKinds } from './syntax.js';

/** Handlers of all rules, indexed by syntax kind, and their combined triggers; built once per run. */
export interface Dispatch {
  readonly enter: ReadonlyArray<readonly NodeHandler[] | undefined>;
  readonly leave: ReadonlyArray<readonly NodeHandler[] | undefined>;
  readonly triggers: RegExp;
}

/** Indexes the visitors' handlers by syntax kind and joins their triggers into one pattern. */
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
  const sources = [...new Set(visitors.flatMap((visitor) => visitor.triggers))];
  // With no rule running, nothing triggers (`(?!)` never matches).
  return { enter, leave, triggers: new RegExp(sources.length === 0 ? '(?!)' : sources.join('|'), 'gi') };
}

/** A declaration whose bases (from anywhere) may complete a two-identity shape. */
function inherits(node: ts.Node): boolean {
  if (ts.isInterfaceDeclaration(node) || ts.isClassLike(node)) return node.heritageClauses !== undefined;
  return ts.isTypeAliasDeclaration(node) && ts.isIntersectionTypeNode(node.type);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Sorted start offsets of every trigger (and identity alias name) in `text`. */
function triggerOffsets(text: string, triggers: RegExp, aliases: ReadonlyMap<string, unknown>): number[] {
  const offsets: number[] = [];
  const collect = (pattern: RegExp): void => {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      offsets.push(match.index);
      if (match[0].length === 0) pattern.lastIndex += 1;
    }
  };
  collect(triggers);
  if (aliases.size > 0) {
    collect(new RegExp(`\\b(?:${[...aliases.keys()].map(escape).join('|')})\\b`, 'g'));
    offsets.sort((a, b) => a - b);
  }
  return offsets;
}

/** Walks `sourceFile` once, calling the dispatched handlers with a context that tracks ancestors. */
export function walkFile(sourceFile: ts.SourceFile, file: string, vocabulary: ResolvedVocabulary, dispatch: Dispatch, repositories: Repositories): void {
  const ancestors: ts.Node[] = [];
  const aliasKinds = collectAliasKinds(sourceFile, vocabulary);
  const context: FileContext = {
    sourceFile,
    file,
    vocabulary,
    ancestors,
    aliasKinds,
    repositories,
    position(node) {
      const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
      return { line: line + 1, column: character + 1 };
    },
  };
  const { enter, leave } = dispatch;
  const offsets = triggerOffsets(sourceFile.text, dispatch.triggers, aliasKinds);
  // True when a trigger starts inside [pos, end): binary search over the sorted offsets.
  const triggered = (pos: number, end: number): boolean => {
    let low = 0;
    let high = offsets.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((offsets[middle] as number) < pos) low = middle + 1;
      else high = middle;
    }
    return low < offsets.length && (offsets[low] as number) < end;
  };
  const visit = (node: ts.Node): void => {
    // Tokens, identifiers and literals have no children and no handlers: most nodes stop here.
    if (node.kind < ts.SyntaxKind.FirstNode) return;
    if (!triggered(node.pos, node.end)) {
      if (inherits(node)) for (const handler of enter[node.kind] ?? []) handler(node, context);
      return;
    }
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
