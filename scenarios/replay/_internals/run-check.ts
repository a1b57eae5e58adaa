import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { HandleToken, ObservedEvent, OperationName, SessionToken } from '../../../src/contract/adapter.js';
import type { StoredEvent } from '../../../src/contract/durable-store.js';
import { RECORDER } from '../../../src/contract/adapter.js';
import type { ScenarioCheck } from '../../../src/contract/scenario.js';
import type { KitEnv } from '../../../properties/env/kit-env.js';
import type { DrivenSystem } from '../../../properties/runner/driven-system.js';
import type { Settlement } from '../replay-scenario.js';
import { meetsExpectation, showExpectation, showOutcome, type OutcomeReader } from './outcome-expectation.js';

/** What a check reads from its replay. */
export interface CheckState {
  readonly system: DrivenSystem;
  readonly kit: KitEnv;
  /** Where the previous check stopped reading the event log, plan outcomes, store calls and forwarded messages. */
  readonly cursors: { events: number; plans: number; storeCalls: number; forwarded: number };
  /** Job tokens by the name of the `startJob` step that started them. */
  readonly jobs: ReadonlyMap<string, string>;
  /** Where the fake ACP child writes its pid. */
  readonly remote: { readonly pidFile: string };
  /** Ids published or requested so far (for `{ fresh: true }`). */
  readonly seenIds: Set<string>;
  readonly handles: ReadonlyMap<string, { readonly token: HandleToken; readonly id: string }>;
  /** Per session id: the turns the kit ran for it, as the number of events heard when each started and (once it did) settled. */
  readonly turnSpans: ReadonlyMap<string, readonly { readonly from: number; to?: number }[]>;
  /** The log length of each session object when the create or resume that published it resolved. */
  readonly publishedAt: ReadonlyMap<SessionToken, number>;
  /** The log of each session object as a `lengths` check last read it. */
  readonly logs: Map<SessionToken, readonly StoredEvent[]>;
  /** Whether the call started by the step named `name` has settled. */
  isSettled(name: string): boolean;
  /** When each named call started with `wait: false` settled. */
  readonly settlements: ReadonlyMap<string, Settlement>;
  /** `@name` → the id of that handle; anything else unchanged. */
  idOf(name: string): string;
  reader(op: OperationName): OutcomeReader;
}

const show = (value: unknown): string => JSON.stringify(value) ?? String(value);
const sorted = (ids: Iterable<string>): string[] => [...ids].sort();
const eventText = (event: ObservedEvent): string => `${event.type} ${event.id}`;

/**
 * Evaluates a named check after its step; returns the first difference as expected vs observed,
 * or `undefined` when everything holds. Advances the cursors so the next check reads only what
 * happened after this one.
 */
export async function checkFailure(check: ScenarioCheck, state: CheckState): Promise<{ expected: string; observed: string } | undefined> {
  const { system, kit, cursors } = state;
  const events = system.events();
  const fresh = events.slice(cursors.events);
  const plans = system.planOutcomes();
  const freshPlans = plans.slice(cursors.plans);
  const storeCalls = kit.store?.calls.slice(cursors.storeCalls) ?? [];
  cursors.events = events.length;
  cursors.plans = plans.length;
  cursors.storeCalls = kit.store?.calls.length ?? 0;
  const resolveEvent = (text: string) => {
    const space = text.indexOf(' ');
    return `${text.slice(0, space)} ${state.idOf(text.slice(space + 1))}`;
  };
  const differ = (what: string, expected: unknown, observed: unknown) => (isDeepStrictEqual(expected, observed) ? undefined : { expected: `${what}: ${show(expected)}`, observed: `${what}: ${show(observed)}` });

  const ignored = new Set(check.ignore ?? []);
  const heardBy = (listener: string) => fresh.filter((event) => event.listener === listener && !ignored.has(event.type)).map(eventText);
  const unignored = (texts: readonly string[]) => texts.filter((text) => !ignored.has(text.slice(0, text.indexOf(' ')))).map(resolveEvent);
  if (check.events !== undefined) {
    const problem = differ('events heard by the recorder', unignored(check.events), heardBy(RECORDER));
    if (problem !== undefined) return problem;
  }
  for (const [listener, expected] of Object.entries(check.heard ?? {})) {
    const problem = differ(`events heard by listener ${listener}`, unignored(expected), heardBy(listener));
    if (problem !== undefined) return problem;
  }
  const agents = system.agents();
  const sessions = system.sessions();
  for (const name of check.identity ?? []) {
    const id = state.idOf(name);
    const agent = agents.find((entry) => entry.id === id);
    const session = sessions.find((entry) => entry.id === id);
    if (agent === undefined) return { expected: `a live agent filed under ${show(id)}`, observed: 'none' };
    const observed = `agent filed under ${show(agent.id)} with session id ${show(agent.session.id)}, header id ${show(agent.session.headerId)}; the session store holds ${session === undefined ? 'nothing' : session.token === agent.session.token ? 'its session' : `another session (${session.token})`} under it`;
    if (agent.session.id !== id || agent.session.headerId !== id || session?.token !== agent.session.token || session.header.id !== id) {
      return { expected: `registry key = agent id = session id = header id = ${show(id)}, and the store holds that agent's session under it`, observed };
    }
  }
  for (const [listener, expected] of Object.entries(check.snapshots ?? {})) {
    const snapshot = fresh.filter((event) => event.listener === listener && event.snapshot !== undefined).at(-1)?.snapshot;
    const want = { agents: sorted(expected.agents.map((id) => state.idOf(id))), sessions: sorted(expected.sessions.map((id) => state.idOf(id))) };
    const problem = differ(`what listener ${listener} saw`, want, snapshot === undefined ? 'no snapshot' : { agents: sorted(snapshot.agents.map((entry) => entry.id)), sessions: sorted(snapshot.sessions.map((entry) => entry.id)) });
    if (problem !== undefined) return problem;
  }
  if (check.agents !== undefined) {
    const problem = differ('live agents', sorted(check.agents.map((id) => state.idOf(id))), sorted(agents.map((entry) => entry.id)));
    if (problem !== undefined) return problem;
  }
  if (check.sessions !== undefined) {
    const problem = differ('live sessions', sorted(check.sessions.map((id) => state.idOf(id))), sorted(sessions.map((entry) => entry.id)));
    if (problem !== undefined) return problem;
  }
  for (const [name, expected] of Object.entries(check.stored ?? {})) {
    const id = state.idOf(name);
    const stored = kit.store === undefined ? false : (await kit.store.peek(id)) !== undefined;
    if (stored !== expected) return { expected: `the store ${expected ? 'holds' : 'holds no'} record under ${show(id)}`, observed: `it ${stored ? 'holds one' : 'holds none'}` };
  }
  for (const text of check.afterTurns ?? []) {
    const wanted = resolveEvent(text);
    const at = events.findIndex((event, index) => index >= cursors.events - fresh.length && event.listener === RECORDER && eventText(event) === wanted);
    if (at < 0) return { expected: `the recorder heard ${wanted}`, observed: 'it did not' };
    const id = wanted.slice(wanted.indexOf(' ') + 1);
    const during = (state.turnSpans.get(id) ?? []).some((span) => span.from <= at && (span.to === undefined || at < span.to));
    if (during) return { expected: `${wanted} heard only once no turn of ${show(id)} was in flight`, observed: 'it was heard while one was' };
  }
  for (const name of check.sessionEvents ?? []) {
    const id = state.idOf(name);
    const session = sessions.find((entry) => entry.id === id);
    if (session === undefined) return { expected: `a live session under ${show(id)}`, observed: 'none' };
    const after = state.publishedAt.get(session.token) ?? 0;
    const appended = system.history(session.token).slice(after).map((event) => event.seq);
    const heard = events.filter((event) => event.listener === RECORDER && event.type === 'session/event' && event.subject === session.token).map((event) => event.event?.seq ?? -1);
    const problem = differ(`seqs of the session/event heard for ${show(id)} (one per event appended after publication, in seq order, none for the seed)`, appended, heard);
    if (problem !== undefined) return problem;
  }
  for (const [name, expected] of Object.entries(check.lengths ?? {})) {
    const problem = lengthFailure(state.idOf(name), expected, state);
    if (problem !== undefined) return problem;
  }
  for (const [name, expected] of Object.entries(check.headers ?? {})) {
    const id = state.idOf(name);
    const header = sessions.find((entry) => entry.id === id)?.header as Readonly<Record<string, unknown>> | undefined;
    if (header === undefined) return { expected: `a live session under ${show(id)}`, observed: 'none' };
    for (const [field, written] of Object.entries(expected)) {
      const value = typeof written === 'string' ? state.idOf(written) : written;
      const observed = field in header && header[field] !== undefined ? header[field] : null;
      if (!isDeepStrictEqual(observed, value)) return { expected: `header.${field} of ${show(id)}: ${value === null ? 'absent' : show(value)}`, observed: `header.${field}: ${observed === null ? 'absent' : show(observed)}` };
    }
  }
  for (const [name, parent] of Object.entries(check.parents ?? {})) {
    const id = state.idOf(name);
    const entry = agents.find((candidate) => candidate.id === id);
    const observed = entry?.parent === undefined ? null : (agents.find((candidate) => candidate.token === entry.parent)?.id ?? `token ${entry.parent}`);
    const problem = differ(`owning parent of ${show(id)}`, parent === null ? null : state.idOf(parent), entry === undefined ? 'not live' : observed);
    if (problem !== undefined) return problem;
  }
  if (check.config !== undefined) {
    const problem = configFailure(check.config, state);
    if (problem !== undefined) return problem;
  }
  if (check.planOutcomes !== undefined) {
    const reader = state.reader('plan');
    const expected = check.planOutcomes.map((entry) => `${entry.plan}: ${showExpectation(entry.expect)}`);
    const observed = freshPlans.map((entry) => `${entry.plan}: ${showOutcome(entry.outcome, reader)}`);
    const matches = expected.length === observed.length && check.planOutcomes.every((entry, index) => entry.plan === freshPlans[index]?.plan && meetsExpectation(entry.expect, freshPlans[index]?.outcome, reader));
    if (!matches) return { expected: `plan outcomes: ${show(expected)}`, observed: `plan outcomes: ${show(observed)}` };
  }
  const problem = capabilityFailure(check, state, fresh);
  if (problem !== undefined) return problem;
  const unsettled = (check.settled ?? []).filter((name) => !state.isSettled(name));
  if (unsettled.length > 0) return { expected: `settled by now: ${unsettled.join(', ')}`, observed: `still pending: ${unsettled.join(', ')}` };
  const early = (check.pending ?? []).filter((name) => state.isSettled(name));
  if (early.length > 0) return { expected: `still pending: ${early.join(', ')}`, observed: `settled: ${early.join(', ')}` };
  const order = settlementFailure(check.settledAfter ?? {}, state, events);
  if (order !== undefined) return order;
  for (const name of check.untouched ?? []) {
    const id = state.idOf(name);
    const touched = storeCalls.filter((call) => call.id === id);
    if (touched.length > 0) return { expected: `no store call for ${show(id)}`, observed: touched.map((call) => `${call.op}(${show(call.id)})`).join(', ') };
  }
  for (const [name, ops] of Object.entries(check.noCalls ?? {})) {
    const id = state.idOf(name);
    const made = storeCalls.filter((call) => call.id === id && ops.includes(call.op));
    if (made.length > 0) return { expected: `no ${ops.join(' or ')} of ${show(id)} in the store`, observed: made.map((call) => `${call.op}(${show(call.id)})`).join(', ') };
  }
  return undefined;
}

/**
 * `lengths`: the log of the live session `id` holds at least the `expected` events the scenario
 * caused — an implementation may append bookkeeping events of its own (§2 "Durable store") — and
 * the log this replay read of the same session object at an earlier check is a prefix of it.
 */
function lengthFailure(id: string, expected: number, state: CheckState): { expected: string; observed: string } | undefined {
  const session = state.system.sessions().find((entry) => entry.id === id);
  const what = `log length of live session ${show(id)}`;
  if (session === undefined) return { expected: `${what}: at least ${expected}`, observed: `${what}: not live` };
  const log = state.system.history(session.token);
  if (log.length < expected) return { expected: `${what}: at least ${expected}`, observed: `${what}: ${log.length}` };
  const earlier = state.logs.get(session.token);
  state.logs.set(session.token, log);
  if (earlier !== undefined && !isDeepStrictEqual(log.slice(0, earlier.length), earlier)) {
    return { expected: `the log of ${show(id)} read at an earlier check (${earlier.length} events) as its prefix`, observed: `its first ${earlier.length} events differ: ${show(log.slice(0, earlier.length))}` };
  }
  return undefined;
}

/** The first call of `settledAfter` whose outcome reached the kit before an event or call it must follow. */
function settlementFailure(settledAfter: NonNullable<ScenarioCheck['settledAfter']>, state: CheckState, events: readonly ObservedEvent[]): { expected: string; observed: string } | undefined {
  for (const [call, before] of Object.entries(settledAfter)) {
    const settlement = state.settlements.get(call);
    if (settlement === undefined) return { expected: `${call} settled`, observed: `${call} still pending` };
    const heard = new Set(events.slice(0, settlement.events).filter((event) => event.listener === RECORDER).map(eventText));
    const missing = before.filter((entry) => (entry.includes(' ') ? !heard.has(entry.slice(0, entry.indexOf(' ') + 1) + state.idOf(entry.slice(entry.indexOf(' ') + 1))) : !settlement.calls.includes(entry)));
    if (missing.length > 0) return { expected: `${call} settles only after ${before.join(', ')}`, observed: `it settled before ${missing.join(', ')}` };
  }
  return undefined;
}

function configFailure(expected: NonNullable<ScenarioCheck['config']>, state: CheckState): { expected: string; observed: string } | undefined {
  const outcome = state.system.configResults();
  const reader = state.reader('config');
  if (!Array.isArray(expected)) {
    const refused = 'reject' in expected ? expected : undefined;
    const observed = outcome.ok ? `started ${outcome.entries.length} entries` : showOutcome(outcome, reader);
    if (refused === undefined || !meetsExpectation(refused, outcome.ok ? { ok: true } : outcome, reader)) return { expected: `the configuration is refused: ${showExpectation(expected as { reject: never })}`, observed };
    return undefined;
  }
  if (!outcome.ok) return { expected: `${expected.length} configuration entries started`, observed: `the configuration was refused: ${showOutcome(outcome, reader)}` };
  if (outcome.entries.length !== expected.length) return { expected: `${expected.length} configuration entries`, observed: `${outcome.entries.length}` };
  for (const [index, entry] of expected.entries()) {
    const actual = outcome.entries[index];
    if (actual === undefined) continue;
    const observed = `config[${index}] ${actual.label}: ${showOutcome(actual, reader)}${actual.ok ? ` as ${show(actual.id)}` : ''}`;
    if (actual.label !== entry.label || !meetsExpectation(entry.expect, actual, reader)) return { expected: `config[${index}] ${entry.label}: ${showExpectation(entry.expect)}`, observed };
    if (entry.id === undefined || !actual.ok) continue;
    if (typeof entry.id === 'string') {
      if (actual.id !== entry.id) return { expected: `config[${index}] published as ${show(entry.id)}`, observed };
    } else if (actual.id === actual.label || state.seenIds.has(actual.id)) {
      return { expected: `config[${index}] published under a fresh id (not its label, not seen before)`, observed };
    }
  }
  for (const entry of outcome.entries) if (entry.ok) state.seenIds.add(entry.id);
  return undefined;
}

/** `@name` tokens of a space-separated line replaced by ids. */
function resolveWords(text: string, state: CheckState): string {
  return text
    .split(' ')
    .map((word) => state.idOf(word))
    .join(' ');
}

function runText(event: ObservedEvent): string {
  const run = event.run;
  return run === undefined ? `${event.type} ${event.id}` : `${event.type} ${event.id} ${run.id} ${run.provider} ${run.local ? 'local' : 'remote'}${run.outcome === undefined ? '' : ` ${run.outcome}`}`;
}

function childRunning(pidFile: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').trim());
  } catch {
    return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The checks of subagent runs, remote children and the optional capabilities (bridge, rpc, consumers). */
function capabilityFailure(check: ScenarioCheck, state: CheckState, fresh: readonly ObservedEvent[]): { expected: string; observed: string } | undefined {
  const raw = state.system.raw;
  const recorded = (events: readonly ObservedEvent[]) => events.filter((event) => event.listener === RECORDER && event.type.startsWith('subagent/'));
  if (check.runs !== undefined) {
    const expected = check.runs.map((line) => resolveWords(line, state));
    const observed = recorded(fresh).map(runText);
    if (!isDeepStrictEqual(expected, observed)) return { expected: `subagent runs: ${show(expected)}`, observed: `subagent runs: ${show(observed)}` };
  }
  if (check.runPairs === true) {
    const runs = recorded(state.system.events());
    const starts = new Map<string, ObservedEvent>();
    for (const event of runs) {
      const run = event.run;
      if (run === undefined) return { expected: 'every subagent event carries its run', observed: `${event.type} ${event.id} without one` };
      if (run.runId === run.id) return { expected: 'a runId distinct from the run id', observed: `run ${run.id} has runId ${run.runId}` };
      const start = starts.get(run.runId);
      if (event.type === 'subagent/start') {
        if (start !== undefined) return { expected: `runId ${run.runId} used by one run`, observed: `two runs start with it (${start.run?.id}, ${run.id})` };
        starts.set(run.runId, event);
      } else {
        const same = start?.run !== undefined && start.run.provider === run.provider && start.run.id === run.id && start.run.local === run.local;
        if (!same) return { expected: `the end of run ${run.runId} carries its start's (provider, id, local)`, observed: `${start === undefined ? 'no start' : runText(start)} / ${runText(event)}` };
      }
    }
  }
  for (const id of check.hidden ?? []) {
    const seen = [
      state.system.agents().some((entry) => entry.id === id) ? 'the agent registry' : '',
      state.system.sessions().some((entry) => entry.id === id) ? 'the session store' : '',
      state.system.getAgent(id) !== undefined || state.system.getSession(id) !== undefined ? 'a lookup' : '',
      JSON.stringify(state.system.events()).includes(JSON.stringify(id)) ? 'an event' : '',
    ].filter((place) => place !== '');
    if (seen.length > 0) return { expected: `${show(id)} appears nowhere`, observed: `it appears in ${seen.join(', ')}` };
  }
  for (const [name, expected] of Object.entries(check.bridge ?? {})) {
    const id = state.idOf(name);
    const token = state.system.getAgent(id);
    const serves = token === undefined || raw.bridgeServes === undefined ? false : raw.bridgeServes(token);
    if (serves !== expected) return { expected: `the bridge ${expected ? 'serves' : 'does not serve'} the agent live under ${show(id)}`, observed: token === undefined ? 'no agent is live under it' : `it ${serves ? 'serves' : 'does not serve'} it` };
  }
  if (check.forwarded !== undefined) {
    const messages = raw.forwarded?.() ?? [];
    const observed = messages.slice(state.cursors.forwarded).map((message) => `${message.method} ${message.params.parentSessionId} ${message.params.childSessionId}`);
    state.cursors.forwarded = messages.length;
    const expected = check.forwarded.map((line) => resolveWords(line, state));
    if (!isDeepStrictEqual(expected, observed)) return { expected: `forwarded: ${show(expected)}`, observed: `forwarded: ${show(observed)}` };
  }
  for (const [name, fields] of Object.entries(check.hookPayloads ?? {})) {
    const token = state.handles.get(name)?.token;
    const payload = token === undefined || raw.hookPayload === undefined ? undefined : raw.hookPayload(token);
    for (const [field, written] of Object.entries(fields)) {
      const value = typeof written === 'string' ? state.idOf(written) : written;
      if (!isDeepStrictEqual(payload?.[field], value)) return { expected: `hook payload of ${name}: ${field} = ${show(value)}`, observed: payload === undefined ? 'no hook payload' : `${field} = ${show(payload[field])}` };
    }
  }
  for (const { job, requester, expect } of check.authorized ?? []) {
    const token = state.jobs.get(job);
    const id = state.idOf(requester);
    const answer = token === undefined || raw.authorizeJob === undefined ? undefined : raw.authorizeJob(token, id);
    if (answer !== expect) return { expected: `authorizeJob(${job}, ${show(id)}) is ${expect}`, observed: answer === undefined ? `job ${job} was not started` : `it is ${answer}` };
  }
  for (const [entry, written] of Object.entries(check.frontEnd ?? {})) {
    const expected = written === null ? undefined : state.idOf(written);
    const observed = raw.frontEndTarget?.(Number(entry));
    if (observed !== expected) return { expected: `the front end of entry ${entry} binds ${expected === undefined ? 'nothing' : show(expected)}`, observed: observed === undefined ? 'nothing' : show(observed) };
  }
  if (check.childAlive !== undefined && childRunning(state.remote.pidFile) !== check.childAlive) {
    return { expected: `the ACP child ${check.childAlive ? 'runs' : 'has exited'}`, observed: check.childAlive ? 'it has exited' : 'it still runs' };
  }
  return undefined;
}
