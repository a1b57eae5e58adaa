import type { Expectation, Scenario, ScenarioCheck, ScenarioStep } from '../../../src/contract/scenario.js';

/**
 * Checks that every name a scenario uses resolves: handles and owners named by an earlier step,
 * calls started with `wait: false` and awaited once, declared injected values, `@name` ids of
 * some handle. Returns the first problem (`<JSON pointer> <what>`), or `undefined`.
 */
export function scenarioReferences(scenario: Scenario): string | undefined {
  if (scenario.planted !== undefined && scenario.durable === false) return '/planted needs a durable store, but "durable" is false';
  const injected = new Set(Object.keys(scenario.injected ?? {}));
  const allHandles = new Set(scenario.steps.flatMap((step) => (step.name !== undefined && step.op !== 'owner' && step.op !== 'startJob' ? [step.name] : [])));
  const jobs = new Set<string>();
  const handles = new Set<string>();
  const owners = new Set<string>();
  const pendingCalls = new Set<string>();
  const startedCalls = new Set<string>();
  let configSize = scenario.config?.agents.length ?? 0;
  const addConfig = () => {
    for (let index = 0; index < configSize; index += 1) handles.add(`config[${index}]`);
  };
  addConfig();

  const injectedProblem = (value: unknown, pointer: string): string | undefined => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) {
        const problem = injectedProblem(item, `${pointer}/${index}`);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    if (typeof value !== 'object' || value === null) return undefined;
    const record = value as Record<string, unknown>;
    if (typeof record['$injected'] === 'string' && !injected.has(record['$injected'])) return `${pointer}/$injected names no declared injected value ${JSON.stringify(record['$injected'])}`;
    for (const [key, item] of Object.entries(record)) {
      const problem = injectedProblem(item, `${pointer}/${key}`);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
  const expectationProblem = (expect: Expectation | undefined, pointer: string): string | undefined => {
    if (expect === undefined || typeof expect === 'string') return undefined;
    if ('oneOf' in expect) return expect.oneOf.reduce<string | undefined>((problem, one, index) => problem ?? expectationProblem(one, `${pointer}/oneOf/${index}`), undefined);
    if (typeof expect.reject === 'object' && !injected.has(expect.reject.injected)) return `${pointer}/reject/injected names no declared injected value ${JSON.stringify(expect.reject.injected)}`;
    if ('cause' in expect && expect.cause !== undefined && !injected.has(expect.cause)) return `${pointer}/cause names no declared injected value ${JSON.stringify(expect.cause)}`;
    return undefined;
  };
  const checkProblem = (check: ScenarioCheck | undefined, pointer: string): string | undefined => {
    if (check === undefined) return undefined;
    const ids = [
      ...(check.identity ?? []),
      ...Object.values(check.snapshots ?? {}).flatMap((snapshot) => [...snapshot.agents, ...snapshot.sessions]),
      ...(check.agents ?? []),
      ...(check.sessions ?? []),
      ...(check.untouched ?? []),
      ...Object.keys(check.stored ?? {}),
      ...Object.keys(check.lengths ?? {}),
      ...Object.entries(check.headers ?? {}).flatMap(([id, header]) => [id, ...Object.values(header).filter((value): value is string => typeof value === 'string')]),
      ...Object.entries(check.parents ?? {}).flat(),
      ...[...(check.events ?? []), ...Object.values(check.heard ?? {}).flat()].map((event) => event.slice(event.indexOf(' ') + 1)),
      ...[...(check.runs ?? []), ...(check.forwarded ?? [])].flatMap((line) => line.split(' ')),
      ...Object.keys(check.bridge ?? {}),
      ...Object.values(check.frontEnd ?? {}),
      ...(check.authorized ?? []).map((entry) => entry.requester),
    ];
    const unknown = ids.find((id) => id !== null && id.startsWith('@') && !allHandles.has(id.slice(1)) && !/^@config\[\d+\]$/.test(id));
    if (unknown !== undefined) return `${pointer}/check ${JSON.stringify(unknown)} names no handle of this scenario`;
    const unknownJob = (check.authorized ?? []).find((entry) => !jobs.has(entry.job));
    if (unknownJob !== undefined) return `${pointer}/check/authorized job ${JSON.stringify(unknownJob.job)} names no earlier startJob step`;
    const notStarted = (check.settled ?? []).find((name) => !startedCalls.has(name));
    if (notStarted !== undefined) return `${pointer}/check/settled ${JSON.stringify(notStarted)} names no earlier step started with "wait": false`;
    for (const [index, outcome] of (check.planOutcomes ?? []).entries()) {
      const problem = expectationProblem(outcome.expect, `${pointer}/check/planOutcomes/${index}/expect`);
      if (problem !== undefined) return problem;
    }
    if (Array.isArray(check.config)) {
      for (const [index, entry] of (check.config as ScenarioCheck['config'] & readonly unknown[]).entries()) {
        const problem = expectationProblem((entry as { expect: Expectation }).expect, `${pointer}/check/config/${index}/expect`);
        if (problem !== undefined) return problem;
      }
    }
    return undefined;
  };
  // A condition names an earlier step, by its name.
  const conditionProblem = (when: ScenarioStep['when'], pointer: string): string | undefined =>
    when === undefined ? undefined : !named.has(when.call) ? `${pointer}/call ${JSON.stringify(when.call)} names no earlier step` : expectationProblem(when.expect, `${pointer}/expect`);
  const named = new Set<string>();
  const needHandle = (name: string | undefined, pointer: string): string | undefined =>
    name === undefined || handles.has(name) ? undefined : `${pointer} ${JSON.stringify(name)} names no earlier handle`;
  const needOwner = (name: string | undefined, pointer: string): string | undefined =>
    name === undefined || owners.has(name) ? undefined : `${pointer} ${JSON.stringify(name)} names no earlier owner`;

  for (const [index, step] of scenario.steps.entries()) {
    const at = `/steps/${index}`;
    let problem: string | undefined =
      injectedProblem(step, at) ?? expectationProblem(step.expect, `${at}/expect`) ?? checkProblem(step.check, at) ?? conditionProblem(step.when, `${at}/when`);
    if (step.name !== undefined) named.add(step.name);
    for (const [index, when] of (step.check?.when ?? []).entries()) problem ??= conditionProblem(when, `${at}/check/when/${index}`);
    switch (step.op) {
      case 'create':
      case 'resume':
        problem ??= needOwner(step.input.owner, `${at}/input/owner`);
        break;
      case 'spawn':
      case 'spawnRemote':
        problem ??= needHandle(step.parent, `${at}/parent`);
        break;
      case 'prompt':
      case 'dispose':
      case 'flush':
      case 'bridgeOpen':
      case 'startJob':
        problem ??= needHandle(step.handle, `${at}/handle`);
        break;
      case 'unload':
        problem ??= needOwner(step.owner, `${at}/owner`);
        break;
      case 'listen':
        problem ??= needHandle(step.target, `${at}/target`) ?? needHandle(step.plan.target, `${at}/plan/target`);
        break;
      case 'await':
        if (!pendingCalls.has(step.call)) problem ??= `${at}/call ${JSON.stringify(step.call)} names no earlier step started with "wait": false (or it was awaited already)`;
        pendingCalls.delete(step.call);
        break;
      case 'restart':
        for (let entry = 0; entry < configSize; entry += 1) handles.delete(`config[${entry}]`);
        configSize = step.config?.agents.length ?? 0;
        addConfig();
        break;
      default:
        break;
    }
    if (problem !== undefined) return problem;
    if (step.name !== undefined) {
      named.add(step.name);
      if (step.op === 'owner') owners.add(step.name);
      else if (step.op === 'startJob') jobs.add(step.name);
      else handles.add(step.name);
      if (step.wait === false) {
        if (pendingCalls.has(step.name)) return `${at}/name ${JSON.stringify(step.name)} is already a pending call`;
        pendingCalls.add(step.name);
        startedCalls.add(step.name);
      }
    } else if (step.wait === false) {
      return `${at} has "wait": false but no name to await it by`;
    }
  }
  return undefined;
}
