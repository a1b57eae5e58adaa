/**
 * The shape of an identity-lint rule: metadata for the docs and the SARIF driver, and a visitor
 * that the single-pass walker calls for the syntax kinds it asks for.
 */
import type { ts } from 'ts-morph';
import type { IdentityKind, ResolvedVocabulary } from '../_internals/identity-names.js';

/** A finding before suppressions, baseline and fingerprints are applied. */
export interface RawFinding {
  readonly ruleId: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly symbol: string;
  readonly message: string;
}

/** What a rule sees of the file being walked. */
export interface FileContext {
  readonly sourceFile: ts.SourceFile;
  /** Path relative to the working directory, `/`-separated. */
  readonly file: string;
  readonly vocabulary: ResolvedVocabulary;
  /** The ancestors of the node being visited, outermost first (the walker does not set parent pointers). */
  readonly ancestors: readonly ts.Node[];
  /** Identity kinds of the type aliases declared at the top level of this file (`type Key = AgentId`). */
  readonly aliasKinds: ReadonlyMap<string, IdentityKind>;
  /** 1-based line and column of a node's first token. */
  position(node: ts.Node): { readonly line: number; readonly column: number };
}

/** A handler for one syntax kind. */
export type NodeHandler = (node: ts.Node, file: FileContext) => void;

/** What a rule does during one lint run. */
export interface RuleVisitor {
  /**
   * Regular-expression sources (matched case-insensitively) of the words without which a piece
   * of code cannot hold this rule's finding; the walker skips subtrees where no rule's trigger
   * occurs. Same-file identity aliases are added by the walker.
   */
  readonly triggers: readonly string[];
  /** Called before a node's children are walked. */
  readonly enter: Partial<Record<ts.SyntaxKind, NodeHandler>>;
  /** Called after a node's children were walked. */
  readonly leave?: Partial<Record<ts.SyntaxKind, NodeHandler>>;
  /** Called once after every file was walked, for rules that resolve across files. */
  readonly finish?: () => void;
  /** For rules with cross-file state: what one walked file contributed, as JSON, for the lint cache. */
  readonly saveFile?: (file: string) => unknown;
  /** Restores what `saveFile` returned, for a file the cache spares from parsing. */
  readonly restoreFile?: (file: string, state: unknown) => void;
}

/** Everything a rule gets for a run. */
export interface RuleRunContext {
  readonly options: Readonly<Record<string, unknown>>;
  report(finding: Omit<RawFinding, 'ruleId'>): void;
}

/** One rule of the identity lint. */
export interface Rule {
  /** Stable id, also the docs page name: `docs/rules/<id>.md`. */
  readonly id: string;
  /** One line: the shape the rule flags. */
  readonly description: string;
  /** Every rule decides from syntax alone, so none needs a type checker. */
  readonly mode: 'syntactic';
  /** JSON Schemas of the options the rule reads from its configuration entry, by option name. */
  readonly options: Readonly<Record<string, object>>;
  start(run: RuleRunContext): RuleVisitor;
}
