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

interface EntryState {
  readonly kind: EntryKind;
  readonly object: Token;
  readonly id: string;
  readonly created: HistoryLine;
  disposed?: HistoryLine;
  /** For an agent: the session that was live under its id when it was announced. */
  pairedSession?: EntryState;
  /** For a session: the agents announced with it (the inverse of `pairedSession`). */
  readonly pairedAgents: EntryState[];
  sessionStart?: HistoryLine;
}

interface CallState {
  readonly invoke: HistoryLine;
  readonly record: OperationRecord;
  completion?: HistoryLine;
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
  return checker.verdict();
}

/** A violation, and whether it stands only if the history has events at all (decided at its end). */
interface Found {
  readonly violation: TraceViolation;
  readonly ifEvents: boolean;
}

/**
 * {@link checkHistory} one record at a time, in history order, for a history read as a stream:
 * each record costs time independent of the history's length, and only what later records can
 * refer to is kept (the entries and the calls), never the lines in between.
 */
export class HistoryChecker {
  private readonly found: Found[] = [];
  private hasEvents = false;
  /** Calls in flight, by their `call` token. */
  private readonly pending = new Map<Token, CallState>();
  /** Calls that ended with `info` (outcome unknown), in invoke order. */
  private readonly unknownOutcomes: CallState[] = [];
  /** The creations (`create`, `resume`, `spawn`, `fork`) of each id they ask for, in invoke order. */
  private readonly creationsOf = new Map<string, CallState[]>();
  private readonly entries = new Map<string, EntryState>();
  /** The entries not yet disposed, in announcement order. */
  private readonly undisposed = new Set<EntryState>();
  /** The agent last announced under each id. */
  private readonly lastAgentUnder = new Map<string, EntryState>();
  private readonly live: Record<EntryKind, Map<string, EntryState>> = { agent: new Map(), session: new Map() };
  private readonly handles = new Map<Token, EntryState>();
  private readonly disposedHandles = new Set<Token>();
  private readonly mintedIds = new Map<string, HistoryLine>();
  private readonly appendedIds = new Map<string, HistoryLine>();
  private lastConfig: ReturnType<typeof configEntries>;

  /** The verdict on the records read so far, taken as the whole history. */
  verdict(): TraceVerdict {
    const [first, ...rest] = this.found.filter((found) => this.hasEvents || !found.ifEvents).map((found) => found.violation);
    if (first !== undefined) return { verdict: 'ILLEGAL', violation: first, others: rest.length };
    const open = [...this.pending.values(), ...this.unknownOutcomes].sort((a, b) => a.invoke.record.seq - b.invoke.record.seq);
    const [unknown] = open;
    if (unknown === undefined) return { verdict: 'OK' };
    const reason =
      unknown.completion === undefined
        ? `${unknown.record.op} (call ${JSON.stringify(unknown.record.call)}, line ${unknown.invoke.line}) never completed`
        : `${unknown.record.op} (call ${JSON.stringify(unknown.record.call)}) ended with info at line ${unknown.completion.line}: its outcome is unknown`;
    return {
      verdict: 'UNKNOWN',
      reason: `${reason}${open.length > 1 ? ` (and ${open.length - 1} more open call${open.length > 2 ? 's' : ''})` : ''}; no violation was found in what is known`,
      witness: unknown.completion === undefined ? [unknown.invoke] : [unknown.invoke, unknown.completion],
    };
  }

  /** Reads the next record of the history. */
  read(line: HistoryLine): void {
    const record = line.record;
    if (record.kind === 'event') this.event(line, record);
    else if (record.kind === 'invoke') this.invoke(line, record);
    else this.complete(line, record);
  }

  /** Records a violation; `ifEvents`: it stands only if the history has events at all. */
  private violate(requirement: string, explanation: string, witness: readonly (HistoryLine | undefined)[], ifEvents = false): void {
    const lines = witness.filter((line): line is HistoryLine => line !== undefined).sort((a, b) => a.record.seq - b.record.seq);
    this.found.push({ violation: { requirement, explanation, witness: [...new Set(lines)] }, ifEvents });
  }

  private invoke(line: HistoryLine, record: OperationRecord): void {
    const call: CallState = { invoke: line, record };
    this.pending.set(record.call, call);
    const created = CREATIONS.has(record.op) ? (stringField(record.args, 'sessionId') ?? stringField(record.args, 'resumeSessionId')) : undefined;
    if (created !== undefined) {
      const creations = this.creationsOf.get(created);
      if (creations === undefined) this.creationsOf.set(created, [call]);
      else creations.push(call);
    }
    if (record.op === 'getAgent' || record.op === 'getSession') {
      const id = stringField(record.args, 'id');
      if (id !== undefined) call.liveAgentAtInvoke = this.live.agent.get(id);
    }
    if (record.op === 'start') call.liveIdsAtInvoke = new Set([...this.live.agent.keys(), ...this.live.session.keys()]);
  }

  private complete(line: HistoryLine, record: OperationRecord): void {
    const call = this.pending.get(record.call);
    if (call === undefined) return; // parseHistory guarantees a match
    this.pending.delete(record.call);
    call.completion = line;
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
        this.allGone(call, line, 'shutdown', line.record.seq);
        this.nothingPending(call, line);
        break;
      case 'restart':
        this.allGone(call, line, 'restart', call.invoke.record.seq);
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

  private event(line: HistoryLine, record: EventRecord): void {
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

  private announce(kind: EntryKind, line: HistoryLine, id: string, object: Token): void {
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

  private sessionStart(line: HistoryLine, id: string, object: Token): void {
    const agent = this.entries.get(`agent:${object}`);
    if (agent === undefined) {
      this.violate('AIK-TXN-002', `agent/session-start for agent object ${object} (id ${JSON.stringify(id)}) comes before any agent/created for it: the order is session/created, agent/created, agent/session-start`, [line]);
    } else if (agent.disposed !== undefined) {
      this.violate('AIK-TXN-002', `agent/session-start for agent object ${object} comes after its agent/disposed`, [agent.created, agent.disposed, line]);
    } else if (agent.sessionStart === undefined) {
      agent.sessionStart = line;
    }
  }

  private retire(kind: EntryKind, line: HistoryLine, id: string, object: Token): void {
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
  }

  /** AIK-DETACH-001: a dispose of an already stale handle is pending while a newer same-id agent goes away, and nothing else could have removed it. */
  private staleDisposeRemoved(agent: EntryState, line: HistoryLine): void {
    for (const call of this.pending.values()) {
      if (call.record.op !== 'dispose') continue;
      const handle = this.handleOf(call);
      const old = handle === undefined ? undefined : this.handles.get(handle);
      if (old === undefined || old === agent || old.id !== agent.id || old.disposed === undefined || old.disposed.record.seq > call.invoke.record.seq) continue;
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

  private failedDispose(call: CallState, line: HistoryLine): void {
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

  private created(call: CallState, line: HistoryLine, record: OperationRecord): void {
    const result = creationResult(record.result);
    if (result === undefined) return;
    const since = call.invoke.record.seq;
    // Without a token, the agent announced last under the id, if that was since the invoke (every announcement so far is before this line).
    const last = result.agent === undefined ? this.lastAgentUnder.get(result.id) : undefined;
    const agent = result.agent !== undefined ? this.entries.get(`agent:${result.agent}`) : last !== undefined && last.created.record.seq > since ? last : undefined;
    const op = `${call.record.op}(${JSON.stringify(result.id)})`;
    if (agent === undefined || agent.created.record.seq < since) {
      // A history without any event records no announcement at all: this stands only if it has events.
      this.violate('AIK-TXN-002', `${op} returned its handle at line ${line.line} but no agent/created for ${JSON.stringify(result.id)} was announced since its invoke (line ${call.invoke.line}): the handle is returned only after session/created, agent/created and agent/session-start`, [call.invoke, line], !this.hasEvents);
      return;
    }
    if (agent.sessionStart === undefined || agent.sessionStart.record.seq > line.record.seq) {
      this.violate('AIK-TXN-002', `${op} returned its handle at line ${line.line} before agent/session-start of its agent object ${agent.object}: the handle is returned last`, [call.invoke, agent.pairedSession?.created, agent.created, line]);
      return;
    }
    if (result.handle !== undefined) this.handles.set(result.handle, agent);
  }

  private disposed(call: CallState, line: HistoryLine): void {
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

  private allGone(call: CallState, line: HistoryLine, op: string, before: number): void {
    // The earliest entry not disposed: announcements are in history order.
    const [earliest] = this.undisposed;
    const leftover = earliest !== undefined && earliest.created.record.seq < before ? earliest : undefined;
    if (leftover !== undefined) {
      this.violate('AIK-EVENT-001', `${op} resolved at line ${line.line} but ${leftover.kind} object ${leftover.object} (id ${JSON.stringify(leftover.id)}, announced at line ${leftover.created.line}) never got ${leftover.kind}/disposed: after ${op} every entry is gone, so its edges must be paired`, [leftover.created, call.invoke, line]);
    }
  }

  /** AIK-QUIESCE-005: shutdown resolves last — after every creation that was pending when it began has settled. */
  private nothingPending(call: CallState, line: HistoryLine): void {
    const pending = [...this.pending.values()].find((other) => CREATIONS.has(other.record.op) && other.invoke.record.seq < call.invoke.record.seq);
    if (pending !== undefined) {
      this.violate('AIK-QUIESCE-005', `shutdown resolved at line ${line.line} while ${pending.record.op} (call ${JSON.stringify(pending.record.call)}, invoked at line ${pending.invoke.line} before the shutdown began) had not settled: shutdown rejects pending creations after their rollback and resolves last`, [pending.invoke, call.invoke, line]);
    }
  }

  /** AIK-CONFIG-001: an entry with neither exact id gets a fresh id: not its label, not live, not persisted, new on every start. */
  private started(call: CallState, line: HistoryLine, record: OperationRecord): void {
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
      } else if (appended !== undefined && appended.record.seq < call.invoke.record.seq) {
        this.violate('AIK-CONFIG-001', `config entry ${index} (label ${JSON.stringify(entry.label)}) got id ${quoted}, whose session had already appended events (line ${appended.line}) and so was persisted: a fresh id is not persisted`, [appended, call.invoke, line]);
      }
      minted.push(id);
    });
    for (const id of minted) if (!this.mintedIds.has(id)) this.mintedIds.set(id, line);
  }

  /** AIK-ID-001 from recorded lookups: key = agent id = session id = header id, and the session under the key is the agent's own. */
  private lookedUp(call: CallState, line: HistoryLine, record: OperationRecord): void {
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

  /** The creations of `id` whose calls were open at `first` and at `second` respectively, when they are two different calls. */
  private concurrentCreations(id: string, first: HistoryLine, second: HistoryLine): HistoryLine[] {
    const openAt = (at: HistoryLine): CallState[] =>
      (this.creationsOf.get(id) ?? []).filter((call) => call.invoke.record.seq < at.record.seq && (call.completion === undefined || call.completion.record.seq > at.record.seq));
    const firstCalls = openAt(first);
    for (const other of openAt(second)) {
      const partner = firstCalls.find((call) => call !== other && (call.completion === undefined || call.completion.record.seq > other.invoke.record.seq));
      if (partner !== undefined) return [partner.invoke, other.invoke];
    }
    return [];
  }
}
