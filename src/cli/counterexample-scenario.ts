import type { AdapterFactory, ConfigInput } from '../contract/adapter.js';
import type { Capability } from '../contract/requirements.js';
import type { Expectation, InjectedValue, JsonValue, Scenario, ScenarioCheck, ScenarioStep, UntilStep } from '../contract/scenario.js';
import type { ConformanceReport, CounterexampleStep, FailureDetail } from '../../properties/report/conformance-report.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { lazyStore } from '../../properties/env/lazy-store.js';
import { replayScenario, type ReplayFailure, type ScenarioResult } from '../../scenarios/replay/replay-scenario.js';
import { expectationOf, referenceChecks, snapshotOf, type Snapshot } from './counterexample-checks.js';
import { undecidedPersistence } from './undecided-persistence.js';

/** Names the injected values of a counterexample (`v1`, `v2`, … by first appearance) and declares them. */
class InjectedNames {
  readonly declared: Record<string, InjectedValue> = {};
  readonly #names = new Map<unknown, string>();

  /** `value` with every injected value replaced by `{ $injected: name }`. */
  plain(value: unknown): unknown {
    if (value instanceof Error) return { $injected: this.#name(value, { error: value.message }) };
    if (typeof value !== 'object' || value === null) return value;
    // The kit's injected values are frozen `{ kitInjected }` objects; a report from the worker process arrives copied, unfrozen.
    if (!Array.isArray(value) && Object.keys(value).length === 1 && 'kitInjected' in value) return { $injected: this.#name(value, { value: value as JsonValue }) };
    if (Array.isArray(value)) return value.map((item) => this.plain(item));
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.plain(item)]));
  }

  #name(value: object, declared: InjectedValue): string {
    let name = this.#names.get(value);
    if (name === undefined) {
      name = `v${this.#names.size + 1}`;
      this.#names.set(value, name);
      this.declared[name] = declared;
    }
    return name;
  }
}

/** `step` with the handle names it takes that stand for configured agents written `config[i]`. */
function configuredNames(step: CounterexampleStep, configured: ReadonlyMap<string, string>): CounterexampleStep {
  if (configured.size === 0 || typeof step.args !== 'object' || step.args === null) return step;
  const args = { ...(step.args as Record<string, unknown>) };
  for (const field of ['parent', 'handle', 'target']) {
    const name = args[field];
    if (typeof name === 'string' && configured.has(name)) args[field] = configured.get(name);
  }
  return { ...step, args };
}

/** The scenario step of one counterexample step (without its expectation), or undefined for a step a scenario has no form for. */
function toStep(step: CounterexampleStep, names: InjectedNames): ScenarioStep | undefined {
  const args = names.plain(step.args) as Record<string, unknown>;
  const named = step.handle === undefined ? {} : { name: step.handle };
  switch (step.op) {
    case 'create':
    case 'resume':
      return { op: step.op, input: args, ...named } as unknown as ScenarioStep;
    case 'spawn': {
      const { parent, ...input } = args;
      return { op: 'spawn', parent, input, ...named } as unknown as ScenarioStep;
    }
    case 'spawnRemote': {
      const { parent, ...input } = args;
      return { op: 'spawnRemote', parent, input, ...named } as unknown as ScenarioStep;
    }
    case 'prompt':
    case 'dispose':
    case 'flush':
    case 'bridgeOpen':
      return { op: step.op, handle: args['handle'] } as unknown as ScenarioStep;
    case 'owner':
      return { op: 'owner', name: args['token'], label: args['label'] } as unknown as ScenarioStep;
    case 'unload':
      return { op: 'unload', owner: args['owner'] } as unknown as ScenarioStep;
    case 'shutdown':
      return { op: 'shutdown' };
    case 'open':
    case 'restart':
      return { op: 'restart', ...(args['config'] === undefined ? {} : { config: args['config'] as ConfigInput }) };
    case 'listen': {
      const { target, plan } = args;
      return { op: 'listen', plan, ...(target === undefined ? {} : { target }) } as unknown as ScenarioStep;
    }
    case 'unlisten':
      return { op: 'unlisten', listener: args['name'] } as unknown as ScenarioStep;
    case 'release':
      return { op: 'release', pause: args['pause'] } as unknown as ScenarioStep;
    case 'turns':
      return { op: 'turns', id: args['id'], plan: args['plan'] } as unknown as ScenarioStep;
    case 'release-turns':
      return { op: 'release-turns', id: args['id'] } as unknown as ScenarioStep;
    case 'fault': {
      // A held call waits on a pause of the kit: the scenario names it `pause`.
      const { value, ...fault } = args;
      return { op: 'fault', ...fault, ...(fault['effect'] === 'hold' ? { pause: value } : value === undefined ? {} : { value }) } as unknown as ScenarioStep;
    }
    case 'heal':
      return { op: step.op, ...args } as unknown as ScenarioStep;
    case 'settle':
      return { op: 'settle' };
    case 'until':
      // `since` is an index into the kit's log here; sinceNamed names that step.
      return { op: 'until', ...args } as unknown as ScenarioStep;
    default:
      return undefined;
  }
}

/**
 * `step` with the kit-log index an `until` counts from (`since`) replaced by the name of the
 * scenario step it became (named `call-<index>` if it had no name); without such a step, the
 * `until` counts from the start. Other steps are returned as they are.
 */
function sinceNamed(step: ScenarioStep | undefined, steps: ScenarioStep[], landed: ReadonlyMap<number, number>): ScenarioStep | undefined {
  if (step?.op !== 'until') return step;
  const { since, ...until } = step as unknown as { since?: number } & Omit<UntilStep, 'since'>;
  const at = since === undefined ? undefined : landed.get(since);
  const target = at === undefined ? undefined : steps[at];
  if (at === undefined || target === undefined) {
    const { orSettled: _dropped, ...plain } = until;
    return plain;
  }
  const name = target.name ?? `call-${since}`;
  if (target.name === undefined) steps[at] = { ...target, name } as ScenarioStep;
  return { ...until, since: name };
}

/** How long the reference runtime gets to settle a step before the counterexample takes it for one it never settles. */
const REFERENCE_HANG_MS = 3000;
/** At most this many steps the reference runtime never settles, and this many expectations it contradicts, are adjusted. */
const MAX_ADJUSTMENTS = 12;

/** The wait:false name of a step (its handle name, or `call-<index>`), or undefined for a step that is no call. */
function callName(step: ScenarioStep, index: number): string {
  return step.name ?? `call-${index}`;
}

/** The kit's controls that let held work go on: after one of them a call held by the kit may settle. */
const RELEASES = new Set<ScenarioStep['op']>(['release', 'release-turns', 'heal']);

/**
 * A call the reference runtime left pending where the counterexample awaited it (it is in
 * `hanging`, with no await) but settled later in the replay — a release let it go on: it is
 * awaited right after the last release before the step it settled in (else after that step), so
 * no later expectation depends on how fast it settles; one never settled is tried once after the
 * last release. Undefined when there is none.
 */
function lateAwait(steps: readonly ScenarioStep[], snapshots: readonly Snapshot[], hanging: ReadonlySet<string>, awaited: ReadonlySet<string>): { call: string; after: number } | undefined {
  for (const call of hanging) {
    if (awaited.has(call) || steps.some((step) => step.op === 'await' && step.call === call)) continue;
    const started = steps.findIndex((step) => step.wait === false && step.name === call);
    const found = snapshots.findIndex((snapshot, index) => index > started && snapshot?.settlements.has(call) === true);
    // Not settled by the last step: it may settle once awaited after a release (if not, that await hangs and goes).
    const settled = found < 0 ? steps.length - 1 : found;
    if (started < 0) continue;
    const releases = steps.slice(started + 1, settled + 1).map((step, offset) => (RELEASES.has(step.op) ? started + 1 + offset : -1));
    if (found < 0 && Math.max(...releases) < 0) continue;
    return { call, after: Math.max(...releases) >= 0 ? Math.max(...releases) : settled };
  }
  return undefined;
}

/**
 * Replays `scenario` on `factory` taking a snapshot after every step; a call the reference never
 * settles (the implementation settled it) becomes one started with `wait: false` that is never
 * awaited, named in `hanging`.
 */
async function observe(scenario: Scenario, factory: AdapterFactory): Promise<{ scenario: Scenario; result: ScenarioResult; snapshots: Snapshot[]; hanging: Set<string> }> {
  const hanging = new Set<string>();
  // Calls given an await of their own by lateAwait (never twice: if that await hangs, it goes for good).
  const awaited = new Set<string>();
  let steps = [...scenario.steps];
  for (let round = 0; ; round += 1) {
    const snapshots: Snapshot[] = [];
    const current = { ...scenario, steps };
    const result = await replayScenario(current, factory, { timeoutMs: REFERENCE_HANG_MS, afterStep: async (index, view) => void (snapshots[index] = await snapshotOf(view)) });
    const at = result.status === 'FAIL' ? result.failure.step : -1;
    const step = steps[at];
    // A wait the reference runtime itself never sees met says nothing about the contract: it goes.
    if (step?.op === 'until' && round < MAX_ADJUSTMENTS) {
      steps = steps.filter((_, index) => index !== at);
      continue;
    }
    if (result.status !== 'FAIL' || result.failure.hang !== true || round === MAX_ADJUSTMENTS || step === undefined) {
      const late = round === MAX_ADJUSTMENTS ? undefined : lateAwait(steps, snapshots, hanging, awaited);
      if (late === undefined) return { scenario: current, result, snapshots, hanging };
      awaited.add(late.call);
      steps = [...steps.slice(0, late.after + 1), { op: 'await', call: late.call }, ...steps.slice(late.after + 1)];
      continue;
    }
    if (step.op === 'await') {
      hanging.add(step.call);
      steps = steps.filter((_, index) => index !== at);
    } else {
      const name = callName(step, at);
      hanging.add(name);
      steps = steps.map((entry, index) => (index === at ? ({ ...entry, wait: false, name } as ScenarioStep) : entry));
    }
  }
}

/** The fields of a check, the name and requirements aside. */
const checkFields = (check: ScenarioCheck) => Object.keys(check).filter((field) => field !== 'name' && field !== 'requirements') as (keyof ScenarioCheck)[];

/** The first of `branches` `scenario` FAILs on, with its result; undefined when it FAILs on none. */
async function firstFailing(scenario: Scenario, branches: readonly AdapterFactory[]): Promise<{ factory: AdapterFactory; failure: ReplayFailure; other: boolean } | undefined> {
  for (const [index, factory] of branches.entries()) {
    const result = await replayScenario(scenario, factory);
    if (result.status === 'FAIL') return { factory, failure: result.failure, other: index > 0 };
  }
  return undefined;
}

/**
 * `scenario` without what the reference runtime itself does not meet when it is replayed again
 * (an expectation that depends on timing, say): a failing expectation is dropped, and of a failing
 * check the field whose removal lets it pass. The counterexample must never FAIL on the reference,
 * nor on its other `branches` (the reference taking the contract's other persistence choices): an
 * outcome a branch shows joins the step's expectation as one more of `oneOf`.
 */
async function withoutFalseFails(scenario: Scenario, branches: readonly AdapterFactory[]): Promise<Scenario> {
  let current = scenario;
  const replace = (at: number, step: ScenarioStep): Scenario => ({ ...current, steps: current.steps.map((entry, index) => (index === at ? step : entry)) });
  for (let round = 0; round < MAX_ADJUSTMENTS; round += 1) {
    const failing = await firstFailing(current, branches);
    if (failing === undefined) return current;
    const result = failing;
    const at = result.failure.step;
    const step = current.steps[at] as ScenarioStep;
    if (step.op === 'until') {
      current = { ...current, steps: current.steps.filter((_, index) => index !== at) };
      continue;
    }
    const { check, expect, ...bare } = step;
    if (result.failure.check === undefined || check === undefined) {
      if (expect === undefined) break;
      const shown = failing.other ? expectationOf(result.failure.observed) : undefined;
      const widened = shown === undefined || result.failure.check !== undefined ? undefined : typeof expect === 'object' && 'oneOf' in expect ? { oneOf: [...expect.oneOf, shown] } : { oneOf: [expect, shown] };
      current = replace(at, { ...bare, ...(widened === undefined ? {} : { expect: widened }), ...(check === undefined ? {} : { check }) } as ScenarioStep);
      continue;
    }
    let fixed: Scenario | undefined;
    for (const field of checkFields(check)) {
      const { [field]: _dropped, ...rest } = check;
      const candidate = replace(at, { ...step, check: rest } as ScenarioStep);
      const retried = await replayScenario(candidate, failing.factory);
      if (retried.status !== 'FAIL' || retried.failure.step > at || retried.failure.check === undefined) {
        fixed = candidate;
        break;
      }
    }
    current = fixed ?? replace(at, { ...bare, ...(expect === undefined ? {} : { expect }) } as ScenarioStep);
  }
  // Still failing: keep the expectations of the steps only.
  return { ...current, steps: current.steps.map(({ check: _check, ...step }) => step as ScenarioStep) };
}

/** The session id the fake ACP child answers `session/new` with under `flags` (its documented default without `--wire-id`). */
function wireIdOf(flags: readonly string[]): string {
  const at = flags.indexOf('--wire-id');
  return (at >= 0 ? flags[at + 1] : undefined) ?? 'wire-session-1';
}

/**
 * The counterexample of `failure` as a scenario file (the format of src/contract/scenario.ts):
 * its steps as the kit performed them, concurrent calls as `wait: false` plus `await`, and as
 * expectations what the reference runtime (with the same profiles) answers to each step and
 * shows after it (src/cli/counterexample-checks.ts) — so a replay against the failing
 * implementation diverges at the first step where it broke the contract, and a replay against
 * the reference runtime passes.
 */
export async function counterexampleScenario(report: ConformanceReport, failure: FailureDetail): Promise<Scenario> {
  const names = new InjectedNames();
  const { counterexample } = failure;
  const raw = counterexample.steps;
  const firstOpen = raw[0]?.op === 'open' ? raw[0] : undefined;
  const config = (firstOpen?.args as { config?: ConfigInput } | undefined)?.config;
  const steps: ScenarioStep[] = [];
  const awaits = new Map<number, ScenarioStep[]>();
  // The kit's names of configured agents' handles stand for `config[i]` until the next start.
  let configured = new Map<string, string>();
  // Where each kit step landed in `steps`, so an `until` can name the step it counts from.
  const landed = new Map<number, number>();
  raw.forEach((step, index) => {
    for (const pending of awaits.get(index) ?? []) steps.push(pending);
    if (step.op === 'open' || step.op === 'restart') configured = new Map((step.entries ?? []).flatMap((name, entry) => (name === null ? [] : [[name, `config[${entry}]`]])));
    // The kit's own closing shutdown is not part of the counterexample (the replay closes the system itself).
    if (step === firstOpen || (index === raw.length - 1 && step.op === 'shutdown' && step.result === '✓')) return;
    const converted = sinceNamed(toStep(configuredNames(step, configured), names), steps, landed);
    if (converted === undefined) return;
    landed.set(index, steps.length);
    // A call the kit gave up waiting for before it released something is awaited there, as the kit awaited it: a release after it must not let it settle.
    const heldBack = step.result === '⏳hang' && raw.slice(index + 1).some((later) => RELEASES.has(later.op as ScenarioStep['op']));
    if (!heldBack && (step.awaitedAt !== undefined || step.result === '…' || step.result === '⏳hang')) {
      // A call the kit gave up waiting for is awaited last: a replay then waits for it as long as its timeout allows.
      const at = step.result === '⏳hang' ? raw.length : step.awaitedAt;
      const call = callName(converted, index);
      steps.push({ ...converted, wait: false, name: call } as ScenarioStep);
      if (at !== undefined) awaits.set(at, [...(awaits.get(at) ?? []), { op: 'await', call }]);
    } else {
      steps.push(converted);
    }
  });
  for (const [at, pending] of awaits) if (at >= raw.length) steps.push(...pending);
  // A start alone still gets a step to check what it started.
  if (steps.length === 0) steps.push({ op: 'settle' });
  const declared = 'error' in report.adapter ? undefined : report.adapter;
  const profiles = declared?.profiles;
  const remote = steps.some((step) => step.op === 'spawnRemote') ? counterexample.remote : undefined;
  const forwarding = declared?.capabilities.rpc === true && steps.some((step) => step.op === 'spawn' || step.op === 'spawnRemote');
  // The capabilities its steps and plans use (a plan disposing a context, a setup spawning a child).
  const actions = new Set(JSON.stringify(steps).match(/"action":"[a-z-]+"/g) ?? []);
  const capabilities: Capability[] = [
    ...(steps.some((step) => step.op === 'spawn') || actions.has('"action":"spawn"') ? (['subagents'] as const) : []),
    ...(steps.some((step) => step.op === 'spawnRemote') ? (['remote'] as const) : []),
    ...(steps.some((step) => step.op === 'bridgeOpen') ? (['bridge'] as const) : []),
    ...(forwarding ? (['rpc'] as const) : []),
    ...(actions.has('"action":"dispose-context"') || actions.has('"action":"dispose-self"') ? (['contextDispose'] as const) : []),
  ];
  const slug = failure.check.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const scenario: Scenario = {
    id: `counterexample-${slug}`,
    title: `${failure.check}: ${failure.message} (seed ${counterexample.seed}${counterexample.path === undefined ? '' : `, path ${counterexample.path}`})`,
    requirements: [failure.requirement],
    ...(failure.clauses === undefined || failure.clauses.length === 0 ? {} : { clauses: failure.clauses }),
    ...(capabilities.length === 0 ? {} : { capabilities }),
    ...(profiles === undefined ? {} : { profiles }),
    ...(counterexample.durable === false ? { durable: false } : {}),
    ...(remote === undefined ? {} : { remote }),
    ...(counterexample.ids === undefined ? {} : { ids: counterexample.ids }),
    ...(config === undefined ? {} : { config }),
    ...(Object.keys(names.declared).length === 0 ? {} : { injected: names.declared }),
    steps,
  };
  const factory = referenceAdapter(profiles === undefined ? {} : { profiles });
  // The reference taking the contract's other choices: a session that never appended an event written at its first flush, or at
  // its first append only (§2 "Durable store"); a parent's scope that stops hearing its children's subagent/end as its teardown begins.
  const branches = [
    factory,
    ...(['at-first-flush', 'at-first-append'] as const).map((when): AdapterFactory => (env, options) => factory({ ...env, store: env.store === undefined ? undefined : lazyStore(env.store, when) }, options)),
    referenceAdapter({ ...(profiles === undefined ? {} : { profiles }), scopeHearsChildEnds: false }),
  ];
  // The expectations are the reference runtime's answers to the same steps, and what it shows after them.
  const observed = await observe(scenario, factory);
  const answers = new Map<number, Expectation>();
  if (observed.result.status !== 'SKIP') {
    for (const entry of observed.result.timeline) {
      if (entry.kind !== 'return') continue;
      const expectation = expectationOf(entry.outcome);
      if (expectation !== undefined) answers.set(entry.step, expectation);
    }
  }
  const adjusted = observed.scenario.steps;
  const checks = referenceChecks({
    scenario: observed.scenario,
    snapshots: observed.snapshots,
    requirement: failure.requirement,
    hanging: observed.hanging,
    wireId: remote === undefined ? undefined : wireIdOf(remote),
    forwarding,
    answers,
  });
  const callSteps = new Map(adjusted.map((step, index) => [step.wait === false ? step.name : undefined, index]));
  const expected = adjusted.map((step, index): ScenarioStep => {
    const hangs = step.wait === false && step.name !== undefined && observed.hanging.has(step.name);
    const target = step.op === 'await' ? callSteps.get(step.call) : step.wait === false ? undefined : index;
    const expect = hangs ? 'pending' : target === undefined ? undefined : answers.get(target);
    const check = checks[index];
    return { ...step, ...(expect === undefined ? {} : { expect }), ...(check === undefined ? {} : { check }) } as ScenarioStep;
  });
  const allowed = undecidedPersistence({ steps: expected, snapshots: observed.snapshots, persistedCreate: profiles?.persistedCreate });
  return withoutFalseFails({ ...observed.scenario, steps: allowed }, branches);
}
