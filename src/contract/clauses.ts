/**
 * The clause map: every normative clause of the contract (docs/contract.md §2–§5, contract version
 * 2026-12), each under the requirement it belongs to, with the checks that fail when that clause
 * alone is broken. `docs/clause-coverage.md` is generated from this module; a test keeps it honest
 * (every quote is in the contract's named section, every check exists, every audited section is
 * unchanged since the audit).
 */

/** Where a clause is quoted from: a heading of docs/contract.md, as written there (without the `#`s). */
export type ContractSection =
  | '2. Model'
  | 'create({ sessionId, meta?, seed?, setup?, signal? }) → handle'
  | 'resume({ resumeSessionId, setup?, signal? }) → handle'
  | 'Config-driven start: agents[] = { id: label, sessionId?, resumeSessionId?, cwd? }'
  | 'Subagents (in-process)'
  | 'Subagents (remote, ACP child process)'
  | 'ACP bridge (server side)'
  | 'JSON-RPC forwarding'
  | 'Consumers'
  | 'dispose(handle) / context.dispose()'
  | 'flush(handle) — the durability barrier'
  | 'shutdown() / restart()'
  | '4. The creation transaction'
  | 'Identity'
  | 'Create / resume'
  | 'Config'
  | 'Transaction and rollback'
  | 'Collision and detach'
  | 'Teardown and quiescence'
  | 'Events'
  | 'Durability'
  | 'Subagents'
  | 'Remote (ACP)'
  | 'Forwarding (JSON-RPC) and other consumers';

/** One normative clause of the contract. */
export interface Clause {
  /** Stable id: `<requirement>.c<n>`. */
  readonly id: string;
  readonly requirement: string;
  readonly section: ContractSection;
  /** The clause as the contract words it (whitespace aside): a verbatim quote of its section. */
  readonly text: string;
  /** Directed (`<requirement>/<name>`) or generated (`<requirement>/generated-<name>`) check ids that fail when this clause alone is broken. */
  readonly checks: readonly string[];
  /** Why no check can observe it through the adapter (then `checks` is empty). */
  readonly unobservable?: string;
  /** Where the clause leaves the implementation a choice (a permission clause): what the checks accept. */
  readonly accepts?: string;
  /** For a permission clause: the variants (test/variants/variants.ts) that take its choice, each a conforming system the kit must find CONFORMANT. */
  readonly variants?: readonly string[];
}

/**
 * The audited sections and the first 16 hex digits of the SHA-256 of each one's text
 * (whitespace-normalised) at the time of the audit: a section whose text changed must be audited
 * again (its new clauses mapped) before the hash is updated.
 */
export const AUDITED_SECTIONS: readonly { readonly section: ContractSection; readonly sha256: string }[] = [
  { section: '2. Model', sha256: '5fb0b3cb41861643' },
  { section: 'create({ sessionId, meta?, seed?, setup?, signal? }) → handle', sha256: '15e5b1b75b5ed1c4' },
  { section: 'resume({ resumeSessionId, setup?, signal? }) → handle', sha256: '61dc2c704a0614ae' },
  { section: 'Config-driven start: agents[] = { id: label, sessionId?, resumeSessionId?, cwd? }', sha256: '0fa64cc377f3c20e' },
  { section: 'Subagents (in-process)', sha256: 'd9e6d6a8dc6eebc0' },
  { section: 'Subagents (remote, ACP child process)', sha256: '1cfe37b22a6a1a8a' },
  { section: 'ACP bridge (server side)', sha256: '3361890b74b954e0' },
  { section: 'JSON-RPC forwarding', sha256: '484fdfc6da45efba' },
  { section: 'Consumers', sha256: 'e823b7e38a7fe023' },
  { section: 'dispose(handle) / context.dispose()', sha256: 'd51f432d609e6ae4' },
  { section: 'flush(handle) — the durability barrier', sha256: '3632d442eb86d55d' },
  { section: 'shutdown() / restart()', sha256: '54a7af8eab1579a7' },
  { section: '4. The creation transaction', sha256: '8a8ae1976bd03818' },
  { section: 'Identity', sha256: '63d2c45bf3389019' },
  { section: 'Create / resume', sha256: '41e00f13e914903b' },
  { section: 'Config', sha256: '2ef255681c3b8f36' },
  { section: 'Transaction and rollback', sha256: '852b43d0b648adf1' },
  { section: 'Collision and detach', sha256: '525341b9702fe2b3' },
  { section: 'Teardown and quiescence', sha256: 'b74ef597dcdb7c1e' },
  { section: 'Events', sha256: 'dbe36ebc5accedaa' },
  { section: 'Durability', sha256: 'c5d1abd6f06e2cda' },
  { section: 'Subagents', sha256: '265e554b65c01a1e' },
  { section: 'Remote (ACP)', sha256: 'bc7563c51d73479e' },
  { section: 'Forwarding (JSON-RPC) and other consumers', sha256: 'c352f3e09a31a3b8' },
];

type Mapped = readonly string[] | { readonly unobservable: string } | { readonly checks: readonly string[]; readonly accepts: string; readonly variants: readonly string[] };

function mappedFields(mapped: Mapped): Pick<Clause, 'checks' | 'unobservable' | 'accepts' | 'variants'> {
  if (Array.isArray(mapped)) return { checks: mapped as readonly string[] };
  const described = mapped as Exclude<Mapped, readonly string[]>;
  return 'unobservable' in described ? { checks: [], unobservable: described.unobservable } : { checks: described.checks, accepts: described.accepts, variants: described.variants };
}

function clauses(requirement: string, section: ContractSection, entries: readonly (readonly [string, Mapped] | readonly [string, Mapped, ContractSection])[]): Clause[] {
  return entries.map(([text, mapped, where], index) => ({
    id: `${requirement}.c${index + 1}`,
    requirement,
    section: where ?? section,
    text,
    ...mappedFields(mapped),
  }));
}

const CREATE = 'create({ sessionId, meta?, seed?, setup?, signal? }) → handle';
const RESUME = 'resume({ resumeSessionId, setup?, signal? }) → handle';
const CONFIG = 'Config-driven start: agents[] = { id: label, sessionId?, resumeSessionId?, cwd? }';
const SUBAGENTS = 'Subagents (in-process)';
const REMOTE = 'Subagents (remote, ACP child process)';
const DISPOSE = 'dispose(handle) / context.dispose()';
const FLUSH = 'flush(handle) — the durability barrier';
const SHUTDOWN = 'shutdown() / restart()';
const TXN = '4. The creation transaction';
const MODEL = '2. Model';

/** Every clause, in requirement order. */
export const CLAUSES: readonly Clause[] = [
  ...clauses('AIK-ID-001', 'Identity', [
    ['For every live agent entry: registry key = agent id = session id = header id', ['AIK-ID-001/one-key-everywhere', 'AIK-ID-001/generated-one-identity']],
    ['the session store holds that same session object under that key', ['AIK-ID-001/one-key-everywhere', 'AIK-ID-001/generated-one-identity']],
    ['List order of registries is unspecified.', { checks: ['AIK-ID-001/one-key-everywhere', 'AIK-ID-001/generated-one-identity'], accepts: 'any order: registry lists are compared as sets', variants: ['reference', 'shuffled-lists'] }, MODEL],
  ]),
  ...clauses('AIK-ID-002', 'Identity', [
    ['`session.id` derives from the header', ['AIK-ID-001/one-key-everywhere']],
    ['a header with another id is refused at construction (`invalid`)', ['AIK-ID-002/stored-header-with-another-id-refused']],
  ]),
  ...clauses('AIK-ID-003', 'Identity', [
    ['outcomes are identical for ids that share prefixes, look like minted ids of another label, or contain any non-empty well-formed Unicode', ['AIK-ID-003/ids-are-opaque']],
  ]),
  ...clauses('AIK-ID-004', 'Identity', [
    ['No API takes separate agent and session ids and no id→id translation map exists', { unobservable: 'STATIC: decided on source code by `lint` and `check`, not through the adapter' }],
  ]),

  ...clauses('AIK-CREATE-001', 'Create / resume', [
    ['create publishes exactly the given id; nothing else is minted', ['AIK-CREATE-001/publishes-exactly-the-given-id']],
    ['Publishes a new agent/session pair under exactly `sessionId`.', ['AIK-CREATE-001/publishes-exactly-the-given-id'], CREATE],
    ['`seedLength?` (present iff a seed was supplied, and equal to its length)', ['AIK-CREATE-001/publishes-exactly-the-given-id'], MODEL],
  ]),
  ...clauses('AIK-CREATE-002', 'Create / resume', [
    ['create on a live id rejects (`conflict`) before setup runs', ['AIK-CREATE-002/live-id-conflicts-before-setup']],
    ['the live pair, its log and the session count are untouched; no events', ['AIK-CREATE-002/live-id-conflicts-before-setup']],
    ['the id is live in either registry → `conflict` (before any store read)', ['AIK-CREATE-002/live-id-conflicts-before-setup'], TXN],
  ]),
  ...clauses('AIK-CREATE-003', 'Create / resume', [
    [
      'invalid input (empty id, relative cwd, malformed seed) rejects (`invalid`) at admission or preparation',
      {
        checks: ['AIK-CREATE-003/invalid-input-leaves-nothing', 'AIK-CREATE-003/generated-outcome'],
        accepts: 'either phase: the live check and the durable read come between them, so a relative cwd over a live id, or over a persisted one under `reject-at-create`, may be refused `invalid` (admission) or `conflict` (validated at preparation)',
        variants: ['reference', 'validating-at-preparation'],
      },
    ],
    ['and leaves nothing', ['AIK-CREATE-003/invalid-input-leaves-nothing']],
    ['A *malformed seed* is one that is not a valid log: not an array, a gap or repeat in `seq`, an unknown kind.', ['AIK-CREATE-003/invalid-input-leaves-nothing'], MODEL],
    ['validate the header and seed (`invalid`)', ['AIK-CREATE-003/invalid-input-leaves-nothing', 'AIK-CREATE-003/generated-outcome'], TXN],
  ]),
  ...clauses('AIK-RESUME-001', 'Create / resume', [
    ['resume publishes exactly `resumeSessionId`', ['AIK-RESUME-001/publishes-exactly-the-resumed-id']],
    ['Publishes a persisted session live under exactly `resumeSessionId`, header and history intact.', ['AIK-RESUME-001/publishes-exactly-the-resumed-id', 'AIK-RESUME-004/header-and-history-round-trip'], RESUME],
  ]),
  ...clauses('AIK-RESUME-002', 'Create / resume', [
    ['resume of an id that is not persisted rejects (`not-found`); nothing registered', ['AIK-RESUME-002/not-persisted-is-not-found']],
    ['an empty id is `invalid`, never `not-found`', ['AIK-RESUME-002/not-persisted-is-not-found']],
  ]),
  ...clauses('AIK-RESUME-003', 'Create / resume', [
    ['resume of a live id rejects (`conflict`) before any load, whatever the store holds', ['AIK-RESUME-003/live-id-conflicts-before-any-load']],
    ['does not modify the live log or the stored record', ['AIK-RESUME-003/live-id-conflicts-before-any-load']],
  ]),
  ...clauses('AIK-RESUME-004', 'Create / resume', [
    ['resume preserves the header (`createdAt`, `cwd` including its absence, `parentSession`, `seedLength`, `delegationDepth` including absent vs 0)', ['AIK-RESUME-004/header-and-history-round-trip', 'AIK-RESUME-004/generated-header']],
    ['and the full history', ['AIK-RESUME-004/header-and-history-round-trip']],
    [
      'Implementations may append their own bookkeeping events (e.g. on seed or resume); a preserved history is therefore checked as a prefix.',
      { checks: ['AIK-RESUME-004/header-and-history-round-trip', 'AIK-DURABLE-001/flushed-history-survives-restart'], accepts: 'events of the implementation\'s own after a seed or a resumed history: a preserved history is compared as a prefix', variants: ['reference', 'liberal'] },
      MODEL,
    ],
  ]),
  ...clauses('AIK-RESUME-005', 'Create / resume', [
    ['resume with no durable store configured rejects (`invalid`) at admission, also for a live id', ['AIK-RESUME-005/no-store-is-invalid']],
  ]),

  ...clauses('AIK-CONFIG-001', 'Config', [
    ['a label is never a registry key or a durable key', ['AIK-CONFIG-001/label-is-never-a-key']],
    ['a fresh start publishes an id that is not the label, not live, not persisted, and new on every start', ['AIK-CONFIG-001/label-is-never-a-key', 'AIK-CONFIG-001/generated-fresh-id']],
    ['Labels may repeat.', ['AIK-CONFIG-001/label-is-never-a-key'], CONFIG],
    [
      'mint a fresh id from the runtime\'s id source — never the label itself, new on every start (the reference runtime uses `${label}-session-${id}`)',
      { checks: ['AIK-CONFIG-001/label-is-never-a-key', 'AIK-CONFIG-001/generated-fresh-id'], accepts: 'any fresh id of the implementation\'s making: only "not the label, not live, not persisted, new on every start" is checked, never its shape', variants: ['reference', 'liberal', 'independent'] },
      CONFIG,
    ],
  ]),
  ...clauses('AIK-CONFIG-002', 'Config', [
    ['label a non-empty string, `cwd` absolute, not both exact ids, no empty exact id, no exact id used by two entries', ['AIK-CONFIG-002/whole-config-validated-up-front'], CONFIG],
    [
      'the up-front validation of §3 rejects the whole configuration (`invalid`) before any entry starts',
      {
        checks: ['AIK-CONFIG-002/whole-config-validated-up-front', 'AIK-CONFIG-002/generated-validation'],
        accepts: 'the contract says nothing of the runtime after a refused configuration: it may keep creating or refuse every creation (`inactive`); nothing after a refusal is compared',
        variants: ['reference', 'stopped-by-refused-config'],
      },
    ],
  ]),
  ...clauses('AIK-CONFIG-003', 'Config', [
    ['an exact `sessionId` is resume-or-create under the same id, across a durable restart (the second start resumes the first start\'s history)', ['AIK-CONFIG-003/exact-id-resumes-or-creates']],
    ['a store failure other than not-found is the entry\'s failure, not a create', ['AIK-CONFIG-003/store-failure-is-the-entry-failure'], CONFIG],
    ['On resume, the entry\'s `cwd` is ignored: storage wins.', ['AIK-CONFIG-003/exact-id-resumes-or-creates'], CONFIG],
  ]),
  ...clauses('AIK-CONFIG-004', 'Config', [
    ['every per-entry failure is contained and returned in entry order', ['AIK-CONFIG-004/entry-failures-contained-in-order', 'AIK-CONFIG-004/generated-entry-outcome']],
    ['nothing of the failed entry is registered; other entries are unaffected', ['AIK-CONFIG-004/entry-failures-contained-in-order']],
    ['`resumeSessionId`: resume; it must be persisted.', ['AIK-CONFIG-004/entry-failures-contained-in-order'], CONFIG],
    ['Configured agents are owned by the runtime.', { unobservable: 'an owner is not observable through the adapter; configured agents are checked to end with shutdown and restart only' }, CONFIG],
    [
      'An implementation that gives them no handle of their own (they end only with shutdown or restart) declares the optional capability `configHandles` absent',
      { checks: ['AIK-CONFIG-004/entry-failures-contained-in-order', 'AIK-CONFIG-004/generated-entry-outcome'], accepts: 'entry outcomes with or without a handle, as `configHandles` is declared', variants: ['reference', 'liberal'] },
      CONFIG,
    ],
  ]),

  ...clauses('AIK-TXN-001', 'Transaction and rollback', [
    ['during load and setup neither registry holds this creation\'s objects', ['AIK-TXN-001/nothing-partial-during-load-and-setup']],
    ['and no created event has fired for them', ['AIK-TXN-001/nothing-partial-during-load-and-setup']],
  ]),
  ...clauses('AIK-TXN-002', 'Transaction and rollback', [
    ['order: `session/created` < `agent/created` < `agent/session-start` < the handle is returned', ['AIK-TXN-002/announcement-order', 'AIK-TXN-002/generated-order']],
  ]),
  ...clauses('AIK-TXN-003', 'Transaction and rollback', [
    ['a failure at any phase rolls back totally (§4) and the id is reusable when the creation settles', ['AIK-TXN-003/failure-at-any-phase-rolls-back', 'AIK-TXN-003/rollback-failure-keeps-the-rejection', 'AIK-TXN-003/generated-live-set']],
    ['Create and resume give the same guarantees for the same fault.', ['AIK-TXN-003/failure-at-any-phase-rolls-back']],
    ['no entry remains, the scope is disposed, the store is unchanged', ['AIK-TXN-003/failure-at-any-phase-rolls-back'], TXN],
    ['setup\'s late settlement and any late scope operation are ignored (they fail with `inactive`)', { unobservable: 'no setup plan acts after its creation settled, so a late scope operation cannot be driven through the adapter' }, TXN],
    ['A failure inside rollback is contained and logged; the original rejection value is kept.', ['AIK-TXN-003/rollback-failure-keeps-the-rejection'], TXN],
    ['Abort, dispose, unload and shutdown settle a pending creation without awaiting its pending setup or store call', ['AIK-TXN-001/nothing-partial-during-load-and-setup', 'AIK-QUIESCE-005/shutdown-settles-everything-last'], SHUTDOWN],
  ]),
  ...clauses('AIK-TXN-004', 'Transaction and rollback', [
    ['a synchronous throw from a `session/created` listener vetoes with `session/disposed` only (never `agent/disposed`)', ['AIK-TXN-004/listener-veto']],
    ['from an `agent/created` listener, with `agent/disposed` then `session/disposed`', ['AIK-TXN-004/listener-veto']],
    ['the creation rejects with the thrown value, and the store is unchanged', ['AIK-TXN-004/listener-veto', 'AIK-TXN-004/seeded-and-resumed-vetoes-write-nothing']],
    ['A throw from an `agent/session-start` listener is contained.', ['AIK-TXN-004/listener-veto']],
    ['A synchronous throw stops that dispatch (later listeners do not hear it).', ['AIK-TXN-004/listener-veto'], TXN],
    ['a listener added during a dispatch does not hear that dispatch', ['AIK-TXN-004/listener-added-in-a-dispatch-misses-it'], MODEL],
  ]),
  ...clauses('AIK-TXN-005', 'Transaction and rollback', [
    ['an abort before phase 12 rejects with the signal\'s reason as observed — an Error reason is that same object', ['AIK-TXN-005/abort-before-and-after-publication']],
    ['any other reason becomes the `cause` of an `aborted` error', ['AIK-TXN-005/abort-before-and-after-publication']],
    ['an abort after publication does not touch the live agent', ['AIK-TXN-005/abort-before-and-after-publication']],
    ['Once phase 12 begins, publication is complete and the creation signal is ignored.', ['AIK-TXN-005/abort-before-and-after-publication'], TXN],
  ]),
  ...clauses('AIK-TXN-006', 'Transaction and rollback', [
    ['a non-Error value thrown by setup or a listener reaches the caller unchanged, while rollback still completes', ['AIK-TXN-006/non-error-values-reach-the-caller']],
  ]),
  ...clauses('AIK-TXN-007', 'Transaction and rollback', [
    ['the current dispatch finishes (its later listeners still see live entries)', ['AIK-TXN-007/abort-during-publication'], TXN],
    ['every later announcement is suppressed, the creation rolls back and rejects', ['AIK-TXN-007/abort-during-publication', 'AIK-TXN-007/unload-and-shutdown-during-publication'], TXN],
    ['for an abort with the signal\'s reason as observed (an Error reason is that same object; any other reason becomes the `cause` of an `aborted` error)', ['AIK-TXN-007/abort-during-publication', 'AIK-TXN-007/veto-and-first-request-win'], TXN],
    ['`aborted` for a context dispose', ['AIK-TXN-007/context-dispose-during-publication'], TXN],
    ['`inactive` for an unload or shutdown', ['AIK-TXN-007/unload-and-shutdown-during-publication', 'AIK-DETACH-002/teardown-requested-during-announcement'], TXN],
    ['A veto in the same dispatch wins over a request', ['AIK-TXN-007/veto-and-first-request-win'], TXN],
    ['between requests, the first wins', ['AIK-TXN-007/veto-and-first-request-win'], TXN],
  ]),

  ...clauses('AIK-CONFLICT-001', 'Collision and detach', [
    ['N concurrent creations of one fresh id: exactly one fulfils, N−1 reject (`conflict`)', ['AIK-CONFLICT-001/n-concurrent-creates-one-winner', 'AIK-CONFLICT-001/generated-one-winner']],
    ['the registries hold the winner, losers emit no events', ['AIK-CONFLICT-001/n-concurrent-creates-one-winner', 'AIK-CONFLICT-001/generated-losers-silent']],
  ]),
  ...clauses('AIK-CONFLICT-002', 'Collision and detach', [
    ['a creation that loses the race at phase 7 leaves the live entry, its log and its listeners\' view intact', ['AIK-CONFLICT-002/loser-leaves-winner-intact']],
  ]),
  ...clauses('AIK-CONFLICT-003', 'Collision and detach', [
    ['create over a persisted-but-not-live id never silently replaces the stored record', ['AIK-CONFLICT-003/persisted-create-rejected-at-create', 'AIK-CONFLICT-003/persisted-create-rejected-at-flush']],
    ['`reject-at-create`: it rejects (`conflict`) at phase 4', { checks: ['AIK-CONFLICT-003/persisted-create-rejected-at-create'], accepts: 'either profile, as declared: each variant runs under every profile it can take', variants: ['reference', 'liberal', 'independent'] }],
    [
      '`reject-at-flush`: it is accepted, every `flush` of that agent rejects (`conflict`), nothing of it is ever written, and the stored record stays intact across restart',
      { checks: ['AIK-CONFLICT-003/persisted-create-rejected-at-flush'], accepts: 'either profile, as declared: each variant runs under every profile it can take', variants: ['reference', 'liberal'] },
    ],
  ]),
  ...clauses('AIK-DETACH-001', 'Collision and detach', [
    ['dispose is idempotent', ['AIK-DETACH-001/idempotent-and-stale-safe']],
    ['a stale handle never removes a newer agent with the same id', ['AIK-DETACH-001/idempotent-and-stale-safe', 'AIK-DETACH-001/stale-handle-every-operation', 'AIK-DETACH-001/generated-dispose']],
    ['disposing it never touches a newer agent with the same id; `flush` or `prompt` on it is `inactive`', ['AIK-DETACH-001/idempotent-and-stale-safe', 'AIK-DETACH-001/stale-handle-every-operation'], MODEL],
    ['On a stale handle: `inactive`.', ['AIK-DETACH-001/stale-handle-every-operation'], FLUSH],
  ]),
  ...clauses('AIK-DETACH-002', 'Collision and detach', [
    ['requested during that announcement, takes effect when the dispatch unwinds', ['AIK-DETACH-002/teardown-requested-during-announcement']],
    ['other entries are unaffected', ['AIK-DETACH-002/teardown-requested-during-announcement']],
  ]),

  ...clauses('AIK-QUIESCE-001', 'Teardown and quiescence', [
    ['one memoized teardown: handle dispose, owner unload, shutdown and (where offered) context dispose, in any interleaving, all resolve only after it completes', ['AIK-QUIESCE-001/one-memoized-teardown', 'AIK-QUIESCE-001/generated-unload', 'AIK-QUIESCE-001/generated-remote-teardown', 'AIK-QUIESCE-001/remote-run-ended-when-dispose-resolves']],
    ['An owner\'s `unload()` is memoized: it refuses new creations and rejects pending ones with `inactive`, and joins the teardown of every agent it owns.', ['AIK-QUIESCE-001/one-memoized-teardown', 'AIK-QUIESCE-001/generated-outcome'], MODEL],
    [
      'implementations with the `contextDispose` capability also offer `dispose()`',
      { checks: ['AIK-QUIESCE-001/one-memoized-teardown'], accepts: 'without `contextDispose`, no plan disposes a context: every other teardown path is checked', variants: ['reference', 'without-optional-capabilities', 'liberal', 'independent'] },
      MODEL,
    ],
  ]),
  ...clauses('AIK-QUIESCE-002', 'Teardown and quiescence', [
    ['`agent/disposed` fires only after the in-flight turn settled, and before `session/disposed`', ['AIK-QUIESCE-002/agent-disposed-after-the-turn']],
    ['when it fires, `getAgent(id)` is empty and `getSession(id)` still returns the session', ['AIK-QUIESCE-002/agent-disposed-after-the-turn']],
    ['the in-flight turn is signalled to cancel and awaited', ['AIK-QUIESCE-002/agent-disposed-after-the-turn'], DISPOSE],
  ]),
  ...clauses('AIK-QUIESCE-003', 'Teardown and quiescence', [
    ['once dispose resolves, the id can be created or resumed again', ['AIK-QUIESCE-003/id-reusable-once-dispose-resolves', 'AIK-QUIESCE-003/id-resumable-once-dispose-resolves']],
  ]),
  ...clauses('AIK-QUIESCE-004', 'Teardown and quiescence', [
    ['`scope-last`: detach agent, detach session, then dispose the scope (scoped listeners hear their own `agent/disposed` and `session/disposed`; a parent\'s `agent/disposed` precedes its children\'s)', { checks: ['AIK-QUIESCE-004/scope-last-order'], accepts: 'either teardown profile, as declared', variants: ['reference', 'independent'] }],
    ['`scope-first`: dispose the scope (children first), then detach (scoped listeners do not hear the disposed edges)', { checks: ['AIK-QUIESCE-004/scope-first-order'], accepts: 'either teardown profile, as declared', variants: ['scope-first', 'liberal'] }],
    ['cleanups act on the exact agent object, never by id', { unobservable: 'no plan registers a `defer()` cleanup, so what a cleanup acts on is not observable through the adapter' }],
    ['new turns are refused (`inactive`) once teardown began', ['AIK-QUIESCE-004/no-new-turns-once-teardown-began']],
    ['scoped listeners per the teardown profile, AIK-QUIESCE-004', ['AIK-QUIESCE-004/rollback-follows-the-teardown-profile'], TXN],
    ['Scope operations fail with `inactive` once the scope\'s disposal began', ['AIK-QUIESCE-004/no-scope-operations-once-disposed', 'AIK-QUIESCE-004/no-scope-operations-while-disposing'], MODEL],
  ]),
  ...clauses('AIK-QUIESCE-005', 'Teardown and quiescence', [
    ['shutdown disposes every live agent, rejects pending creations (`inactive`) after their rollback, refuses new ones (`inactive`), and resolves last', ['AIK-QUIESCE-005/shutdown-settles-everything-last', 'AIK-QUIESCE-005/generated-shutdown']],
    ['leaves every appended event durable', ['AIK-QUIESCE-005/shutdown-leaves-appended-events-durable'], SHUTDOWN],
  ]),

  ...clauses('AIK-EVENT-001', 'Events', [
    ['per entry object: #disposed ≤ #created ≤ 1, equal once the entry is gone; both carry the same object; never created after disposed', ['AIK-EVENT-001/created-disposed-pairing', 'AIK-EVENT-001/generated-pairing', 'AIK-QUIESCE-001/one-memoized-teardown', 'AIK-QUIESCE-005/shutdown-settles-everything-last']],
    ['A `*/disposed` edge is emitted iff its `*/created` dispatch began, exactly once, to every global listener', ['AIK-EVENT-001/created-disposed-pairing', 'AIK-TXN-004/listener-veto'], TXN],
    ['no created edge is emitted for an entry rolled back before its announcement', ['AIK-EVENT-001/created-disposed-pairing'], TXN],
  ]),
  ...clauses('AIK-EVENT-002', 'Events', [
    ['no entry object is the subject of two created events (of its kind)', ['AIK-EVENT-002/no-object-created-twice', 'AIK-EVENT-002/generated-pairing']],
  ]),
  ...clauses('AIK-EVENT-003', 'Events', [
    ['returned rejections of any listener and every failure of non-vetoing listeners are contained, never propagated to the operation', ['AIK-EVENT-003/listener-failures-contained']],
    ['a returned rejected promise, and every failure of any other listener (`agent/session-start` included), is contained (logged)', ['AIK-EVENT-003/listener-failures-contained', 'AIK-TXN-004/listener-veto'], MODEL],
  ]),
  ...clauses('AIK-EVENT-004', 'Events', [
    ['a scoped listener hears events of its own agent/session object only — also when the id is reused by a newer agent', ['AIK-EVENT-004/scoped-listener-hears-its-own-object']],
  ]),
  ...clauses('AIK-EVENT-005', 'Events', [
    ['`session/event` fires once per event appended after publication, after the append, in `seq` order', ['AIK-EVENT-005/session-event-per-append']],
    ['never for seeded events, nor for bookkeeping events an implementation appends before publication', { checks: ['AIK-EVENT-005/session-event-per-append'], accepts: 'bookkeeping events before publication, with no `session/event` for them', variants: ['reference', 'liberal'] }],
  ]),

  ...clauses('AIK-DURABLE-001', 'Durability', [
    [
      'after `flush` resolves, a restart and resume yields the flushed history (as a prefix) and the header, for a session that had appended an event before that `flush`',
      {
        checks: ['AIK-DURABLE-001/flushed-history-survives-restart'],
        accepts: 'a session that appended no event before the `flush` (seeded or not) may or may not be persisted (§2): the directed check prompts before it flushes, and the generated runs take an id as persisted only once a turn of it resolved',
        variants: ['reference', 'persisting-at-first-flush', 'materializing-at-first-append'],
      },
    ],
    ['Durable writes of a new session are issued from phase 12 on, never awaited by the creation', ['AIK-DURABLE-001/write-faults-surface-at-flush'], CREATE],
    [
      'a failed write surfaces at the next `flush` (later flushes may reject too), never as a rollback',
      { checks: ['AIK-DURABLE-001/write-faults-surface-at-flush'], accepts: 'after the flush that reported a failed write, a later flush may resolve or reject with that failure again', variants: ['reference', 'liberal'] },
      CREATE,
    ],
    ['rejects with a failed write\'s error', ['AIK-DURABLE-001/write-faults-surface-at-flush'], FLUSH],
    ['Phases 7–12 run without yielding; phase 12 cannot fail', ['AIK-DURABLE-001/write-faults-surface-at-flush'], TXN],
  ]),
  ...clauses('AIK-DURABLE-002', 'Durability', [
    ['once dispose resolves, the agent\'s issued writes have settled: the id is resumable iff it was persisted', ['AIK-DURABLE-002/dispose-settles-issued-writes']],
    ['never both resumable and creatable', ['AIK-DURABLE-002/dispose-settles-issued-writes']],
    ['A write that never settles keeps dispose (and shutdown) pending: durability is not given up silently.', ['AIK-DURABLE-002/hung-write-keeps-dispose-pending'], DISPOSE],
    [
      'A published session becomes durable at the latest with its first appended event',
      {
        checks: ['AIK-DURABLE-002/dispose-settles-issued-writes'],
        accepts: 'a session written at any moment from publication to its first appended event',
        variants: ['reference', 'persisting-at-first-flush', 'materializing-at-first-append'],
      },
      MODEL,
    ],
    ['A write failing after the agent\'s last `flush` is logged.', { unobservable: 'the implementation\'s log is not observable through the adapter' }, DISPOSE],
    [
      'the durable store (load, put, flush may throw or hang)',
      { checks: ['AIK-DURABLE-002/dispose-settles-issued-writes', 'AIK-DURABLE-002/hung-write-keeps-dispose-pending'], accepts: 'a store of any pace: every call may take its time before it settles (limits follow the measured pace)', variants: ['reference', 'behind-slow-store'] },
      TXN,
    ],
  ]),
  ...clauses('AIK-DURABLE-003', 'Durability', [
    ['a creation that rolled back (veto, fault, abort, unload, race) left no trace in the durable store', ['AIK-DURABLE-003/rolled-back-creation-leaves-no-trace', 'AIK-DURABLE-003/generated-no-trace']],
    ['A rolled-back creation never writes to the store.', ['AIK-DURABLE-003/rolled-back-creation-leaves-no-trace', 'AIK-TXN-004/seeded-and-resumed-vetoes-write-nothing'], CREATE],
  ]),

  ...clauses('AIK-SUB-001', 'Subagents', [
    ['in-process child: run `id` = child agent id = child session id', ['AIK-SUB-001/one-id-for-run-agent-and-session', 'AIK-SUB-001/generated-one-id']],
    [
      'exactly one id minted for the child (where the id source is wired, its next output)',
      { checks: ['AIK-SUB-001/one-id-for-run-agent-and-session', 'AIK-SUB-001/generated-minted-id'], accepts: 'without `idSource`, any one fresh id: it is not compared with an id source\'s output', variants: ['reference', 'without-id-source'] },
    ],
    ['AIK-SUB-001 CAP subagents', { checks: ['AIK-SUB-001/one-id-for-run-agent-and-session'], accepts: 'the capability `subagents` may be absent: the requirement is then NOT-APPLICABLE and nothing of it is driven', variants: ['reference', 'without-optional-capabilities', 'independent'] }],
  ]),
  ...clauses('AIK-SUB-002', 'Subagents', [
    ['Lineage: `parentSession` = the parent\'s id, `cwd` inherited, `delegationDepth` = the parent\'s depth + 1', ['AIK-SUB-002/lineage-and-max-depth'], SUBAGENTS],
    ['Fork always passes a seed — the parent\'s longest completed-turn prefix (possibly empty, so `seedLength` may be 0); spawn passes none.', ['AIK-SUB-002/lineage-and-max-depth', 'AIK-SUB-002/fork-prefix-may-be-empty'], SUBAGENTS],
    ['a child whose depth would exceed it is refused (`invalid`) before anything is minted', ['AIK-SUB-002/lineage-and-max-depth'], SUBAGENTS],
    ['a resumed agent keeps its stored depth', ['AIK-SUB-002/fork-prefix-may-be-empty'], SUBAGENTS],
    ['AIK-SUB-002 CAP subagents', { checks: ['AIK-SUB-002/lineage-and-max-depth'], accepts: 'the capability `subagents` may be absent: the requirement is then NOT-APPLICABLE and nothing of it is driven', variants: ['reference', 'without-optional-capabilities', 'independent'] }],
  ]),
  ...clauses('AIK-SUB-003', 'Subagents', [
    ['a rejected child creation leaves no agent, no session, and no `subagent/start`/`end`', ['AIK-SUB-003/start-is-publication']],
    ['only a published, non-disposing parent can spawn (else `inactive`)', ['AIK-SUB-003/start-is-publication', 'AIK-DETACH-001/stale-handle-every-operation']],
    ['this includes a parent still in setup', ['AIK-SUB-003/start-is-publication'], SUBAGENTS],
    ['AIK-SUB-003 CAP subagents', { checks: ['AIK-SUB-003/start-is-publication'], accepts: 'the capability `subagents` may be absent: the requirement is then NOT-APPLICABLE and nothing of it is driven', variants: ['reference', 'without-optional-capabilities', 'independent'] }],
  ]),
  ...clauses('AIK-SUB-004', 'Subagents', [
    ['a live-spawned child is owned by its parent (not a root); disposing the parent disposes it', ['AIK-SUB-004/child-owned-by-parent']],
    ['Runtime ownership follows the owner that resumes; `parentSession` stays lineage only.', ['AIK-SUB-004/resumed-child-owned-by-who-resumes'], RESUME],
    ['`subagent/end` (outcome `cancelled` if any of the child\'s turns was cut, else `failed` if any failed, else `completed`)', ['AIK-SUB-004/end-after-teardown-with-its-outcome'], SUBAGENTS],
    ['after its teardown completes', ['AIK-SUB-004/end-after-teardown-with-its-outcome'], SUBAGENTS],
    [
      'During a parent\'s own teardown, whether the parent\'s scope hears its children\'s `subagent/end` is unspecified (global listeners always do).',
      { checks: ['AIK-SUB-004/end-after-teardown-with-its-outcome'], accepts: 'either: the parent\'s scoped listeners may or may not hear its children\'s `subagent/end` once the parent\'s teardown began; global listeners are checked', variants: ['reference', 'child-ends-unheard-in-teardown'] },
      SUBAGENTS,
    ],
    ['AIK-SUB-004 CAP subagents', { checks: ['AIK-SUB-004/child-owned-by-parent'], accepts: 'the capability `subagents` may be absent: the requirement is then NOT-APPLICABLE and nothing of it is driven', variants: ['reference', 'without-optional-capabilities', 'independent'] }],
  ]),

  ...clauses('AIK-REMOTE-001', 'Remote (ACP)', [
    ['the remote run\'s `id` is parent-minted before the child spawns', ['AIK-REMOTE-001/run-id-parent-minted-wire-id-private', 'AIK-REMOTE-001/generated-parent-minted']],
    ['never derived from or replaced by the wire-local session id, which appears in no event, lookup or registry', ['AIK-REMOTE-001/run-id-parent-minted-wire-id-private', 'AIK-REMOTE-001/generated-wire-id-private']],
    ['nothing of the run enters the local registries', ['AIK-REMOTE-001/run-id-parent-minted-wire-id-private', 'AIK-REMOTE-001/generated-not-registered']],
    ['disposing the run cancels the prompt, kills the child, awaits its exit; then `subagent/end`', ['AIK-REMOTE-001/run-id-parent-minted-wire-id-private'], REMOTE],
    ['AIK-REMOTE-001 CAP remote', { checks: ['AIK-REMOTE-001/run-id-parent-minted-wire-id-private'], accepts: 'the capability `remote` may be absent: the requirement is then NOT-APPLICABLE and nothing of it is driven', variants: ['reference', 'without-optional-capabilities', 'liberal', 'independent'] }],
  ]),
  ...clauses('AIK-REMOTE-002', 'Remote (ACP)', [
    [
      'a child reply without a valid session id, a spawn failure or an abort rejects only after the child process has exited',
      ['AIK-REMOTE-002/bad-reply-rejects-after-exit', 'AIK-REMOTE-002/numeric-id-reply-rejects-after-exit', 'AIK-REMOTE-002/empty-id-reply-rejects-after-exit', 'AIK-REMOTE-002/abort-rejects-after-exit', 'AIK-REMOTE-002/spawn-failure-publishes-nothing'],
    ],
    ['nothing is published', ['AIK-REMOTE-002/bad-reply-rejects-after-exit', 'AIK-REMOTE-002/numeric-id-reply-rejects-after-exit', 'AIK-REMOTE-002/empty-id-reply-rejects-after-exit', 'AIK-REMOTE-002/spawn-failure-publishes-nothing']],
    ['A reply without a non-empty string session id', ['AIK-REMOTE-002/bad-reply-rejects-after-exit', 'AIK-REMOTE-002/numeric-id-reply-rejects-after-exit', 'AIK-REMOTE-002/empty-id-reply-rejects-after-exit'], REMOTE],
    ['AIK-REMOTE-002 CAP remote', { checks: ['AIK-REMOTE-002/bad-reply-rejects-after-exit'], accepts: 'the capability `remote` may be absent: the requirement is then NOT-APPLICABLE and nothing of it is driven', variants: ['reference', 'without-optional-capabilities', 'liberal', 'independent'] }],
  ]),
  ...clauses('AIK-REMOTE-003', 'Remote (ACP)', [
    ['the ACP bridge (§3) serves a record only for the exact agent object it holds; a same-id foreign agent is not served', ['AIK-REMOTE-003/bridge-serves-the-exact-object', 'AIK-REMOTE-003/bridge-serves-the-winner-not-a-same-id-loser']],
    ['AIK-REMOTE-003 CAP bridge', { checks: ['AIK-REMOTE-003/bridge-serves-the-exact-object'], accepts: 'the capability `bridge` may be absent: the requirement is then NOT-APPLICABLE and nothing of it is driven', variants: ['reference', 'without-optional-capabilities', 'liberal', 'independent'] }],
  ]),

  ...clauses('AIK-RPC-001', 'Forwarding (JSON-RPC) and other consumers', [
    ['every accepted subagent run gets a `runId` unique among all runs the system reported over the store\'s life (restarts included), distinct from its `id`', ['AIK-RPC-001/run-identity-stable-from-start-to-end', 'AIK-RPC-001/generated-run-ids-unique']],
    ['start and end carry the same `(runId, provider, id, local)`; `local` is fixed at start', ['AIK-RPC-001/run-identity-stable-from-start-to-end', 'AIK-RPC-001/generated-remote-events']],
    [
      'Run ids are the implementation\'s own: they need not come from the id source.',
      { checks: ['AIK-RPC-001/run-identity-stable-from-start-to-end', 'AIK-RPC-001/generated-run-ids-unique'], accepts: 'run ids from any source: only uniqueness, distinctness from the run\'s `id` and stability are checked', variants: ['reference', 'liberal'] },
      SUBAGENTS,
    ],
    ['AIK-RPC-001 CAP rpc', { checks: ['AIK-RPC-001/run-identity-stable-from-start-to-end'], accepts: 'the capability `rpc` may be absent: the requirement is then NOT-APPLICABLE and nothing of it is driven', variants: ['reference', 'without-optional-capabilities', 'independent'] }],
  ]),
  ...clauses('AIK-RPC-002', 'Forwarding (JSON-RPC) and other consumers', [
    ['`subagent.finished` is forwarded iff `local` is true — also when a remote run\'s id equals a local child\'s id', ['AIK-RPC-002/finished-forwarded-iff-local']],
    ['the parent comes from the event\'s scope, with no child-identity or lineage cache (the child may already be disposed)', ['AIK-RPC-002/finished-forwarded-iff-local']],
    ['AIK-RPC-002 CAP rpc', { checks: ['AIK-RPC-002/finished-forwarded-iff-local'], accepts: 'the capability `rpc` may be absent: the requirement is then NOT-APPLICABLE and nothing of it is driven', variants: ['reference', 'without-optional-capabilities', 'independent'] }],
  ]),
  ...clauses('AIK-USE-001', 'Forwarding (JSON-RPC) and other consumers', [
    ['hook payloads carry `session_id` = the agent id', ['AIK-USE-001/hooks-and-jobs-use-the-one-id']],
    ['background-job ownership is the exact agent object (authorisation by its one id)', ['AIK-USE-001/hooks-and-jobs-use-the-one-id']],
    ['AIK-USE-001 CAP consumers', { checks: ['AIK-USE-001/hooks-and-jobs-use-the-one-id'], accepts: 'the capability `consumers` may be absent: the requirement is then NOT-APPLICABLE and nothing of it is driven', variants: ['reference', 'without-optional-capabilities', 'liberal', 'independent'] }],
  ]),
  ...clauses('AIK-USE-002', 'Forwarding (JSON-RPC) and other consumers', [
    ['a front end binds to the exact id its configuration resolved (resume-or-create), never to a prefix, a label or registry order', ['AIK-USE-002/front-end-binds-the-resolved-id']],
    ['or to nothing if that entry failed', ['AIK-USE-002/front-end-binds-the-resolved-id'], 'Consumers'],
    ['AIK-USE-002 CAP consumers', { checks: ['AIK-USE-002/front-end-binds-the-resolved-id'], accepts: 'the capability `consumers` may be absent: the requirement is then NOT-APPLICABLE and nothing of it is driven', variants: ['reference', 'without-optional-capabilities', 'liberal', 'independent'] }],
  ]),
];

/** Two permission clauses whose choices meet: the sweep runs every variant of one combined with every variant of the other. */
export interface Interaction {
  readonly clauses: readonly [string, string];
  /** Where the two choices meet. */
  readonly because: string;
}

/** The permission clauses whose variants the sweep also runs in combination, under both persisted-create profiles. */
export const INTERACTIONS: readonly Interaction[] = [
  { clauses: ['AIK-DURABLE-001.c1', 'AIK-CREATE-003.c1'], because: 'a relative cwd over a persisted id is refused by the durable read first, and a lazily written session decides whether the id is persisted' },
  { clauses: ['AIK-DURABLE-001.c1', 'AIK-DURABLE-002.c6'], because: 'dispose settles the issued writes: how late a lazily written record reaches a slow store decides what the next resume or create finds' },
  { clauses: ['AIK-DURABLE-001.c1', 'AIK-QUIESCE-004.c2'], because: 'a teardown in the other order settles the same writes: whether the id is persisted once dispose resolves' },
  { clauses: ['AIK-SUB-004.c5', 'AIK-QUIESCE-004.c2'], because: 'under scope-first the children are torn down while the parent\'s scope disposes: whether its listeners still hear their ends' },
  { clauses: ['AIK-DURABLE-001.c1', 'AIK-CONFIG-002.c2'], because: 'a restart with a refused configuration after a session that was never written: what the runtime resumes, creates or refuses next' },
];

const byId = new Map(CLAUSES.map((entry) => [entry.id, entry]));

/** The clause with this id, or `undefined`. */
export function clause(id: string): Clause | undefined {
  return byId.get(id);
}

/** The ids of the clauses whose `checks` list `check`: what a generated check asserts, as the clause map gives it. */
export function clausesOf(check: string): string[] {
  return CLAUSES.filter((entry) => entry.checks.includes(check)).map((entry) => entry.id);
}
