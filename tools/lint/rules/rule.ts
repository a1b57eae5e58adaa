/**
 * The shape of an identity-lint rule: metadata for the docs and the SARIF driver, and a visitor
 * that the single-pass walker calls for the syntax kinds it asks for.
 */
import type { ts } from 'ts-morph';
import type { IdentityKind, ResolvedVocabulary } from '../_internals/identity-names.js';
import type { Repositories } from '../_internals/repository-root.js';

/**
 * One thing a candidate finding asks the type checker, about the declaration whose name starts at
 * offset `at` of the file (plain data, so the lint cache can keep candidates). `role` says what
 * the declaration stands for in the shape:
 * - `agent-object`: the "agent" beside a session id — a lifecycle object only if its type carries
 *   an id of its own (else a persona, definition or factory: no finding);
 * - `session-object`: the session beside an agent id — the agent's session, or another kind
 *   (terminal, sandbox, browser, vendor API…: no finding);
 * - `home`: the object a class's second id field could be derived from — it must be required and
 *   carry the id (`flow` names the property when the field is assigned from it);
 * - `agent-id` / `session-id`: an id — typed by an identity type (`AgentId`, a brand), a plain
 *   string (the checker cannot tell), or an id of another kind of session (no finding);
 * - `id-type`: a distinct agent-id type — a finding only where its package also has `SessionId`;
 * - `inherited`: a type whose bases are declared in other files — the checker finds the pair it
 *   inherits (the message's `{pair}` and `{agent}` are filled in), whatever else is in the run;
 * - `agent-with-own-id`: an agent whose session's id is read — a second name only if the agent's
 *   own `id` is typed as an agent id (`AgentId`), not as the session id.
 */
export interface Question {
  readonly at: number;
  readonly name: string;
  readonly role: 'agent-object' | 'session-object' | 'home' | 'agent-id' | 'session-id' | 'id-type' | 'inherited' | 'agent-with-own-id';
  /** The file of the declaration when it is not the finding's file (an inherited member), relative to the working directory. */
  readonly file?: string;
  /** For a plain parameter (`agent-id`, `session-id`): its position, to read the function's call sites. */
  readonly index?: number;
  /** For `home`: the property of the home the field was assigned from (`this.id = session.sessionId`). */
  readonly flow?: string;
  /** For `inherited`: the base names, and the side the type's own members lack. */
  readonly bases?: readonly string[];
  readonly missing?: 'agent' | 'session';
}

/** What the type checker made of a candidate; a refuted candidate is dropped. */
export interface Confirmation {
  readonly status: 'confirmed' | 'unknown';
  /** Why the checker could not tell, for `unknown`; for a plain-string pair `confirmed` by the package's code, the evidence. */
  readonly reason?: string;
}

/** A finding before suppressions, baseline and fingerprints are applied. */
export interface RawFinding {
  readonly ruleId: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly symbol: string;
  readonly message: string;
  /** For type-aware rules: what the checker is asked before the candidate becomes a finding. */
  readonly questions?: readonly Question[];
  /**
   * A fix suggestion appended to the message only when the checker shows the property it names
   * exists; `{id}` stands for that property (`get sessionId() { return this.session.{id}; }`).
   */
  readonly fix?: string;
  /**
   * The one mode this candidate belongs to: a cross-file shape resolved by name over the run is
   * `syntactic` only; the same shape resolved by the type checker is `type-aware` only.
   */
  readonly only?: 'syntactic' | 'type-aware';
  /**
   * Set by the confirmation step (absent with `--syntactic` and for syntactic rules); a rule sets
   * it beforehand, with empty `questions`, for a candidate no type can settle (a schema's fields).
   */
  readonly confirmation?: Confirmation;
  /**
   * For a candidate whose names and types cannot tell one lifecycle from a persona's many
   * sessions (a schema's fields, a map named or typed as a translation, an agent-id type): the
   * agent id's and the session id's names, for the confirmation step to decide the pair by how
   * the package builds the two ids, as it does for plain-string members — confirmed by code that
   * mints or builds them together, dropped by code that only opens new sessions for agent ids
   * from elsewhere, unconfirmed otherwise.
   */
  readonly pair?: readonly [agent: string, session: string];
  /**
   * What the declarations alone prove, when they do (`'Map<AgentId, SessionId>' is typed as a
   * translation`): the candidate is then an error without further evidence, unless the checker
   * refutes it or the package's code shows the agent id used apart from this session (a warning).
   */
  readonly proof?: string;
  /**
   * The property names a value of the candidate's type may have (a type without bases: its own):
   * the confirmation step reads an object literal as evidence about this type only when every key
   * of the literal is among them — a literal with another key cannot be a value of the type.
   */
  readonly members?: readonly string[];
}

/**
 * The pair to ask the lifecycle evidence about when a candidate names no ids of its own (a map
 * typed or named as a translation, an agent-id type, a `Session` object): the package's agent ids
 * and session ids by their usual names, in any spelling.
 */
export const USUAL_PAIR: readonly [agent: string, session: string] = ['agentId', 'sessionId'];

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
  /** The run's repositories (roots, packages, module resolvers), for what a rule reads of other modules. */
  readonly repositories: Repositories;
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
  /**
   * `syntactic`: decided from the parse tree alone. `type-aware`: its candidates carry
   * {@link Question}s that the type checker answers (skipped with `--syntactic`).
   */
  readonly mode: 'syntactic' | 'type-aware';
  /** JSON Schemas of the options the rule reads from its configuration entry, by option name. */
  readonly options: Readonly<Record<string, object>>;
  start(run: RuleRunContext): RuleVisitor;
}
