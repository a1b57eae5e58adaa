/**
 * The identity lint's one decision stage: `decide(facts)` reads what the code shows about a
 * candidate (its {@link Facts}, gathered by the confirmation step) through one table and returns
 * its level — error, warning or dropped — with the table row that decided it and the reason
 * reported in the message. Each row cites the sentence of docs/contract.md §6 it applies; the
 * rules README (docs/rules/README.md, "Decision table") shows the same rows.
 */
import type { Confirmation } from '../rules/rule.js';

/**
 * What the rules' claim is about, as far as the table tells claims apart: two ids (`id-pair`), an
 * agent id beside a session object (`id-beside-session`), a distinct agent-id type (`id-type`),
 * or a claim about objects the checker reads otherwise (`objects`: an agent object, a class's
 * home).
 */
export type Shape = 'id-pair' | 'id-beside-session' | 'id-type' | 'objects';

/**
 * Why the code shows a candidate is not the shape; each is a row of the table:
 * - `other-agent`: the agent id names another agent than the lifecycle's (a teammate, the current one);
 * - `other-session`: the session is another kind, by the id's name, its type or its holder's name;
 * - `wire`: a wire-local id or a wire, remote or protocol object;
 * - `wire-context`: both ids sit in code named for the wire or a remote run;
 * - `kinds`: the id is a fixed list of literals — kinds of agent, not minted identities;
 * - `optional-home`: the object a class's second id could be derived from is optional;
 * - `hosts-agents`: the session holds several agents (or their ids);
 * - `no-own-id`: the object carries no id of its own — a persona, definition or factory;
 * - `keyed-by-name`: the agent's `id` is made from its name — a configured agent;
 * - `vendor-type`: the object's type comes from a dependency — a vendor's agent or session;
 * - `no-session-type`: an agent-id type whose package names no session id beside it;
 * - `not-inherited`: a type's bases in other files do not complete the pair (or a base carries both, reported there);
 * - `one-identity`: the agent's own id is typed as the session id — reading either is the one identity.
 */
export type Refutation =
  | 'other-agent'
  | 'other-session'
  | 'wire'
  | 'wire-context'
  | 'kinds'
  | 'optional-home'
  | 'hosts-agents'
  | 'no-own-id'
  | 'keyed-by-name'
  | 'vendor-type'
  | 'no-session-type'
  | 'not-inherited'
  | 'one-identity';

/** What the package's code says of the pair (see `lifecycle-evidence.ts`), each with its site. */
export interface LifecycleFacts {
  /** Where it mints both, builds one from the other or reads both from one object (one lifecycle). */
  readonly together?: string;
  /** Where it mints the session id for an agent id taken from elsewhere (one agent, many sessions). */
  readonly apart?: string;
}

/** What the code shows about one candidate: the table's input. */
export interface Facts {
  readonly shape: Shape;
  /** The first thing the code shows against the claim, if any. */
  readonly refuted?: Refutation;
  /** The rule's own level, for a claim no type can settle (a schema's fields, a name-only reading). */
  readonly settled?: Confirmation;
  /** Why the checker could not tell, when one of the declarations' types did not resolve. */
  readonly unresolved?: string;
  /** What the rule's declarations alone prove (`'Map<AgentId, SessionId>' is typed as a translation`). */
  readonly proof?: string;
  /** Whether the checker confirmed every declaration the claim names as typed for its side. */
  readonly typed: boolean;
  /** The names the claim's declarations have, in the order of its roles (the agent side first). */
  readonly names: readonly string[];
  /** The pair's names as the message says them, when the claim names two ids. */
  readonly pair?: readonly [agent: string, session: string];
  /** The package's lifecycle evidence about `pair`; read only when a row asks (it reads the package). */
  readonly lifecycle: () => LifecycleFacts;
}

/** The level a candidate ends at. */
export type Level = 'error' | 'warning' | 'dropped';

/** The table's answer for one candidate. */
export interface Decision {
  readonly level: Level;
  /** The id of the row that decided. */
  readonly row: string;
  /** Why, as the message's `(Confirmed: …)` or `(Unconfirmed: …)` says it; for `dropped`, the refutation. */
  readonly reason?: string;
}

/** One row of the decision table. */
export interface DecisionRow {
  readonly id: string;
  /** The facts it applies to, in words (for the rules README). */
  readonly when: string;
  readonly level: Level;
  /** The sentence of docs/contract.md §6 it applies, verbatim. */
  readonly cites: string;
  /** Whether the row applies; rows are tried in order and the first that applies decides. */
  readonly applies: (facts: Facts) => boolean;
  readonly reason?: (facts: Facts) => string | undefined;
}

const LIFECYCLE = 'The shapes are about *one lifecycle*.';
const PERSONA = 'an "agent" that holds many sessions over its life, with or without an id of its own — a registered worker, a configured agent name —, an agent factory, a vendor\'s remote agent';
const OTHER_SESSION = "another kind of session (a terminal/PTY session, a vendor API session, an HTTP or MCP transport session — shown by the id's name, its holder's name or where its value comes from)";
const WIRE_LOCAL = "a remote run's parent-minted id beside its private wire-local id";
const TOGETHER = 'minted in the same creation as the agent or session and filed one-to-one with it (two mints for one creation), built from the agent or session id or building it (derivation), or standing in for it';
const CANNOT_TELL = 'It says where it cannot tell.';

/** A row that drops the claims `refutation` applies to. */
function refutedBy(refutation: Refutation, when: string, cites: string): DecisionRow {
  return { id: `dropped:${refutation}`, when, level: 'dropped', cites, applies: (facts) => facts.refuted === refutation, reason: () => when };
}

/** What the declarations prove for the claim's shape when the checker confirmed each one's type. */
function typedProof(facts: Facts): string | undefined {
  if (!facts.typed) return undefined;
  const [named, sessionName] = facts.names;
  if (facts.shape === 'id-pair') return `'${named}' and '${sessionName}' are typed as two identities`;
  if (facts.shape === 'id-beside-session') return `'${named}' is an agent id beside a session object that carries its own id`;
  if (facts.shape === 'id-type') return `'${named}' is a second id type in a package whose code names session ids`;
  return undefined;
}

/** The part of a reason that names the pair, or what the declarations prove. */
function subject(facts: Facts): string {
  const [agent, session] = (facts.pair ?? ['', '']).map((side) => side.split('.').pop() ?? side);
  return facts.proof ?? typedProof(facts) ?? `only names relate '${agent}' and '${session}'`;
}

/** The decision table, in the order its rows are tried. */
export const DECISION_TABLE: readonly DecisionRow[] = [
  refutedBy('not-inherited', "a type's bases in other files do not complete the pair, or a base carries both (reported there)", 'an input type (interface, type literal, class options) with both an agent-id and a session-id member'),
  refutedBy('other-agent', 'the agent id names another agent than the lifecycle\'s (a teammate, a peer, the current or selected one)', LIFECYCLE),
  refutedBy('other-session', "the session is another kind: by the id's name, its type, or its holder's name (`McpHttpClient.sessionId`)", OTHER_SESSION),
  refutedBy('wire', 'a wire-local id, or an object typed for the wire, a remote or a protocol', WIRE_LOCAL),
  refutedBy('kinds', 'the id is a fixed list of literals (kinds of agent, not minted identities)', PERSONA),
  refutedBy('optional-home', 'the object the second id could be derived from is optional', 'a class holding the same identity twice (an `id` field or constructor property next to `header.id`)'),
  refutedBy('hosts-agents', 'the session holds several agents or their ids (many agents, one session)', LIFECYCLE),
  refutedBy('no-own-id', 'the agent or session object carries no id of its own (a persona, definition or factory)', 'a lifecycle object (an agent or session object that carries an id of its own)'),
  refutedBy('keyed-by-name', "the agent's `id` is made from its name (a configured agent)", PERSONA),
  refutedBy('vendor-type', "the object's type comes from a dependency (a vendor's agent or session)", PERSONA),
  refutedBy('no-session-type', 'the agent-id type is used where its package names no session id', 'a distinct agent-id brand/alias type for objects that are keyed by `SessionId`'),
  refutedBy('one-identity', "the agent's own id is typed as its session's id, so reading the session's id names it by its one identity", 'two identities for one lifecycle'),
  refutedBy('wire-context', 'both ids sit in code named for the wire, a remote or a protocol', WIRE_LOCAL),
  {
    id: 'settled-by-rule',
    when: 'the rule settled the level itself (a claim no type can settle)',
    level: 'warning',
    cites: CANNOT_TELL,
    applies: (facts) => facts.settled?.status === 'unknown',
    reason: (facts) => facts.settled?.reason,
  },
  {
    id: 'confirmed-by-rule',
    when: 'the rule confirmed the claim from the declarations (a branded schema, a syntactic shape)',
    level: 'error',
    cites: 'Schema declarations (e.g. zod objects) count as types.',
    applies: (facts) => facts.settled?.status === 'confirmed',
    reason: (facts) => facts.settled?.reason,
  },
  {
    id: 'dropped:persona',
    when: 'the package opens new sessions for an agent id from elsewhere and nowhere builds the two together',
    level: 'dropped',
    cites: PERSONA,
    applies: (facts) => facts.pair !== undefined && facts.lifecycle().apart !== undefined && facts.lifecycle().together === undefined,
    reason: (facts) => facts.lifecycle().apart,
  },
  {
    id: 'error:together',
    when: 'the package mints both for one creation, builds one from the other, or reads both from one object',
    level: 'error',
    cites: TOGETHER,
    applies: (facts) => facts.pair !== undefined && facts.lifecycle().together !== undefined && facts.lifecycle().apart === undefined,
    reason: (facts) => `${facts.lifecycle().together ?? ''}, so they name one lifecycle`,
  },
  {
    id: 'warning:together-and-apart',
    when: 'the package both builds them together and opens sessions for an agent id from elsewhere',
    level: 'warning',
    cites: CANNOT_TELL,
    applies: (facts) => facts.pair !== undefined && facts.lifecycle().apart !== undefined,
    reason: (facts) => `${subject(facts)}, and ${facts.lifecycle().apart ?? ''} (one agent, many sessions) while ${facts.lifecycle().together ?? ''} (one lifecycle)`,
  },
  {
    id: 'warning:unresolved',
    when: "a declaration's type did not resolve (an unresolved import, `any`)",
    level: 'warning',
    cites: CANNOT_TELL,
    applies: (facts) => facts.unresolved !== undefined,
    reason: (facts) => facts.unresolved,
  },
  {
    id: 'error:declared',
    when: "the rule's declarations prove the shape (a map typed between the two identities, a session id stored beside the agent object that carries it)",
    level: 'error',
    cites: "a translation map between them (a `Map`/`WeakMap`/`Record` keyed by one and valued by the other",
    applies: (facts) => facts.proof !== undefined,
    reason: (facts) => facts.proof,
  },
  {
    id: 'error:typed-pair',
    when: 'shape `id-pair`: both ids typed as identities (`AgentId` beside `SessionId`, brands, aliases)',
    level: 'error',
    cites: 'when its type says so (`AgentId`, `SessionId`, or the `id` of a value typed as the agent or the session, whatever the variable is called)',
    applies: (facts) => facts.shape === 'id-pair' && typedProof(facts) !== undefined,
    reason: typedProof,
  },
  {
    id: 'error:typed-beside-session',
    when: 'shape `id-beside-session`: an agent id beside a session object that carries its own id',
    level: 'error',
    cites: 'including an agent-id parameter beside a `Session` object',
    applies: (facts) => facts.shape === 'id-beside-session' && typedProof(facts) !== undefined,
    reason: typedProof,
  },
  {
    id: 'error:typed-id-type',
    when: 'shape `id-type`: a second id type in a package with a `SessionId` type',
    level: 'error',
    cites: 'a distinct agent-id brand/alias type for objects that are keyed by `SessionId`',
    applies: (facts) => facts.shape === 'id-type' && typedProof(facts) !== undefined,
    reason: typedProof,
  },
  {
    id: 'warning:names-only',
    when: 'only names relate the two ids, and no code of the package builds them together',
    level: 'warning',
    cites: CANNOT_TELL,
    applies: (facts) => facts.pair !== undefined,
    reason: (facts) => `${subject(facts)}, and no code of this package mints or builds them together, so the type checker cannot tell one lifecycle from a persona used by many sessions`,
  },
  {
    id: 'error:objects',
    when: 'the checker confirmed every object the claim names (a lifecycle object, a required home carrying the id)',
    level: 'error',
    cites: 'a lifecycle object (an agent or session object that carries an id of its own)',
    applies: () => true,
  },
];

/** The level of a candidate with `facts`: the first row of {@link DECISION_TABLE} that applies. */
export function decide(facts: Facts): Decision {
  for (const row of DECISION_TABLE) {
    if (!row.applies(facts)) continue;
    const reason = row.reason?.(facts);
    return reason === undefined ? { level: row.level, row: row.id } : { level: row.level, row: row.id, reason };
  }
  // The last row applies to everything.
  throw new Error('decide: no row of the decision table applied');
}

/** The confirmation a kept decision gives the finding (`error`: confirmed; `warning`: unknown, saying why). */
export function confirmationOf(decision: Decision): Confirmation {
  const status = decision.level === 'error' ? 'confirmed' : 'unknown';
  return decision.reason === undefined ? { status } : { status, reason: decision.reason };
}

/**
 * The severity a finding is reported at: the rule's configured severity, except that a finding
 * the code could not confirm is a warning when `unconfirmed` is `warning` (the default).
 */
export function severityOf(finding: { readonly confirmation?: Confirmation }, configured: 'error' | 'warning', unconfirmed: 'error' | 'warning' | 'off'): 'error' | 'warning' {
  return finding.confirmation?.status === 'unknown' && unconfirmed === 'warning' ? 'warning' : configured;
}
