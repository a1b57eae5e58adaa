import type { EventRecord, HistoryLine, OperationRecord, Token } from './history-format.js';
import { agentEntry, configEntries, creationResult, sessionEntry, startResults, stringField } from './_internals/history-payloads.js';

/** A broken requirement with the records that show it (the earliest illegal prefix ends at the last one). */
export interface TraceViolation {
  readonly requirement: string;
  /** What the witness records show, in words. */
  readonly explanation: string;
  readonly witness: readonly HistoryLine[];
}

/** What `trace` concludes from a history. */
export type TraceVerdict =
  | { readonly verdict: 'OK' }
  | { readonly verdict: 'ILLEGAL'; readonly violation: TraceViolation; readonly others: number }
  | { readonly verdict: 'UNKNOWN'; readonly reason: string; readonly witness: readonly HistoryLine[] };

type EntryKind = 'agent' | 'session';

/**
 * Where a record is: its line number and `seq`. All the checker keeps of a record it may quote
 * later; the witness lines' text is read again at the end (see {@link HistoryChecker.witnessLines}),
 * so memory grows with the objects, ids and open calls a history has, not with its records.
 */
interface At {
  readonly line: number;
  readonly seq: number;
}

/** A creation of one id (`create`, `resume`, `spawn`, `fork`): when it was invoked and, once it completed, when. */
interface Creation {
  readonly invoke: At;
  completion?: At;
}

interface EntryState {
  readonly kind: EntryKind;
  readonly object: Token;
  readonly id: string;
  readonly created: At;
  disposed?: At;
  /** For an agent: the session that was live under its id when it was announced. */
  pairedSession?: EntryState;
  /** For a session: the agents announced with it (the inverse of `pairedSession`). */
  readonly pairedAgents: EntryState[];
  sessionStart?: At;
}

interface CallState {
  readonly invoke: At;
  /** The invoke record (its op, call token and arguments). */
  readonly record: OperationRecord;
  completion?: At;
  /** For a creation: its entry in the creations of its id. */
  creation?: Creation;
  /** For lookups: the live agent under the looked-up id at invocation. */
  liveAgentAtInvoke?: EntryState | undefined;
  /** For `start`: the ids live at invocation. */
  liveIdsAtInvoke?: ReadonlySet<string>;
}

const CREATIONS = new Set(['create', 'resume', 'spawn', 'fork']);
const TEARDOWNS = new Set(['dispose', 'disposeContext', 'unload', 'shutdown', 'restart']);

/**
 * Checks a parsed history offline (README.md "Checking a production log") for the requirements a history decides
 * without fault control: AIK-ID-001 (from recorded lookups and announcements), AIK-TXN-002,
 * AIK-EVENT-001/002, AIK-CONFLICT-001, AIK-QUIESCE-002 (disposed order), AIK-QUIESCE-005
 * (shutdown resolves last), AIK-DETACH-001 and AIK-CONFIG-001. ILLEGAL reports the first
 * violation in history order, so its witness ends the shortest illegal prefix; otherwise an
 * `info` completion or a call still pending at the end makes the verdict UNKNOWN.
 */
export function checkHistory(lines: readonly HistoryLine[]): TraceVerdict {
  const checker = new HistoryChecker();
  for (const line of lines) checker.read(line);
  const byNumber = new Map(lines.map((line) => [line.line, line]));
  return checker.verdict((numbers) => numbers.flatMap((number) => byNumber.get(number) ?? []));
}

/** A violation as the checker keeps it: its witness as places, and whether it stands only if the history has events at all (decided at its end). */
interface Found {
  readonly requirement: string;
  readonly explanation: string;
  readonly witness: readonly At[];
  readonly ifEvents: boolean;
}

/**
 * {@link checkHistory} one record at a time, in history order, for a history read as a stream:
 * each record costs time independent of the history's length, and only what later records can
 * refer to is kept (the entries, the ids and the open calls, each with the places of its records),
 * never the lines themselves: the witness of the verdict is read again by line number.
 */
export class HistoryChecker {
  /** The first violation of each kind (standing whatever the history; standing only if it has events), and how many of each. */
  private readonly firstFound: { strict?: Found; ifEvents?: Found } = {};
  private readonly foundCount = { strict: 0, ifEvents: 0 };
  /** Whether the first violation that stands only with events came before the first that always stands. */
  private eventsFirst = false;
  private hasEvents = false;
  /** Calls in flight, by their `call` token. */
  private readonly pending = new Map<Token, CallState>();
  /** Calls that ended with `info` (outcome unknown), in invoke order. */
  private readonly unknownOutcomes: CallState[] = [];
  /** The creations (`create`, `resume`, `spawn`, `fork`) of each id they ask for, in invoke order: the open ones, and those that were open when an entry now live under the id was announced. */
  private readonly creationsOf = new Map<string, Creation[]>();
  private readonly entries = new Map<string, EntryState>();
  /** The entries not yet disposed, in announcement order. */
  private readonly undisposed = new Set<EntryState>();
  /** The agent last announced under each id. */
  private readonly lastAgentUnder = new Map<string, EntryState>();
  private readonly live: Record<EntryKind, Map<string, EntryState>> = { agent: new Map(), session: new Map() };
  private readonly handles = new Map<Token, EntryState>();
  private readonly disposedHandles = new Set<Token>();
  private readonly mintedIds = new Map<string, At>();
  private readonly appendedIds = new Map<string, At>();
  private lastConfig: ReturnType<typeof configEntries>;

  /** The violation the verdict reports and how many others stand, once the whole history is read. */
  private reported(): { readonly first: Found; readonly others: number } | undefined {
    const { strict, ifEvents } = this.firstFound;
    const first = this.hasEvents && ifEvents !== undefined && (strict === undefined || this.eventsFirst) ? ifEvents : strict;
    if (first === undefined) return undefined;
    const standing = this.foundCount.strict + (this.hasEvents ? this.foundCount.ifEvents : 0);
    return { first, others: standing - 1 };
  }

  /** The first open call (pending, or ended with `info`), in invoke order, and how many there are. */
  private openCalls(): { readonly first: CallState; readonly count: number } | undefined {
    const open = [...this.pending.values(), ...this.unknownOutcomes].sort((a, b) => a.invoke.seq - b.invoke.seq);
    const [first] = open;
    return first === undefined ? undefined : { first, count: open.length };
  }

  /** The line numbers of the records the verdict quotes as its witness, in history order (read them again for {@link HistoryChecker.verdict}). */
  witnessLines(): number[] {
    const reported = this.reported();
    if (reported !== undefined) return reported.first.witness.map((at) => at.line);
    const open = this.openCalls();
    if (open === undefined) return [];
    return open.first.completion === undefined ? [open.first.invoke.line] : [open.first.invoke.line, open.first.completion.line];
  }

  /** The verdict on the records read so far, taken as the whole history; `lines` gives the records of {@link HistoryChecker.witnessLines} by line number. */
  verdict(lines: (numbers: readonly number[]) => readonly HistoryLine[]): TraceVerdict {
    const reported = this.reported();
    if (reported !== undefined) {
      const { requirement, explanation } = reported.first;
      return { verdict: 'ILLEGAL', violation: { requirement, explanation, witness: lines(this.witnessLines()) }, others: reported.others };
    }
    const open = this.openCalls();
    if (open === undefined) return { verdict: 'OK' };
    const unknown = open.first;
    const reason =
      unknown.completion === undefined
        ? `${unknown.record.op} (call ${JSON.stringify(unknown.record.call)}, line ${unknown.invoke.line}) never completed`
        : `${unknown.record.op} (call ${JSON.stringify(unknown.record.call)}) ended with info at line ${unknown.completion.line}: its outcome is unknown`;
    return {
      verdict: 'UNKNOWN',
      reason: `${reason}${open.count > 1 ? ` (and ${open.count - 1} more open call${open.count > 2 ? 's' : ''})` : ''}; no violation was found in what is known`,
      witness: lines(this.witnessLines()),
    };
  }

  /** Reads the next record of the history. */
  read(line: HistoryLine): void {
    const record = line.record;
    const here: At = { line: line.line, seq: record.seq };
    if (record.kind === 'event') this.event(here, record);
    else if (record.kind === 'invoke') this.invoke(here, record);
    else this.complete(here, record);
  }

  /** Records a violation; `ifEvents`: it stands only if the history has events at all. */
  private violate(requirement: string, explanation: string, witness: readonly (At | undefined)[], ifEvents = false): void {
    const kind = ifEvents ? 'ifEvents' : 'strict';
    this.foundCount[kind] += 1;
    if (this.firstFound[kind] !== undefined) return;
    if (ifEvents && this.firstFound.strict === undefined) this.eventsFirst = true;
    const places = witness.filter((at): at is At => at !== undefined).sort((a, b) => a.seq - b.seq);
    this.firstFound[kind] = { requirement, explanation, witness: places.filter((at, index) => places.findIndex((other) => other.line === at.line) === index), ifEvents };
  }

  private invoke(line: At, record: OperationRecord): void {
    const call: CallState = { invoke: line, record };
    this.pending.set(record.call, call);
    const created = CREATIONS.has(record.op) ? (stringField(record.args, 'sessionId') ?? stringField(record.args, 'resumeSessionId')) : undefined;
    if (created !== undefined) {
      const creation: Creation = { invoke: line };
      call.creation = creation;
      const creations = this.creationsOf.get(created);
      if (creations === undefined) this.creationsOf.set(created, [creation]);
      else creations.push(creation);
    }
    if (record.op === 'getAgent' || record.op === 'getSession') {
      const id = stringField(record.args, 'id');
      if (id !== undefined) call.liveAgentAtInvoke = this.live.agent.get(id);
    }
    if (record.op === 'start') call.liveIdsAtInvoke = new Set([...this.live.agent.keys(), ...this.live.session.keys()]);
  }

  private complete(line: At, record: OperationRecord): void {
    const call = this.pending.get(record.call);
    if (call === undefined) return; // parseHistory guarantees a match
    this.pending.delete(record.call);
    call.completion = line;
    if (call.creation !== undefined) {
      call.creation.completion = line;
      const id = stringField(call.record.args, 'sessionId') ?? stringField(call.record.args, 'resumeSessionId');
      if (id !== undefined) this.forgetCreations(id);
    }
    if (record.kind === 'info') this.unknownOutcomes.push(call);
    if (record.kind === 'fail' && call.record.op === 'dispose') this.failedDispose(call, line);
    if (record.kind !== 'ok') return;
    switch (call.record.op) {
      case 'create':
      case 'resume':
      case 'spawn':
      case 'fork':
        this.created(call, line, record);
        break;
      case 'dispose':
        this.disposed(call, line);
        break;
      case 'shutdown':
        this.allGone(call, line, 'shutdown', line.seq);
        this.nothingPending(call, line);
        break;
      case 'restart':
        this.allGone(call, line, 'restart', call.invoke.seq);
        this.started(call, line, record);
        break;
      case 'start':
        this.started(call, line, record);
        break;
      case 'getAgent':
      case 'getSession':
      case 'listAgents':
      case 'listSessions':
        this.lookedUp(call, line, record);
        break;
      default:
        break;
    }
  }

  private event(line: At, record: EventRecord): void {
    this.hasEvents = true;
    const { id, object } = record.subject;
    switch (record.type) {
      case 'session/created':
        this.announce('session', line, id, object);
        break;
      case 'agent/created':
        this.announce('agent', line, id, object);
        break;
      case 'agent/session-start':
        this.sessionStart(line, id, object);
        break;
      case 'agent/disposed':
        this.retire('agent', line, id, object);
        break;
      case 'session/disposed':
        this.retire('session', line, id, object);
        break;
      case 'session/event':
        if (!this.appendedIds.has(id)) this.appendedIds.set(id, line);
        break;
      default:
        break;
    }
  }

  private announce(kind: EntryKind, line: At, id: string, object: Token): void {
    const key = `${kind}:${object}`;
    const previous = this.entries.get(key);
    if (previous?.disposed !== undefined) {
      this.violate('AIK-EVENT-001', `${kind} object ${object} is announced again at line ${line.line} after its ${kind}/disposed: an entry is never created after it was disposed`, [previous.created, previous.disposed, line]);
      return;
    }
    if (previous !== undefined) {
      this.violate('AIK-EVENT-002', `${kind} object ${object} is the subject of two ${kind}/created events: an entry object is announced at most once`, [previous.created, line]);
      return;
    }
    const entry: EntryState = { kind, object, id, created: line, pairedAgents: [] };
    this.entries.set(key, entry);
    this.undisposed.add(entry);
    if (kind === 'agent') this.lastAgentUnder.set(id, entry);
    const rival = this.live[kind].get(id);
    if (rival !== undefined) {
      const concurrent = this.concurrentCreations(id, rival.created, line);
      this.violate(
        concurrent ? 'AIK-CONFLICT-001' : 'AIK-ID-001',
        concurrent
          ? `two concurrent creations of id ${JSON.stringify(id)} both published a ${kind}: ${kind} object ${rival.object} (line ${rival.created.line}) and ${kind} object ${object} (line ${line.line}); exactly one may win, the others must reject with conflict`
          : `${kind} object ${object} is announced under id ${JSON.stringify(id)} while ${kind} object ${rival.object} (line ${rival.created.line}) is still live under it: a registry key holds exactly one entry`,
        [...concurrent, rival.created, line],
      );
    }
    if (kind === 'agent') {
      const session = this.live.session.get(id);
      // Only where the history is already illegal: a scan of the live entries.
      const unpaired = session === undefined ? this.lastUnpairedSession() : undefined;
      if (session !== undefined) {
        this.pair(entry, session);
      } else if (unpaired !== undefined) {
        this.pair(entry, unpaired);
        this.violate('AIK-ID-001', `agent object ${object} is announced under id ${JSON.stringify(id)}, but the session announced for it (session object ${unpaired.object}, line ${unpaired.created.line}) is filed under ${JSON.stringify(unpaired.id)}: agent id and session id are one id`, [unpaired.created, line]);
      } else {
        this.violate('AIK-TXN-002', `agent object ${object} is announced under id ${JSON.stringify(id)} at line ${line.line} with no live session under that id: session/created must come first`, [line]);
      }
    }
    this.live[kind].set(id, entry);
  }

  private pair(agent: EntryState, session: EntryState): void {
    agent.pairedSession = session;
    session.pairedAgents.push(agent);
  }

  /** The live session announced last that no live agent was announced with. */
  private lastUnpairedSession(): EntryState | undefined {
    const paired = new Set([...this.live.agent.values()].map((agent) => agent.pairedSession));
    return [...this.live.session.values()].filter((candidate) => !paired.has(candidate)).at(-1);
  }

  private sessionStart(line: At, id: string, object: Token): void {
    const agent = this.entries.get(`agent:${object}`);
    if (agent === undefined) {
      this.violate('AIK-TXN-002', `agent/session-start for agent object ${object} (id ${JSON.stringify(id)}) comes before any agent/created for it: the order is session/created, agent/created, agent/session-start`, [line]);
    } else if (agent.disposed !== undefined) {
      this.violate('AIK-TXN-002', `agent/session-start for agent object ${object} comes after its agent/disposed`, [agent.created, agent.disposed, line]);
    } else if (agent.sessionStart === undefined) {
      agent.sessionStart = line;
    }
  }

  private retire(kind: EntryKind, line: At, id: string, object: Token): void {
    const entry = this.entries.get(`${kind}:${object}`);
    if (entry === undefined) {
      this.violate('AIK-EVENT-001', `${kind}/disposed for ${kind} object ${object} (id ${JSON.stringify(id)}) without a ${kind}/created before it: a disposed edge fires only after its created edge`, [line]);
      return;
    }
    if (entry.disposed !== undefined) {
      this.violate('AIK-EVENT-001', `${kind} object ${object} gets a second ${kind}/disposed: the disposed edge fires exactly once`, [entry.created, entry.disposed, line]);
      return;
    }
    if (entry.id !== id) {
      this.violate('AIK-EVENT-001', `${kind} object ${object} was created under id ${JSON.stringify(entry.id)} but disposed under ${JSON.stringify(id)}: both edges carry the same entry`, [entry.created, line]);
    }
    if (kind === 'session') {
      const agent = entry.pairedAgents.find((candidate) => this.live.agent.get(candidate.id) === candidate);
      if (agent !== undefined) {
        this.violate('AIK-QUIESCE-002', `session/disposed for session object ${object} (line ${line.line}) comes while its agent object ${agent.object} has had no agent/disposed: agent/disposed must fire first`, [agent.created, line]);
      }
    } else {
      this.staleDisposeRemoved(entry, line);
    }
    entry.disposed = line;
    this.undisposed.delete(entry);
    if (this.live[kind].get(entry.id) === entry) this.live[kind].delete(entry.id);
    this.forgetCreations(entry.id);
  }

  /** AIK-DETACH-001: a dispose of an already stale handle is pending while a newer same-id agent goes away, and nothing else could have removed it. */
  private staleDisposeRemoved(agent: EntryState, line: At): void {
    for (const call of this.pending.values()) {
      if (call.record.op !== 'dispose') continue;
      const handle = this.handleOf(call);
      const old = handle === undefined ? undefined : this.handles.get(handle);
      if (old === undefined || old === agent || old.id !== agent.id || old.disposed === undefined || old.disposed.seq > call.invoke.seq) continue;
      // Another teardown in flight, or any call whose outcome is unknown.
      const otherTeardown = this.unknownOutcomes.length > 0 || [...this.pending.values()].some((other) => other !== call && TEARDOWNS.has(other.record.op));
      if (otherTeardown) continue;
      this.violate(
        'AIK-DETACH-001',
        `dispose of a stale handle (its agent object ${old.object} was disposed at line ${old.disposed.line}) removed the newer agent object ${agent.object} filed under the same id ${JSON.stringify(agent.id)}, with no other teardown in progress`,
        [old.disposed, call.invoke, agent.created, line],
      );
    }
  }

  private failedDispose(call: CallState, line: At): void {
    const handle = this.handleOf(call);
    if (handle !== undefined && this.disposedHandles.has(handle)) {
      this.violate('AIK-DETACH-001', `dispose of handle ${JSON.stringify(handle)} failed after an earlier dispose of it resolved: dispose is idempotent`, [call.invoke, line]);
    }
  }

  private handleOf(call: CallState): Token | undefined {
    const args = call.record.args;
    if (typeof args !== 'object' || args === null) return undefined;
    const handle = (args as { handle?: unknown }).handle;
    return typeof handle === 'string' || typeof handle === 'number' ? handle : undefined;
  }

  private created(call: CallState, line: At, record: OperationRecord): void {
    const result = creationResult(record.result);
    if (result === undefined) return;
    const since = call.invoke.seq;
    // Without a token, the agent announced last under the id, if that was since the invoke (every announcement so far is before this line).
    const last = result.agent === undefined ? this.lastAgentUnder.get(result.id) : undefined;
    const agent = result.agent !== undefined ? this.entries.get(`agent:${result.agent}`) : last !== undefined && last.created.seq > since ? last : undefined;
    const op = `${call.record.op}(${JSON.stringify(result.id)})`;
    if (agent === undefined || agent.created.seq < since) {
      // A history without any event records no announcement at all: this stands only if it has events.
      this.violate('AIK-TXN-002', `${op} returned its handle at line ${line.line} but no agent/created for ${JSON.stringify(result.id)} was announced since its invoke (line ${call.invoke.line}): the handle is returned only after session/created, agent/created and agent/session-start`, [call.invoke, line], !this.hasEvents);
      return;
    }
    if (agent.sessionStart === undefined || agent.sessionStart.seq > line.seq) {
      this.violate('AIK-TXN-002', `${op} returned its handle at line ${line.line} before agent/session-start of its agent object ${agent.object}: the handle is returned last`, [call.invoke, agent.pairedSession?.created, agent.created, line]);
      return;
    }
    if (result.handle !== undefined) this.handles.set(result.handle, agent);
  }

  private disposed(call: CallState, line: At): void {
    const handle = this.handleOf(call);
    if (handle === undefined) return;
    this.disposedHandles.add(handle);
    const agent = this.handles.get(handle);
    if (agent === undefined) return;
    const leftover = agent.disposed === undefined ? agent : agent.pairedSession?.disposed === undefined ? agent.pairedSession : undefined;
    if (leftover !== undefined) {
      this.violate('AIK-EVENT-001', `dispose of handle ${JSON.stringify(handle)} resolved at line ${line.line} but its ${leftover.kind} object ${leftover.object} (announced at line ${leftover.created.line}) never got ${leftover.kind}/disposed: once an entry is gone its created and disposed edges are paired`, [leftover.created, call.invoke, line]);
    }
  }

  private allGone(call: CallState, line: At, op: string, before: number): void {
    // The earliest entry not disposed: announcements are in history order.
    const [earliest] = this.undisposed;
    const leftover = earliest !== undefined && earliest.created.seq < before ? earliest : undefined;
    if (leftover !== undefined) {
      this.violate('AIK-EVENT-001', `${op} resolved at line ${line.line} but ${leftover.kind} object ${leftover.object} (id ${JSON.stringify(leftover.id)}, announced at line ${leftover.created.line}) never got ${leftover.kind}/disposed: after ${op} every entry is gone, so its edges must be paired`, [leftover.created, call.invoke, line]);
    }
  }

  /** AIK-QUIESCE-005: shutdown resolves last — after every creation that was pending when it began has settled. */
  private nothingPending(call: CallState, line: At): void {
    const pending = [...this.pending.values()].find((other) => CREATIONS.has(other.record.op) && other.invoke.seq < call.invoke.seq);
    if (pending !== undefined) {
      this.violate('AIK-QUIESCE-005', `shutdown resolved at line ${line.line} while ${pending.record.op} (call ${JSON.stringify(pending.record.call)}, invoked at line ${pending.invoke.line} before the shutdown began) had not settled: shutdown rejects pending creations after their rollback and resolves last`, [pending.invoke, call.invoke, line]);
    }
  }

  /** AIK-CONFIG-001: an entry with neither exact id gets a fresh id: not its label, not live, not persisted, new on every start. */
  private started(call: CallState, line: At, record: OperationRecord): void {
    const config = configEntries(call.record.args) ?? (call.record.op === 'restart' ? this.lastConfig : undefined);
    const results = startResults(record.result);
    if (config === undefined || results === undefined) return;
    this.lastConfig = config;
    const minted: string[] = [];
    config.forEach((entry, index) => {
      const result = results[index];
      if (entry.exact || result === undefined || result.id === undefined) return;
      const id = result.id;
      const quoted = JSON.stringify(id);
      const earlier = this.mintedIds.get(id);
      const appended = this.appendedIds.get(id);
      if (id === entry.label) {
        this.violate('AIK-CONFIG-001', `config entry ${index} (label ${quoted}) has no exact id, yet it was published under its label: a label is never a registry key`, [call.invoke, line]);
      } else if (earlier !== undefined) {
        this.violate('AIK-CONFIG-001', `config entry ${index} (label ${JSON.stringify(entry.label)}) got id ${quoted} again, already minted by the start that completed at line ${earlier.line}: a fresh id is new on every start`, [earlier, call.invoke, line]);
      } else if (call.liveIdsAtInvoke?.has(id) === true) {
        this.violate('AIK-CONFIG-001', `config entry ${index} (label ${JSON.stringify(entry.label)}) got id ${quoted}, which was live when the start began: a fresh id is not live`, [call.invoke, line]);
      } else if (appended !== undefined && appended.seq < call.invoke.seq) {
        this.violate('AIK-CONFIG-001', `config entry ${index} (label ${JSON.stringify(entry.label)}) got id ${quoted}, whose session had already appended events (line ${appended.line}) and so was persisted: a fresh id is not persisted`, [appended, call.invoke, line]);
      }
      minted.push(id);
    });
    for (const id of minted) if (!this.mintedIds.has(id)) this.mintedIds.set(id, line);
  }

  /** AIK-ID-001 from recorded lookups: key = agent id = session id = header id, and the session under the key is the agent's own. */
  private lookedUp(call: CallState, line: At, record: OperationRecord): void {
    const witness = [call.invoke, line];
    const key = stringField(call.record.args, 'id');
    const op = call.record.op;
    const results = op === 'listAgents' || op === 'listSessions' ? (Array.isArray(record.result) ? record.result : []) : [record.result];
    for (const raw of results) {
      if (raw === null) continue;
      if (op === 'getAgent' || op === 'listAgents') {
        const entry = agentEntry(raw);
        if (entry === undefined) continue;
        const expected = key ?? entry.id;
        const mismatch = [
          ['agent id', entry.id],
          ['session id', entry.session.id],
          ['header id', entry.session.headerId],
        ].find(([, value]) => value !== undefined && value !== expected);
        if (mismatch !== undefined) {
          this.violate('AIK-ID-001', `${op}${key === undefined ? '' : `(${JSON.stringify(key)})`} returned agent object ${entry.object} whose ${mismatch[0]} is ${JSON.stringify(mismatch[1])}, not ${JSON.stringify(expected)}: registry key, agent id, session id and header id are one id`, witness);
          return;
        }
        const paired = this.entries.get(`agent:${entry.object}`)?.pairedSession;
        if (paired !== undefined && paired.object !== entry.session.object) {
          this.violate('AIK-ID-001', `${op} returned agent object ${entry.object} with session object ${entry.session.object}, but the session announced with it is session object ${paired.object} (line ${paired.created.line})`, [paired.created, ...witness]);
          return;
        }
      } else {
        const entry = sessionEntry(raw);
        if (entry === undefined) continue;
        const expected = key ?? entry.id;
        const wrong = entry.id !== expected ? entry.id : entry.headerId !== undefined && entry.headerId !== expected ? entry.headerId : undefined;
        if (wrong !== undefined) {
          this.violate('AIK-ID-001', `${op}${key === undefined ? '' : `(${JSON.stringify(key)})`} returned session object ${entry.object} carrying id ${JSON.stringify(wrong)}, not ${JSON.stringify(expected)}: the session is filed under its header id`, witness);
          return;
        }
        const agent = call.liveAgentAtInvoke;
        const session = agent?.pairedSession;
        if (op === 'getSession' && agent !== undefined && agent.disposed === undefined && session !== undefined && session.object !== entry.object) {
          this.violate('AIK-ID-001', `getSession(${JSON.stringify(expected)}) returned session object ${entry.object} while agent object ${agent.object}, live under that id throughout, owns session object ${session.object}: the session store holds the agent's own session under its key`, [session.created, agent.created, ...witness]);
          return;
        }
      }
    }
  }

  /**
   * Forgets the completed creations of `id` that no later announcement can find open (see
   * {@link HistoryChecker.concurrentCreations}, which looks for creations open when an entry
   * live under the id was announced, or open now): every completed one but those that were open
   * when an entry now live under the id was announced. So the creations kept are bounded by the
   * open calls and the live entries, not by the history's length.
   */
  private forgetCreations(id: string): void {
    const creations = this.creationsOf.get(id);
    if (creations === undefined) return;
    const announced = [this.live.agent.get(id), this.live.session.get(id)].flatMap((entry) => (entry === undefined ? [] : [entry.created.seq]));
    const kept = creations.filter(({ invoke, completion }) => completion === undefined || announced.some((seq) => invoke.seq < seq && completion.seq > seq));
    if (kept.length === 0) this.creationsOf.delete(id);
    else this.creationsOf.set(id, kept);
  }

  /** The creations of `id` whose calls were open at `first` and at `second` respectively, when they are two different calls. */
  private concurrentCreations(id: string, first: At, second: At): At[] {
    const openAt = (at: At): Creation[] =>
      (this.creationsOf.get(id) ?? []).filter((creation) => creation.invoke.seq < at.seq && (creation.completion === undefined || creation.completion.seq > at.seq));
    const firstCalls = openAt(first);
    for (const other of openAt(second)) {
      const partner = firstCalls.find((creation) => creation !== other && (creation.completion === undefined || creation.completion.seq > other.invoke.seq));
      if (partner !== undefined) return [partner.invoke, other.invoke];
    }
    return [];
  }
}
