/**
 * The requirement registry: every `AIK-*` id of the one-identity contract (docs/contract.md §5,
 * contract version {@link CONTRACT_VERSION}), with its tier and a one-line statement.
 * `docs/requirements.md` is generated from this module.
 */

/** The contract version this registry describes. */
export const CONTRACT_VERSION = '2026-12';

/**
 * Every contract version an adapter can be written for, oldest first; the last is
 * {@link CONTRACT_VERSION}. An adapter written for an earlier one still runs: the capabilities
 * added since (see {@link CAPABILITY_SINCE}) count as absent.
 */
export const CONTRACT_VERSIONS = ['2026-11', CONTRACT_VERSION] as const;

/** One of {@link CONTRACT_VERSIONS}. */
export type ContractVersion = (typeof CONTRACT_VERSIONS)[number];

/** How a requirement applies (docs/contract.md §5, "Tiers"). */
export type Tier = 'MUST' | 'CAP' | 'PROFILE' | 'STATIC' | 'SHOULD';

/**
 * The optional capabilities an implementation may declare, in the order of `docs/contract.md`;
 * a CAP requirement counts only when its capability is declared. `configHandles`: configured
 * agents have handles of their own (§3 "Config-driven start"); without it they are checked only
 * through lookups, events, shutdown and restart.
 */
export const CAPABILITIES = ['subagents', 'remote', 'bridge', 'rpc', 'consumers', 'contextDispose', 'idSource', 'clock', 'configHandles'] as const;

/** One of {@link CAPABILITIES}. */
export type Capability = (typeof CAPABILITIES)[number];

/** The contract version that added each capability to the adapter surface. */
export const CAPABILITY_SINCE = {
  subagents: '2026-11',
  remote: '2026-11',
  bridge: '2026-11',
  rpc: '2026-11',
  consumers: '2026-11',
  contextDispose: '2026-11',
  idSource: '2026-11',
  clock: '2026-11',
  configHandles: '2026-12',
} as const satisfies { readonly [K in Capability]: ContractVersion };

/** The two profile axes of the contract (AIK-QUIESCE-004, AIK-CONFLICT-003) and their variants, the first being the reference runtime's default. */
export const PROFILES = {
  teardown: ['scope-last', 'scope-first'],
  persistedCreate: ['reject-at-create', 'reject-at-flush'],
} as const;

/** The profile variants an implementation follows, one per axis of {@link PROFILES}. */
export interface Profiles {
  /** AIK-QUIESCE-004: the order of teardown steps. */
  readonly teardown: (typeof PROFILES.teardown)[number];
  /** AIK-CONFLICT-003: what a create over a persisted-but-not-live id does. */
  readonly persistedCreate: (typeof PROFILES.persistedCreate)[number];
}

/** The contract's areas, in the order of docs/contract.md §5. */
export type Area =
  | 'Identity'
  | 'Create and resume'
  | 'Config'
  | 'Transaction and rollback'
  | 'Collision and detach'
  | 'Teardown and quiescence'
  | 'Events'
  | 'Durability'
  | 'Subagents'
  | 'Remote'
  | 'Forwarding and consumers';

/** One requirement of the contract. */
export interface Requirement {
  /** Stable id, `AIK-<AREA>-<NNN>`. */
  readonly id: string;
  readonly area: Area;
  readonly tier: Tier;
  /** For CAP: the capability that makes it apply. */
  readonly capability?: Capability;
  /** For PROFILE: the profile axis and its variants. */
  readonly profile?: { readonly axis: keyof Profiles; readonly variants: readonly string[] };
  /** What it demands, in one line. */
  readonly statement: string;
}

const must = (id: string, area: Area, statement: string): Requirement => ({ id, area, tier: 'MUST', statement });
const cap = (id: string, area: Area, capability: Capability, statement: string): Requirement => ({
  id,
  area,
  tier: 'CAP',
  capability,
  statement,
});

/** Every requirement, in contract order. */
export const REQUIREMENTS: readonly Requirement[] = [
  must('AIK-ID-001', 'Identity', 'A live agent is filed under one key that equals its agent id, its session id and its header id, and the session store holds that very session under the same key.'),
  must('AIK-ID-002', 'Identity', 'The session header is the only home of session identity: session.id is read from it, and a header whose id differs from the id it is created or stored under is refused as invalid.'),
  must('AIK-ID-003', 'Identity', 'Ids are opaque: prefixes, look-alikes of minted ids and any well-formed Unicode text change no outcome.'),
  { id: 'AIK-ID-004', area: 'Identity', tier: 'STATIC', statement: 'No API takes an agent id and a session id as separate inputs, and no map translates one id into the other.' },

  must('AIK-CREATE-001', 'Create and resume', 'create publishes exactly the id it was given and mints nothing else.'),
  must('AIK-CREATE-002', 'Create and resume', 'create on a live id fails with conflict before setup runs, leaving the live pair, its log, the session count and the event stream untouched.'),
  must('AIK-CREATE-003', 'Create and resume', 'Invalid input (empty id, relative cwd, malformed seed) fails with invalid at admission or preparation and leaves nothing behind.'),
  must('AIK-RESUME-001', 'Create and resume', 'resume publishes exactly resumeSessionId.'),
  must('AIK-RESUME-002', 'Create and resume', 'resume of an id that is not persisted fails with not-found and registers nothing; an empty id is invalid, not not-found.'),
  must('AIK-RESUME-003', 'Create and resume', 'resume of a live id fails with conflict before any store read and changes neither the live log nor the stored record.'),
  must('AIK-RESUME-004', 'Create and resume', 'resume keeps the stored header exactly (createdAt, cwd or its absence, parentSession, seedLength, delegationDepth with absent distinct from 0) and the whole history.'),
  must('AIK-RESUME-005', 'Create and resume', 'resume without a durable store fails with invalid at admission, even for a live id.'),

  must('AIK-CONFIG-001', 'Config', 'A config label never keys a registry or the store; a fresh start publishes an id that is not the label, was neither live nor persisted, and differs on every start.'),
  must('AIK-CONFIG-002', 'Config', 'The whole configuration is validated up front and refused as invalid before any entry starts.'),
  must('AIK-CONFIG-003', 'Config', 'An exact sessionId entry resumes if persisted and creates otherwise, under the same id, so a restart resumes the previous start’s history.'),
  must('AIK-CONFIG-004', 'Config', 'Each entry’s failure is contained and reported in entry order; a failed entry leaves nothing registered and the other entries are unaffected.'),

  must('AIK-TXN-001', 'Transaction and rollback', 'Nothing partial is visible: while loading and during setup neither registry holds the creation’s objects and no created event has fired for them.'),
  must('AIK-TXN-002', 'Transaction and rollback', 'session/created precedes agent/created, which precedes agent/session-start, which precedes the handle being returned.'),
  must('AIK-TXN-003', 'Transaction and rollback', 'A failure at any phase rolls the creation back totally and the id is free when the creation settles; create and resume behave alike for the same fault.'),
  must('AIK-TXN-004', 'Transaction and rollback', 'A synchronous throw from a session/created listener vetoes with session/disposed only, one from an agent/created listener with agent/disposed then session/disposed; the creation rejects with the thrown value and the store is unchanged; a throw from agent/session-start is contained.'),
  must('AIK-TXN-005', 'Transaction and rollback', 'An abort before publication rejects with the signal’s reason (an Error as that object, anything else as the cause of an aborted error); an abort after publication leaves the agent alone.'),
  must('AIK-TXN-006', 'Transaction and rollback', 'A non-Error value thrown by setup or a listener reaches the caller unchanged while rollback still completes.'),
  must('AIK-TXN-007', 'Transaction and rollback', 'A dispose, abort, unload or shutdown requested while the created events dispatch is honoured at the next phase boundary: the dispatch finishes, later announcements are suppressed, the creation rolls back and rejects with the matching value.'),

  must('AIK-CONFLICT-001', 'Collision and detach', 'Of N concurrent creations of one fresh id exactly one fulfils and N−1 fail with conflict; the registries hold the winner and the losers emit nothing.'),
  must('AIK-CONFLICT-002', 'Collision and detach', 'A creation that loses the race at the session entry leaves the live entry, its log and what its listeners saw intact.'),
  {
    id: 'AIK-CONFLICT-003',
    area: 'Collision and detach',
    tier: 'PROFILE',
    profile: { axis: 'persistedCreate', variants: ['reject-at-create', 'reject-at-flush'] },
    statement: 'A create over a persisted id that is not live never replaces the stored record: it fails with conflict at preparation, or it is accepted but every flush fails with conflict and nothing of it is written.',
  },
  must('AIK-DETACH-001', 'Collision and detach', 'dispose is idempotent and a stale handle never removes a newer agent filed under the same id.'),
  must('AIK-DETACH-002', 'Collision and detach', 'A teardown of the entry being announced, requested during that announcement, takes effect once the dispatch unwinds, and touches no other entry.'),

  must('AIK-QUIESCE-001', 'Teardown and quiescence', 'Handle dispose, owner unload, shutdown and context dispose share one memoized teardown and all resolve only after it completes.'),
  must('AIK-QUIESCE-002', 'Teardown and quiescence', 'agent/disposed fires after the in-flight turn settled and before session/disposed; at that moment getAgent(id) is empty and getSession(id) still answers.'),
  must('AIK-QUIESCE-003', 'Teardown and quiescence', 'Once dispose resolves, the id can be created or resumed again.'),
  {
    id: 'AIK-QUIESCE-004',
    area: 'Teardown and quiescence',
    tier: 'PROFILE',
    profile: { axis: 'teardown', variants: ['scope-last', 'scope-first'] },
    statement: 'Teardown detaches the agent, then the session, then disposes the scope (scope-last), or disposes the scope with its children first and then detaches (scope-first); cleanups act on the exact object and new turns are refused once teardown began.',
  },
  must('AIK-QUIESCE-005', 'Teardown and quiescence', 'shutdown disposes every live agent, fails pending creations with inactive after their rollback, refuses new ones, and resolves last.'),

  must('AIK-EVENT-001', 'Events', 'For each entry object, disposed events never outnumber created events, neither exceeds one, they are equal once the entry is gone, both carry the same object, and created never follows disposed.'),
  must('AIK-EVENT-002', 'Events', 'No entry object is the subject of two created events of its kind.'),
  must('AIK-EVENT-003', 'Events', 'Listener failures that do not veto, and every returned rejection, are contained and never reach the operation.'),
  must('AIK-EVENT-004', 'Events', 'A scoped listener hears only events of its own agent or session object, also after the id is reused by a newer agent.'),
  must('AIK-EVENT-005', 'Events', 'session/event fires once per event appended after publication, after the append, in seq order; never for seeded history nor for bookkeeping events appended before publication.'),

  must('AIK-DURABLE-001', 'Durability', 'After flush resolves, a restart and resume gives back the header and the flushed history as a prefix.'),
  must('AIK-DURABLE-002', 'Durability', 'When dispose resolves the agent’s issued writes have settled: the id is resumable exactly when it was persisted, and never both resumable and creatable (under reject-at-flush, creatable means a create whose first flush succeeds).'),
  must('AIK-DURABLE-003', 'Durability', 'A creation that rolled back (veto, fault, abort, unload, race) leaves no trace in the durable store.'),

  cap('AIK-SUB-001', 'Subagents', 'subagents', 'An in-process child’s run id, agent id and session id are one id, and exactly one id is minted for it (the id source’s next output where wired).'),
  cap('AIK-SUB-002', 'Subagents', 'subagents', 'A child’s lineage follows the parent: parentSession, inherited cwd, fork seed prefix and seedLength, delegationDepth +1 (monotone across resume), and maxDepth refused before minting.'),
  cap('AIK-SUB-003', 'Subagents', 'subagents', 'Starting a child is its publication: a rejected child leaves no agent, no session and no run events, and only a published, non-disposing parent may spawn.'),
  cap('AIK-SUB-004', 'Subagents', 'subagents', 'A child is owned by its parent, not by the root, and disposing the parent disposes it.'),

  cap('AIK-REMOTE-001', 'Remote', 'remote', 'A remote run’s id is minted by the parent before the child starts and never taken from the wire-local session id, which stays out of every event, lookup and registry.'),
  cap('AIK-REMOTE-002', 'Remote', 'remote', 'A bad reply, a spawn failure or an abort rejects the remote run only after the child process exited, and nothing is published.'),
  cap('AIK-REMOTE-003', 'Remote', 'bridge', 'The ACP bridge serves a record only for the exact agent object it opened it for, never a same-id stranger.'),

  cap('AIK-RPC-001', 'Forwarding and consumers', 'rpc', 'Each accepted subagent run has a runId unique among every run reported over the store’s life (restarts included) and distinct from its id; start and end carry the same runId, provider, id and local, and local is fixed at start.'),
  cap('AIK-RPC-002', 'Forwarding and consumers', 'rpc', 'subagent.finished is forwarded exactly when local is true, with the parent taken from the event subject and no cache of child identity or lineage.'),
  cap('AIK-USE-001', 'Forwarding and consumers', 'consumers', 'Hook payloads carry session_id equal to the agent id, and a background job belongs to the exact agent object that started it.'),
  cap('AIK-USE-002', 'Forwarding and consumers', 'consumers', 'A front end binds to the exact id its configuration entry resolved, never to a prefix, a label or registry order.'),
];

const byId = new Map(REQUIREMENTS.map((requirement) => [requirement.id, requirement]));

/** The requirement with this id, or `undefined`. */
export function requirement(id: string): Requirement | undefined {
  return byId.get(id);
}

/** Whether `id` names a requirement of the registry. */
export function isRequirementId(id: string): boolean {
  return byId.has(id);
}

/** The pattern of a requirement id as it appears in code, tests and scenarios. */
export const REQUIREMENT_ID_PATTERN = /AIK-[A-Z]+-\d{3}/g;
