import { RECORDER, type AgentEntry, type ForwardedMessage, type ObservedEvent, type SessionEntry } from '../contract/adapter.js';
import { isDeepStrictEqual } from 'node:util';
import type { ConfigEntryExpectation, Expectation, HeaderExpectation, Scenario, ScenarioCheck, ScenarioStep, SingleExpectation, StoreOp } from '../contract/scenario.js';
import type { ReplayView, Settlement } from '../../scenarios/replay/replay-scenario.js';
import { showOutcome } from '../../scenarios/replay/_internals/outcome-expectation.js';

/** What the reference runtime showed after one step of a counterexample. */
export interface Snapshot {
  /** Every event heard so far (all listeners), in order. */
  readonly events: readonly ObservedEvent[];
  readonly agents: readonly AgentEntry[];
  readonly sessions: readonly SessionEntry[];
  readonly names: ReadonlyMap<string, string>;
  readonly settlements: ReadonlyMap<string, Settlement>;
  readonly forwarded: readonly ForwardedMessage[];
  /** Every plan outcome so far, as expectations, in settlement order. */
  readonly plans: readonly { readonly plan: string; readonly expect: Expectation | undefined }[];
  /** Every durable store call so far, in call order. */
  readonly storeCalls: readonly { readonly op: StoreOp; readonly id: string }[];
  /** The ids the durable store holds a record under. */
  readonly stored: ReadonlySet<string>;
  /** The ids of the live agents the ACP bridge serves (capability `bridge`). */
  readonly bridged: ReadonlySet<string>;
  /** The latest configuration start: its refusal, or its entries, as expectations. */
  readonly config: { readonly refused: Expectation | undefined } | { readonly entries: readonly { readonly label: string; readonly expect: Expectation | undefined; readonly id: string | undefined }[] };
}

/** Reads a replay outcome line (`ok`, `reject: conflict — …`, `reject: <injected v1>`) back as an expectation. */
export function expectationOf(outcome: string): SingleExpectation | undefined {
  if (outcome === 'ok') return 'ok';
  const injected = /^reject: <injected ([^>]+)>$/.exec(outcome);
  if (injected?.[1] !== undefined) return { reject: { injected: injected[1] } };
  const code = /^reject: (conflict|not-found|invalid|aborted|inactive)(?: \(cause <injected ([^>]+)>\))?/.exec(outcome);
  if (code?.[1] === undefined) return undefined;
  return code[2] === undefined ? { reject: code[1] as 'conflict' } : { reject: code[1] as 'aborted', cause: code[2] };
}

/** Takes a {@link Snapshot} of what `view` shows. */
export async function snapshotOf(view: ReplayView): Promise<Snapshot> {
  const { system } = view;
  const store = view.kit.store;
  const storeCalls = [...(store?.calls ?? [])];
  const ids = [...new Set(storeCalls.map((call) => call.id))];
  const held = await Promise.all(ids.map(async (id) => ((await store?.peek(id)) === undefined ? [] : [id])));
  const reader = view.reader('plan');
  const started = system.configResults();
  const configReader = view.reader('config');
  return {
    events: [...system.events()],
    agents: system.agents(),
    sessions: system.sessions(),
    names: new Map(view.names),
    settlements: new Map(view.settlements),
    forwarded: [...(system.raw.forwarded?.() ?? [])],
    storeCalls,
    stored: new Set(held.flat()),
    bridged: new Set(system.agents().filter((entry) => system.raw.bridgeServes?.(entry.token) === true).map((entry) => entry.id)),
    plans: system.planOutcomes().map((entry) => ({ plan: entry.plan, expect: expectationOf(showOutcome(entry.outcome, reader)) })),
    config: started.ok ? { entries: started.entries.map((entry) => ({ label: entry.label, expect: expectationOf(showOutcome(entry, configReader)), id: entry.ok ? entry.id : undefined })) } : { refused: expectationOf(showOutcome(started, configReader)) },
  };
}

/** The ids a scenario chooses itself (creation and resume ids, configured exact ids, lineage): the same in every implementation. */
function chosenIds(scenario: Scenario): Set<string> {
  const chosen = new Set<string>();
  const configured = (agents: readonly { readonly sessionId?: string; readonly resumeSessionId?: string }[]) => {
    for (const entry of agents) for (const id of [entry.sessionId, entry.resumeSessionId]) if (id !== undefined) chosen.add(id);
  };
  configured(scenario.config?.agents ?? []);
  for (const step of scenario.steps) {
    if (step.op === 'create') {
      chosen.add(step.input.sessionId);
      if (step.input.meta?.parentSession !== undefined) chosen.add(step.input.meta.parentSession);
    }
    if (step.op === 'resume') chosen.add(step.input.resumeSessionId);
    if (step.op === 'restart') configured(step.config?.agents ?? []);
  }
  return chosen;
}

/** How a check writes an id: as itself when the scenario chose it, else as `@name` of the handle or entry bound to it; undefined when neither. */
type Express = (id: string) => string | undefined;

function expressing(chosen: ReadonlySet<string>, names: ReadonlyMap<string, string>): Express {
  const byId = new Map<string, string>();
  for (const [name, id] of names) if (!byId.has(id) || !name.startsWith('config[')) byId.set(id, name);
  return (id) => (chosen.has(id) ? id : byId.has(id) ? `@${byId.get(id)}` : undefined);
}

/** `values`, or undefined when one of them is (an id a check cannot write). */
function written(values: readonly (string | undefined)[]): string[] | undefined {
  return values.every((value) => value !== undefined) ? (values as string[]) : undefined;
}

const eventText = (event: ObservedEvent, express: Express): string | undefined => {
  const id = express(event.id);
  return id === undefined ? undefined : `${event.type} ${id}`;
};

function runText(event: ObservedEvent, express: Express): string | undefined {
  const run = event.run;
  if (run === undefined) return undefined;
  const [parent, child] = [express(event.id), express(run.id)];
  if (parent === undefined || child === undefined) return undefined;
  return `${event.type} ${parent} ${child} ${run.provider} ${run.local ? 'local' : 'remote'}${run.outcome === undefined ? '' : ` ${run.outcome}`}`;
}

function headerOf(session: SessionEntry, express: Express): HeaderExpectation | undefined {
  const header = session.header as unknown as Readonly<Record<string, unknown>>;
  const field = (name: string) => (header[name] === undefined ? null : header[name]);
  const parent = field('parentSession');
  const parentSession = typeof parent === 'string' ? express(parent) : null;
  if (parentSession === undefined) return undefined;
  return { cwd: field('cwd') as string | null, parentSession, seedLength: field('seedLength') as number | null, delegationDepth: field('delegationDepth') as number | null };
}

/** What a scenario's checks are built from. */
export interface CheckPlan {
  readonly scenario: Scenario;
  /** The snapshot after each step, by step index. */
  readonly snapshots: readonly Snapshot[];
  /** The requirement every check decides. */
  readonly requirement: string;
  /** Calls the reference runtime left pending where the counterexample awaited them: their waits were removed. */
  readonly hanging: ReadonlySet<string>;
  /** The session id the fake ACP child answers `session/new` with, when the scenario spawns remote runs. */
  readonly wireId: string | undefined;
  /** Whether the checks compare forwarded JSON-RPC messages (the system declares `rpc`). */
  readonly forwarding: boolean;
  /** What the reference runtime answered to each step it awaited, by step index. */
  readonly answers: ReadonlyMap<number, Expectation>;
}

/** The teardown requests a call started with `wait: false` makes, by its step. */
const TEARDOWNS = new Set<ScenarioStep['op']>(['dispose', 'unload', 'shutdown', 'restart']);

/**
 * The checks that pin what the reference runtime showed, one after every step where nothing the
 * scenario started is left unawaited (where what a step shows does not depend on how fast an
 * implementation runs), and after the last step: the events since the previous check (each
 * listener's too), the live agents and sessions, one identity per live agent, new headers and
 * parents, subagent runs, forwarded messages, plan outcomes, configuration entries, which calls
 * are still pending, and what each teardown request had to wait for. Ids the implementation mints
 * are written `@name` of the handle bound to them; what the contract leaves to the
 * implementation (ids it mints, list order, `session/event` of a bookkeeping append, `createdAt`,
 * log lengths) is left out.
 */
export function referenceChecks(plan: CheckPlan): (ScenarioCheck | undefined)[] {
  const { scenario, snapshots } = plan;
  const steps = scenario.steps;
  const chosen = chosenIds(scenario);
  const awaitedAt = new Map<string, number>();
  steps.forEach((step, index) => {
    if (step.op === 'await') awaitedAt.set(step.call, index);
  });
  const startedAt = new Map<string, number>();
  steps.forEach((step, index) => {
    if (step.wait === false && step.name !== undefined) startedAt.set(step.name, index);
  });
  // A step is quiet when every call started so far (the hanging ones aside) has been awaited, or
  // when it is a shutdown or restart the scenario waited for: those resolve last (AIK-QUIESCE-005).
  const closing = (step: ScenarioStep) => (step.op === 'shutdown' || step.op === 'restart') && step.wait !== false;
  const quiet = steps.map((step, index) => closing(step) || [...startedAt].every(([name, at]) => at > index || plan.hanging.has(name) || (awaitedAt.get(name) ?? Infinity) <= index));
  // Listeners installed by the steps so far: global ones, and scoped ones of a setup plan.
  const listenerOf = (step: ScenarioStep): string[] => {
    // A `listen` plan installs its `value` from inside a dispatch: that listener is heard too.
    const installed = step.op === 'listen' && step.plan.action === 'listen' && typeof step.plan.value === 'object' && step.plan.value !== null && 'name' in step.plan.value ? [String(step.plan.value.name)] : [];
    if (step.op === 'listen') return [step.plan.name, ...installed];
    const scoped = step.op === 'create' || step.op === 'resume' || step.op === 'spawn' ? step.input.setup?.listen?.name : undefined;
    return scoped === undefined ? [] : [scoped];
  };
  const listeners = (index: number) => [...new Set(steps.slice(0, index + 1).flatMap(listenerOf))];
  const subagents = steps.some((step) => step.op === 'spawn' || step.op === 'spawnRemote');
  const owners = new Map<string, string[]>();
  for (const step of steps) if (step.op === 'create' && step.input.owner !== undefined) owners.set(step.input.owner, [...(owners.get(step.input.owner) ?? []), step.input.sessionId]);

  const checks: (ScenarioCheck | undefined)[] = steps.map(() => undefined);
  let previous: Snapshot | undefined;
  let seenHeaders = new Map<string, string>();
  let seenParents = new Set<string>();
  let configShown = false;
  let ordered = new Set<string>();
  let checkedAt = -1;
  const durable = new Set<string>();
  steps.forEach((step, index) => {
    const now = snapshots[index];
    if (now === undefined || (!quiet[index] && index !== steps.length - 1)) return;
    const window = { from: checkedAt + 1, to: index };
    checkedAt = index;
    const express = expressing(chosen, now.names);
    const check: Record<string, unknown> = { name: `what the reference runtime shows after step ${index}`, requirements: [plan.requirement], ignore: ['session/event'] };
    const fresh = now.events.slice(previous?.events.length ?? 0);
    const recorded = fresh.filter((event) => event.listener === RECORDER);
    const events = written(recorded.filter((event) => event.type !== 'session/event').map((event) => eventText(event, express)));
    if (events !== undefined) check['events'] = events;
    // AIK-QUIESCE-002: an agent the scenario prompted announces agent/disposed only once its turn settled.
    const prompted = new Set(steps.slice(0, index + 1).flatMap((other) => (other.op === 'prompt' ? [now.names.get(other.handle)] : [])));
    const afterTurns = written(recorded.filter((event) => event.type === 'agent/disposed' && prompted.has(event.id)).map((event) => eventText(event, express)));
    if (afterTurns !== undefined && afterTurns.length > 0) check['afterTurns'] = afterTurns;
    const heard: Record<string, string[]> = {};
    for (const listener of listeners(index)) {
      const texts = written(fresh.filter((event) => event.listener === listener && event.type !== 'session/event').map((event) => eventText(event, express)));
      if (texts !== undefined) heard[listener] = texts;
    }
    if (Object.keys(heard).length > 0) check['heard'] = heard;
    // What each `record` listener saw of the registries when it last heard an event (e.g. a subagent/end after its teardown).
    const seen: Record<string, { agents: string[]; sessions: string[] }> = {};
    for (const listener of listeners(index)) {
      const snapshot = fresh.filter((event) => event.listener === listener && event.snapshot !== undefined).at(-1)?.snapshot;
      const [agents, sessions] = [written(snapshot?.agents.map((entry) => express(entry.id)) ?? []), written(snapshot?.sessions.map((entry) => express(entry.id)) ?? [])];
      if (snapshot !== undefined && agents !== undefined && sessions !== undefined) seen[listener] = { agents, sessions };
    }
    if (Object.keys(seen).length > 0) check['snapshots'] = seen;
    const agents = written(now.agents.map((entry) => express(entry.id)));
    const sessions = written(now.sessions.map((entry) => express(entry.id)));
    if (agents !== undefined) check['agents'] = agents;
    if (sessions !== undefined) check['sessions'] = sessions;
    const identity = now.agents.filter((entry) => entry.session.id === entry.id && entry.session.headerId === entry.id && now.sessions.some((session) => session.id === entry.id && session.token === entry.session.token)).flatMap((entry) => express(entry.id) ?? []);
    if (identity.length > 0) check['identity'] = identity;
    const headers: Record<string, HeaderExpectation> = {};
    const nextHeaders = new Map<string, string>();
    for (const session of now.sessions) {
      const name = express(session.id);
      const header = headerOf(session, express);
      if (name === undefined || header === undefined) continue;
      const key = `${session.token} ${JSON.stringify(header)}`;
      nextHeaders.set(name, key);
      if (seenHeaders.get(name) !== key) headers[name] = header;
    }
    seenHeaders = nextHeaders;
    if (Object.keys(headers).length > 0) check['headers'] = headers;
    // AIK-REMOTE-003: once the scenario opened the bridge, which live agents it serves.
    if (steps.slice(0, index + 1).some((other) => other.op === 'bridgeOpen')) {
      const bridge = Object.fromEntries(now.agents.flatMap((entry) => (express(entry.id) === undefined ? [] : [[express(entry.id), now.bridged.has(entry.id)]])));
      if (Object.keys(bridge).length > 0) check['bridge'] = bridge;
    }
    // AIK-EVENT-005: the session/events of a session the steps published are its appends after publication (a check of it only: bookkeeping appends are the implementation's).
    const published = plan.requirement === 'AIK-EVENT-005' ? now.sessions.filter((session) => steps.some((step) => step.wait !== false && creates(step, session.id))).map((session) => session.id) : [];
    if (published.length > 0) check['sessionEvents'] = published;
    const parents: Record<string, string | null> = {};
    const nextParents = new Set<string>();
    for (const entry of now.agents) {
      const name = express(entry.id);
      const parent = entry.parent === undefined ? null : now.agents.find((candidate) => candidate.token === entry.parent)?.id;
      const written = parent === undefined ? undefined : parent === null ? null : express(parent);
      if (name === undefined || written === undefined) continue;
      nextParents.add(`${entry.token} ${name}`);
      if (!seenParents.has(`${entry.token} ${name}`)) parents[name] = written;
    }
    seenParents = nextParents;
    if (Object.keys(parents).length > 0) check['parents'] = parents;
    if (!configShown || step.op === 'restart') {
      const config = configExpectation(now, chosen);
      if (config !== undefined) check['config'] = config;
      configShown = true;
    }
    const plans = now.plans.slice(previous?.plans.length ?? 0);
    if (plans.every((entry) => entry.expect !== undefined)) check['planOutcomes'] = plans;
    if (subagents) {
      const runs = written(recorded.filter((event) => event.type.startsWith('subagent/')).map((event) => runText(event, express)));
      if (runs !== undefined) check['runs'] = runs;
      if (now.events.some((event) => event.listener === RECORDER && event.type.startsWith('subagent/'))) check['runPairs'] = true;
      const wireId = plan.wireId;
      const shown = wireId !== undefined && (JSON.stringify(now.events).includes(JSON.stringify(wireId)) || [...now.agents, ...now.sessions].some((entry) => entry.id === wireId));
      if (wireId !== undefined && !shown) check['hidden'] = [wireId];
      if (plan.forwarding) {
        const forwarded = written(
          now.forwarded.slice(previous?.forwarded.length ?? 0).map((message) => {
            const [parent, child] = [express(message.params.parentSessionId), express(message.params.childSessionId)];
            return parent === undefined || child === undefined ? undefined : `${message.method} ${parent} ${child}`;
          }),
        );
        if (forwarded !== undefined) check['forwarded'] = forwarded;
      }
    }
    const pending = [...plan.hanging].filter((name) => (startedAt.get(name) ?? Infinity) <= index && !now.settlements.has(name));
    // Calls not awaited yet that the reference settled by now: after a shutdown or restart, every call started before it.
    const settled = [...startedAt].filter(([name, at]) => at < index && (awaitedAt.get(name) ?? Infinity) > index && now.settlements.has(name)).map(([name]) => name);
    if (pending.length > 0) check['pending'] = pending;
    if (settled.length > 0) check['settled'] = settled;
    const settledAfter = teardownOrder(steps, now, express, owners, ordered);
    ordered = new Set([...ordered, ...Object.keys(settledAfter)]);
    if (Object.keys(settledAfter).length > 0) check['settledAfter'] = settledAfter;
    const store = storeExpectations(plan, window, previous, now, durable, express);
    if (Object.keys(store.noCalls).length > 0) check['noCalls'] = store.noCalls;
    if (Object.keys(store.stored).length > 0) check['stored'] = store.stored;
    if (Object.keys(store.lengths).length > 0) check['lengths'] = store.lengths;
    checks[index] = check as unknown as ScenarioCheck;
    previous = now;
  });
  return checks;
}

/**
 * How many turns resolved (a `prompt` awaited with `ok`) on the handles `names` before step
 * `before` and were followed, before it, by a teardown that resolved (a `dispose` of that handle,
 * a `shutdown` or a `restart`): each is durable then (AIK-DURABLE-002.c1, AIK-QUIESCE-005.c2),
 * and its log holds the turn's `user`, model and `turn-end` events (§2 "Turns").
 */
function resolvedTurns(plan: CheckPlan, names: readonly string[], before: number): number {
  const steps = plan.scenario.steps.slice(0, before);
  const ok = (index: number) => plan.answers.get(index) === 'ok';
  return steps.filter((step, index) => step.op === 'prompt' && step.wait !== false && names.includes(step.handle) && ok(index) && steps.some((later, at) => at > index && later.wait !== false && ok(at) && ((later.op === 'dispose' && later.handle === step.handle) || later.op === 'shutdown' || later.op === 'restart'))).length;
}

/** Whether `step` creates or resumes `id`. */
const creates = (step: ScenarioStep, id: string): boolean => (step.op === 'create' && step.input.sessionId === id) || (step.op === 'resume' && step.input.resumeSessionId === id);

/**
 * What the durable store must show of the ids the steps `window` create or resume, wherever the
 * contract leaves no choice and the reference runtime showed it:
 * - a creation that rolled back writes nothing (AIK-DURABLE-003, AIK-TXN-004): no `put` or
 *   `append` of an id no agent was live under before or after the window, whose creations in it
 *   all failed, while nothing is held or left pending that could write late;
 * - a create of a live id conflicts before any store read (AIK-CREATE-002): no `load` of it in a
 *   window whose only steps for it are creates refused with `conflict`;
 * - a turn that resolved is durable once its agent's teardown resolved (AIK-DURABLE-002,
 *   AIK-QUIESCE-005): the store holds a record under an id whose agent resolved a turn and was
 *   disposed, shut down or restarted since, with no fault planned for it (shown once, in `durable`).
 */
function storeExpectations(plan: CheckPlan, window: { readonly from: number; readonly to: number }, before: Snapshot | undefined, now: Snapshot, durable: Set<string>, express: Express): { noCalls: Record<string, StoreOp[]>; stored: Record<string, boolean>; lengths: Record<string, number> } {
  const steps = plan.scenario.steps;
  const noCalls: Record<string, StoreOp[]> = {};
  const stored: Record<string, boolean> = {};
  const lengths: Record<string, number> = {};
  const inWindow = steps.slice(window.from, window.to + 1).map((step, offset) => ({ step, index: window.from + offset }));
  const calls = now.storeCalls.slice(before?.storeCalls.length ?? 0);
  const live = (snapshot: Snapshot | undefined, id: string) => snapshot !== undefined && (snapshot.agents.some((entry) => entry.id === id) || snapshot.sessions.some((entry) => entry.id === id));
  const faulted = (id: string, upTo: number) => steps.slice(0, upTo + 1).some((step) => step.op === 'fault' && (step.id === id || step.id === '*'));
  const failed = (index: number) => typeof plan.answers.get(index) === 'object';
  // Anything that could still write late: a call the reference never settled, a write held or hung by a fault.
  const unsettled = plan.hanging.size > 0 || steps.slice(0, window.to + 1).some((step) => step.op === 'fault' && step.effect !== 'fail');
  const ids = new Set(inWindow.flatMap(({ step }) => (step.op === 'create' ? [step.input.sessionId] : step.op === 'resume' ? [step.input.resumeSessionId] : [])));
  for (const id of ids) {
    const own = inWindow.filter(({ step }) => creates(step, id));
    const madeBy = (ops: readonly StoreOp[]) => calls.some((call) => call.id === id && ops.includes(call.op));
    if (!unsettled && !live(before, id) && !live(now, id) && own.every(({ step, index }) => step.wait !== false && failed(index)) && !madeBy(['put', 'append'])) noCalls[id] = ['put', 'append'];
    const refused = own.every(({ step, index }) => step.op === 'create' && step.wait !== false && isDeepStrictEqual(plan.answers.get(index), { reject: 'conflict' }));
    const others = inWindow.some(({ step }) => step.op === 'restart' || step.op === 'shutdown');
    if (live(before, id) && live(now, id) && refused && !others && !madeBy(['load'])) noCalls[id] = ['load'];
  }
  if (plan.hanging.size === 0) {
    for (const [name, id] of now.names) {
      const written = express(id);
      if (written === undefined || durable.has(id) || live(now, id) || !now.stored.has(id) || faulted(id, window.to)) continue;
      if (resolvedTurns(plan, [name], window.to + 1) === 0) continue;
      durable.add(id);
      stored[written] = true;
    }
    // A resume brings back what was durable: the seed and every turn that resolved before its last teardown (at least: bookkeeping may add).
    for (const { step, index } of inWindow) {
      if (step.op !== 'resume' || step.wait === false || plan.answers.get(index) !== 'ok' || faulted(step.input.resumeSessionId, index)) continue;
      const id = step.input.resumeSessionId;
      const handles = [...now.names].filter(([name, bound]) => bound === id && !name.startsWith('config[')).map(([name]) => name);
      const turns = resolvedTurns(plan, handles, index);
      const seed = steps.slice(0, index).find((other) => other.op === 'create' && other.input.sessionId === id && other.wait !== false && plan.answers.get(steps.indexOf(other)) === 'ok');
      const seeded = seed?.op !== 'create' ? 0 : Array.isArray(seed.input.seed) ? seed.input.seed.length : typeof seed.input.seed === 'object' && seed.input.seed !== null && '$seed' in seed.input.seed ? 3 * Number(seed.input.seed.$seed) : 0;
      if (turns > 0 && live(now, id)) lengths[id] = seeded + 3 * turns;
    }
  }
  return { noCalls, stored, lengths };
}

/** The latest configuration start as a `config` expectation: literal ids as themselves, minted ones as fresh. */
function configExpectation(now: Snapshot, chosen: ReadonlySet<string>): ScenarioCheck['config'] | undefined {
  if ('refused' in now.config) {
    const refused = now.config.refused;
    return typeof refused === 'object' && 'reject' in refused && typeof refused.reject === 'string' ? { reject: refused.reject } : undefined;
  }
  const entries = now.config.entries;
  if (entries.length === 0 || entries.some((entry) => entry.expect === undefined)) return undefined;
  return entries.map((entry): ConfigEntryExpectation => ({ label: entry.label, expect: entry.expect as Expectation, ...(entry.id === undefined ? {} : { id: chosen.has(entry.id) ? entry.id : { fresh: true } }) }));
}

/**
 * What each teardown request started with `wait: false` had to wait for, once it settled on the
 * reference runtime (CONTRACT.md AIK-QUIESCE-001, -002, -005): a dispose the disposed events of
 * its agent and the calls on its handle; an unload those of its owner's agents; a shutdown or
 * restart every disposed event and every call that settled before it.
 */
function teardownOrder(steps: readonly ScenarioStep[], now: Snapshot, express: Express, owners: ReadonlyMap<string, readonly string[]>, done: ReadonlySet<string>): Record<string, string[]> {
  const order: Record<string, string[]> = {};
  for (const [index, step] of steps.entries()) {
    if (step.wait !== false || step.name === undefined || !TEARDOWNS.has(step.op) || done.has(step.name)) continue;
    const startedBefore = new Set(steps.slice(0, index).flatMap((other) => (other.wait === false && other.name !== undefined ? [other.name] : [])));
    const settlement = now.settlements.get(step.name);
    if (settlement === undefined) continue;
    const before = now.events.slice(0, settlement.events).filter((event) => event.listener === RECORDER && event.type.endsWith('/disposed'));
    let ids: ReadonlySet<string> | undefined;
    let calls: readonly string[] = [];
    if (step.op === 'dispose') {
      const id = now.names.get(step.handle);
      ids = new Set(id === undefined ? [] : [id]);
      calls = steps.flatMap((other) => (other.wait === false && other.name !== undefined && 'handle' in other && other.handle === step.handle && startedBefore.has(other.name) && settlement.calls.includes(other.name) ? [other.name] : []));
    } else if (step.op === 'unload') {
      ids = new Set(owners.get(step.owner) ?? []);
    } else {
      calls = settlement.calls.filter((name) => startedBefore.has(name));
    }
    const texts = written(before.filter((event) => ids === undefined || ids.has(event.id)).map((event) => eventText(event, express)));
    if (texts === undefined) continue;
    const entries = [...new Set([...texts, ...calls])];
    if (entries.length > 0) order[step.name] = entries;
  }
  return order;
}
