import { RECORDER, type ConfigInput } from '../contract/adapter.js';
import type { Expectation, InjectedValue, JsonValue, Scenario, ScenarioStep } from '../contract/scenario.js';
import type { ConformanceReport, CounterexampleStep, FailureDetail } from '../../properties/report/conformance-report.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { replayScenario } from '../../scenarios/replay/replay-scenario.js';

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
      const { target, ...plan } = args;
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
    case 'fault':
    case 'heal':
      return { op: step.op, ...args } as unknown as ScenarioStep;
    default:
      return undefined;
  }
}

/** Reads a replay outcome line (`ok`, `reject: conflict — …`, `reject: <injected v1>`) back as an expectation. */
function expectationOf(outcome: string): Expectation | undefined {
  if (outcome === 'ok') return 'ok';
  const injected = /^reject: <injected ([^>]+)>$/.exec(outcome);
  if (injected?.[1] !== undefined) return { reject: { injected: injected[1] } };
  const code = /^reject: (conflict|not-found|invalid|aborted|inactive)(?: \(cause <injected ([^>]+)>\))?/.exec(outcome);
  if (code?.[1] === undefined) return undefined;
  return code[2] === undefined ? { reject: code[1] as 'conflict' } : { reject: code[1] as 'aborted', cause: code[2] };
}

/**
 * The counterexample of `failure` as a scenario file (the format of src/contract/scenario.ts):
 * its steps as the kit performed them, concurrent calls as `wait: false` plus `await`, and as
 * expectations what the reference runtime (with the same profiles) answers to each — so a
 * replay against the failing implementation diverges where it broke the contract.
 */
export async function counterexampleScenario(report: ConformanceReport, failure: FailureDetail): Promise<Scenario> {
  const names = new InjectedNames();
  const raw = failure.counterexample.steps;
  const firstOpen = raw[0]?.op === 'open' ? raw[0] : undefined;
  const config = (firstOpen?.args as { config?: ConfigInput } | undefined)?.config;
  const steps: ScenarioStep[] = [];
  const awaits = new Map<number, ScenarioStep[]>();
  raw.forEach((step, index) => {
    for (const pending of awaits.get(index) ?? []) steps.push(pending);
    // The kit's own closing shutdown is not part of the counterexample (the replay closes the system itself).
    if (step === firstOpen || (index === raw.length - 1 && step.op === 'shutdown' && step.result === '✓')) return;
    const converted = toStep(step, names);
    if (converted === undefined) return;
    if (step.awaitedAt !== undefined || step.result === '…') {
      const call = `call-${index}`;
      steps.push({ ...converted, wait: false, name: step.handle ?? call } as unknown as ScenarioStep);
      if (step.awaitedAt !== undefined) awaits.set(step.awaitedAt, [...(awaits.get(step.awaitedAt) ?? []), { op: 'await', call: step.handle ?? call }]);
    } else {
      steps.push(converted);
    }
  });
  for (const [at, pending] of awaits) if (at >= raw.length) steps.push(...pending);
  const profiles = 'error' in report.adapter ? undefined : report.adapter.profiles;
  const slug = failure.check.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const scenario: Scenario = {
    id: `counterexample-${slug}`,
    title: `${failure.check}: ${failure.message} (seed ${failure.counterexample.seed}${failure.counterexample.path === undefined ? '' : `, path ${failure.counterexample.path}`})`,
    requirements: [failure.requirement],
    ...(profiles === undefined ? {} : { profiles }),
    ...(failure.counterexample.durable === false ? { durable: false } : {}),
    ...(config === undefined ? {} : { config }),
    ...(Object.keys(names.declared).length === 0 ? {} : { injected: names.declared }),
    steps,
  };
  // The expectations are the reference runtime's answers to the same steps.
  const replay = await replayScenario(scenario, referenceAdapter(profiles === undefined ? {} : { profiles }));
  const answers = new Map<number, Expectation>();
  const events: string[] = [];
  const live = new Set<string>();
  if (replay.status !== 'SKIP') {
    let closing = false;
    for (const entry of replay.timeline) {
      // The replay's own closing shutdown is called as the step after the last one.
      if (entry.kind === 'call' && entry.step >= steps.length) closing = true;
      if (entry.kind === 'event' && entry.event.listener === RECORDER && !closing) {
        events.push(`${entry.event.type} ${entry.event.id}`);
        if (entry.event.type === 'agent/created') live.add(entry.event.id);
        if (entry.event.type === 'agent/disposed') live.delete(entry.event.id);
      }
      if (entry.kind !== 'return') continue;
      const expectation = expectationOf(entry.outcome);
      if (expectation !== undefined) answers.set(entry.step, expectation);
    }
  }
  const callSteps = new Map(steps.map((step, index) => [step.wait === false ? step.name : undefined, index]));
  const expected = steps.map((step, index) => {
    const target = step.op === 'await' ? callSteps.get(step.call) : step.wait === false ? undefined : index;
    const expect = target === undefined ? undefined : answers.get(target);
    return expect === undefined ? step : { ...step, expect };
  });
  // What the reference runtime shows after these steps: its events, and one identity for each live
  // agent the scenario names literally (minted ids differ between implementations).
  const named = new Set(steps.flatMap((step) => (step.op === 'create' ? [step.input.sessionId] : step.op === 'resume' ? [step.input.resumeSessionId] : [])));
  for (const entry of config?.agents ?? []) for (const id of [entry.sessionId, entry.resumeSessionId]) if (id !== undefined) named.add(id);
  const identity = [...live].filter((id) => named.has(id));
  const last = expected.at(-1);
  if (last !== undefined && last.check === undefined) {
    expected[expected.length - 1] = { ...last, check: { name: 'what the reference runtime shows after these steps', requirements: [failure.requirement], events, ...(identity.length === 0 ? {} : { identity }) } };
  }
  return { ...scenario, steps: expected };
}
