/**
 * The identity vocabulary: how the lint reads an identifier (`agentId`, `agent_id`, `AgentID`,
 * `SESSION_ID`…) as an agent id, a session id or one of the legitimate look-alikes of
 * docs/contract.md §6 (config labels, wire-local ids, lineage fields, compatibility fields). The
 * one home of every word list the lint reads meaning from (the rules keep only lists of API
 * names: string methods, map types, schema factories).
 */
import type { IdentityVocabulary } from '../types.js';

/** What an identifier or a type names, as far as identity goes. */
export type IdentityKind =
  | 'agent-id'
  | 'session-id'
  | 'agent-object'
  | 'session-object'
  | 'label'
  | 'lineage'
  | 'wire-local'
  | 'compatibility';

/** The vocabulary with its allow-lists normalized for lookup. */
export interface ResolvedVocabulary {
  readonly labels: ReadonlySet<string>;
  readonly wireLocal: ReadonlySet<string>;
  readonly lineage: ReadonlySet<string>;
  /** Normalized `owner.member` or bare `member` entries. */
  readonly compatibility: ReadonlySet<string>;
  /** Classifications already made with this vocabulary, by name (`null`: not an identity name). */
  readonly memo: Map<string, IdentityKind | null>;
  /** The same for type names. */
  readonly typeMemo: Map<string, IdentityKind | null>;
}

/** The defaults each allow-list starts from; configured entries are added to them. */
export const DEFAULT_VOCABULARY: Required<IdentityVocabulary> = {
  labelNames: ['label', 'agentLabel', 'configLabel', 'agentName'],
  wireLocalNames: ['wireSessionId', 'remoteSessionId', 'acpSessionId', 'serverSessionId', 'protocolSessionId'],
  lineageNames: ['parentSession', 'parentSessionId', 'parentAgentId', 'rootSessionId', 'forkedFromSessionId'],
  compatibilityFields: [],
};

/** `agent_id`, `agentId`, `AgentID` and `AGENT-ID` all normalize to `agentid`. */
export function normalizeName(name: string): string {
  return name.replace(/[_$#-]/g, '').toLowerCase();
}

/**
 * Words naming a session that is not an agent's: a terminal's, a browser's (also over CDP), an
 * HTTP, MCP or database connection's, a user's login, a payment's. A session id or type named with
 * one of them, or read in code named after one, is that kind of session.
 */
export const OTHER_SESSION_WORDS: ReadonlySet<string> = new Set([
  'terminal', 'pty', 'tty', 'shell', 'console', 'sandbox', 'browser', 'cdp', 'http', 'web', 'websocket', 'socket', 'ssh', 'tmux', 'vnc',
  'database', 'db', 'sql', 'redis', 'auth', 'login', 'user', 'cookie', 'oauth', 'mcp', 'transport', 'debug', 'payment', 'checkout',
]);

/**
 * Words naming the wire, a remote or a protocol: an object typed with one (`AcpConnection`,
 * `RemoteRun`), or code named with one holding both ids, is the wire's, not the agent's lifecycle.
 */
export const WIRE_HOLDER_WORDS: ReadonlySet<string> = new Set(['wire', 'remote', 'acp', 'rpc', 'protocol']);

/**
 * Words naming another agent than the lifecycle at hand: a teammate or peer (`teamAgentId`), or
 * whichever agent is current for now (`activeAgentId`, `currentAgentId`) — an agent that can
 * change while the session lives is not the session's own lifecycle.
 */
export const OTHER_AGENT_WORDS: ReadonlySet<string> = new Set(['team', 'teammate', 'peer', 'target', 'other', 'sibling', 'current', 'active', 'selected', 'default']);

/**
 * The other lifecycle nouns of docs/contract.md §6 "which ids": an id named for one of them
 * (`chatId`, `conversation_id`, `taskId`) is not an agent or session id by its name; it takes part
 * in a shape only where the code shows it names the agent's lifecycle (two mints for one creation,
 * derivation, stand-in). `run` is left out: §5 asks every subagent run for a `runId`, "a separate
 * fresh id", minted beside the child's session id.
 */
export const OTHER_LIFECYCLE_NOUNS: ReadonlySet<string> = new Set(['task', 'thread', 'chat', 'conversation', 'delegation', 'topic', 'job']);

/** True for an id named for another lifecycle noun (`chatId`, `conversation_id`, `threadID`): see {@link OTHER_LIFECYCLE_NOUNS}. */
export function namesOtherLifecycle(name: string): boolean {
  const words = splitWords(name);
  return words.length >= 2 && words[words.length - 1] === 'id' && OTHER_LIFECYCLE_NOUNS.has(words[words.length - 2] as string);
}

/** Last words of a class that is a live agent or session itself (`CliSession`, `AgentProcess`). */
export const LIFECYCLE_HEADS: ReadonlySet<string> = new Set(['agent', 'subagent', 'session', 'run', 'runtime', 'process', 'instance', 'handle', 'worker', 'runner']);

/** Words naming what holds an agent's or session's id (`agent.id`, `header.id`, `child.id`). */
export const ID_HOLDER_WORDS: ReadonlySet<string> = new Set(['agent', 'session', 'header', 'subagent', 'child', 'parent']);

/**
 * The holder words that name the agent or the session itself. The others (`header`, `child`,
 * `parent`) name a lifecycle's part or relative only where the code shows whose it is: a table
 * has headers, a DOM node children.
 */
export const LIFECYCLE_HOLDER_WORDS: ReadonlySet<string> = new Set(['agent', 'session', 'subagent']);

/**
 * Words naming a part of a session rather than the agent — a message, an event, a turn, a tool
 * call: a record named so has an `id` of its own beside the session id it belongs to.
 */
export const SESSION_PART_WORDS: ReadonlySet<string> = new Set([
  'message', 'msg', 'event', 'entry', 'turn', 'log', 'item', 'part', 'chunk', 'step', 'comment', 'note', 'attachment',
  'artifact', 'checkpoint', 'snapshot', 'notification', 'span', 'activity', 'transcript', 'block', 'reply', 'response', 'request',
  'prompt', 'tool', 'call', 'result', 'output',
]);

/** Verbs and prepositions around an id maker's name: `asSessionId`, `toSessionId`, `sessionIdFor`. */
export const ID_MAKER_WORDS: ReadonlySet<string> = new Set(['as', 'to', 'make', 'create', 'build', 'derive', 'compute', 'new', 'brand', 'for', 'from', 'of']);

/** Words joining the two sides of a map's name (`labelBySession`, `agentIdToSession`, `sessionFor`). */
export const MAP_CONNECTOR_WORDS: ReadonlySet<string> = new Set(['by', 'to', 'for']);

/** Splits camelCase, PascalCase, snake_case and SCREAMING_CASE into lower-case words. */
export function splitWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_$#-]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
}

/** True for a name of several ids (`agentIds`, `session_ids`): a collection, not one identity. */
export function isIdList(name: string): boolean {
  return /ids$/i.test(name);
}

/** Merges configured allow-list entries into the defaults. */
export function resolveVocabulary(configured: IdentityVocabulary | undefined): ResolvedVocabulary {
  const merged = (key: keyof IdentityVocabulary): ReadonlySet<string> =>
    new Set([...DEFAULT_VOCABULARY[key], ...(configured?.[key] ?? [])].map(normalizeCompound));
  return {
    labels: merged('labelNames'),
    wireLocal: merged('wireLocalNames'),
    lineage: merged('lineageNames'),
    compatibility: merged('compatibilityFields'),
    memo: new Map(),
    typeMemo: new Map(),
  };
}

function normalizeCompound(entry: string): string {
  return entry.split('.').map(normalizeName).join('.');
}

/**
 * Words naming the party whose own id a session id is (§6: a remote run's private wire-local id):
 * the wire, a remote or upstream provider, an SDK or CLI the agent drives, or such a coding tool by
 * name (`claudeSessionId`, `providerSessionId`, `sdkSessionId`: the tool's resume id).
 */
export const WIRE_LOCAL_WORDS: ReadonlySet<string> = new Set([
  'wire', 'remote', 'acp', 'provider', 'vendor', 'upstream', 'external', 'native', 'sdk', 'cli',
  'claude', 'codex', 'gemini', 'copilot', 'cursor', 'opencode', 'openai', 'anthropic', 'aider', 'amp', 'qwen',
]);
const ID_WORDS = new Set(['id', 'ids']);

/**
 * Classifies a member, parameter or variable name. `owner` (the enclosing type's name) lets a
 * compatibility field be allowed as `Owner.member`.
 */
export function classifyName(name: string, vocabulary: ResolvedVocabulary, owner?: string): IdentityKind | undefined {
  if (owner !== undefined && vocabulary.compatibility.size > 0) {
    if (vocabulary.compatibility.has(`${normalizeName(owner)}.${normalizeName(name)}`)) return 'compatibility';
  }
  // Names repeat a lot across a codebase; the memo keeps classification off the lint's hot path.
  const known = vocabulary.memo.get(name);
  if (known !== undefined) return known ?? undefined;
  const kind = classifyUnseen(name, vocabulary);
  vocabulary.memo.set(name, kind ?? null);
  return kind;
}

function classifyUnseen(name: string, vocabulary: ResolvedVocabulary): IdentityKind | undefined {
  const normalized = normalizeName(name);
  if (vocabulary.labels.has(normalized)) return 'label';
  if (vocabulary.wireLocal.has(normalized)) return 'wire-local';
  if (vocabulary.lineage.has(normalized)) return 'lineage';
  if (vocabulary.compatibility.has(normalized)) return 'compatibility';
  // Every identity name mentions an id (or a session key): most names are settled without splitting them into words.
  if (!normalized.includes('id') && !normalized.includes('key')) return undefined;
  const words = splitWords(name);
  const kind = idKindOfWords(words);
  if (kind === undefined) return undefined;
  if (words[0] === 'parent') return 'lineage';
  if (kind === 'session-id' && words.some((word) => WIRE_LOCAL_WORDS.has(word))) return 'wire-local';
  return kind;
}

function idKindOfWords(words: readonly string[]): 'agent-id' | 'session-id' | undefined {
  // `sessionId2`, `agent_id_1`: a trailing counter does not change what the name stands for.
  const trimmed = words.map((word) => word.replace(/\d+$/, '')).filter((word) => word.length > 0);
  const last = trimmed[trimmed.length - 1];
  const previous = trimmed[trimmed.length - 2];
  if (last === undefined) return undefined;
  // §6: "any spelling" — `subagentId` is an agent id, `sessionKey`/`session_key` a session id.
  if (ID_WORDS.has(last)) {
    if (previous === 'agent' || previous === 'subagent') return 'agent-id';
    if (previous === 'session') return 'session-id';
    return undefined;
  }
  if (last === 'key' && previous === 'session') return 'session-id';
  if (last === 'agentid' || last === 'agentids' || last === 'subagentid') return 'agent-id';
  if (last === 'sessionid' || last === 'sessionids' || last === 'sessionkey') return 'session-id';
  return undefined;
}

/**
 * Classifies a type name: `AgentId`/`AgentID` → agent id, `SessionId` → session id, `Agent`,
 * `LiveAgent` → agent object, `Session` → session object. `vocabulary` only lends its memo.
 */
export function classifyTypeName(name: string, vocabulary?: ResolvedVocabulary): IdentityKind | undefined {
  const known = vocabulary?.typeMemo.get(name);
  if (known !== undefined) return known ?? undefined;
  const kind = classifyUnseenTypeName(name);
  vocabulary?.typeMemo.set(name, kind ?? null);
  return kind;
}

function classifyUnseenTypeName(name: string): IdentityKind | undefined {
  const lower = name.toLowerCase();
  if (!lower.includes('agent') && !lower.includes('session')) return undefined;
  const words = splitWords(name);
  const kind = idKindOfWords(words);
  if (kind !== undefined) return kind;
  const last = words[words.length - 1];
  if (last === 'agent') return 'agent-object';
  if (last === 'session') return 'session-object';
  return undefined;
}

/** True for the kinds that stand for the agent side of a two-identity shape. */
export function isAgentSide(kind: IdentityKind | undefined): boolean {
  return kind === 'agent-id';
}

/** True for the kinds that stand for the session side (a session id, or a Session object). */
export function isSessionSide(kind: IdentityKind | undefined): boolean {
  return kind === 'session-id' || kind === 'session-object';
}
