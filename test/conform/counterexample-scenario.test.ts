import { describe, expect, it } from 'vitest';
import { counterexampleScenario } from '../../src/cli/counterexample-scenario.js';
import { runConformWorker, type ConformWorkerMessage } from '../../src/supervisor/conform-worker.js';
import { conformMessageProblem } from '../../src/supervisor/conform-protocol.js';
import type { ConformanceReport, CounterexampleStep, FailureDetail } from '../../properties/report/conformance-report.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { decideConformance, runConformance } from '../../properties/runner/run-conformance.js';
import { replayScenario } from '../../scenarios/replay/replay-scenario.js';
import type { ScenarioCheck, ScenarioStep } from '../../src/contract/scenario.js';
import { persistingLazily } from '../mutants/_support/benign.js';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const boom = new Error('kit-injected boom');
const frozen = Object.freeze({ kitInjected: 'load fault' });

function step(op: string, args: unknown, line: string, result = '✓', extra: Partial<CounterexampleStep> = {}): CounterexampleStep {
  return { op, args, line, result, ...extra };
}

const STEPS: readonly CounterexampleStep[] = [
  step('open', { config: { agents: [{ id: 'main', sessionId: 'cfg' }] } }, 'open(config: 1 entries)'),
  step('owner', { label: 'team', token: 'owner-1' }, 'owner(team) → owner-1'),
  step('create', { sessionId: 'a', owner: 'owner-1', setup: { name: 's', action: 'reject', value: boom } }, 'create(a, setup=reject, owner=owner-1)', '✗injected'),
  step('create', { sessionId: 'b' }, 'create(b) → h1', '✓', { handle: 'h1' }),
  step('listen', { plan: { name: 'rec', event: '*', action: 'record' }, target: 'h1' }, 'listen(rec: * → record on h1)'),
  step('turns', { id: 'b', plan: 'hold' }, 'turns(b: hold)'),
  step('prompt', { handle: 'h1' }, 'prompt(h1)', '✓', { awaitedAt: 8 }),
  step('release-turns', { id: 'b' }, 'release-turns(b)'),
  step('spawn', { parent: 'h1', mode: 'fork' }, 'fork(h1) → h2', '✓', { handle: 'h2' }),
  step('fault', { store: 'load', id: 'zz', effect: 'fail', value: frozen }, 'fault(fail load zz)'),
  step('resume', { resumeSessionId: 'zz' }, 'resume(zz)', '✗injected'),
  step('heal', { id: 'zz' }, 'heal(zz)'),
  step('unlisten', { name: 'rec' }, 'unlisten(rec)'),
  step('unload', { owner: 'owner-1' }, 'unload(owner-1)'),
  step('flush', { handle: 'h1' }, 'flush(h1)'),
  step('dispose', { handle: 'h1' }, 'dispose(h1)'),
  step('restart', {}, 'restart()'),
  step('mystery', {}, 'mystery()'),
  step('create', { sessionId: 'late', setup: { name: 'w', pause: 'never', action: 'resolve' } }, 'create(late, setup=never⏸resolve)', '…'),
  step('shutdown', {}, 'shutdown()'),
];

async function reportWith(failure: FailureDetail): Promise<ConformanceReport> {
  const report = await runConformance(referenceAdapter(), { runs: 1, requirements: ['AIK-ID-001'] });
  return { ...report, failures: [failure] };
}

describe('a counterexample as a scenario file', () => {
  it('keeps the steps, names injected values, turns concurrent calls into wait:false + await, and takes the reference runtime’s answers as expectations', async () => {
    const failure: FailureDetail = {
      check: 'AIK-TXN-003/example',
      requirement: 'AIK-TXN-003',
      message: 'something broke',
      adapter: false,
      expected: false,
      counterexample: { seed: 5, commands: STEPS.map((entry) => `${entry.line} ${entry.result}`), steps: STEPS },
    };
    const scenario = await counterexampleScenario(await reportWith(failure), failure);
    expect(scenario).toMatchObject({
      id: 'counterexample-aik-txn-003-example',
      requirements: ['AIK-TXN-003'],
      profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' },
      config: { agents: [{ id: 'main', sessionId: 'cfg' }] },
      injected: { v1: { error: 'kit-injected boom' }, v2: { value: { kitInjected: 'load fault' } } },
    });
    expect(scenario.title).toBe('AIK-TXN-003/example: something broke (seed 5)');
    expect(scenario.steps.map((entry) => entry.op)).toEqual(['owner', 'create', 'create', 'listen', 'turns', 'prompt', 'release-turns', 'await', 'spawn', 'fault', 'resume', 'heal', 'unlisten', 'unload', 'flush', 'dispose', 'restart', 'create']);
    const bare = scenario.steps.map(({ check: _check, ...step }) => step);
    expect(bare[1]).toEqual({ op: 'create', input: { sessionId: 'a', owner: 'owner-1', setup: { name: 's', action: 'reject', value: { $injected: 'v1' } } }, expect: { reject: { injected: 'v1' } } });
    expect(bare[2]).toEqual({ op: 'create', input: { sessionId: 'b' }, name: 'h1', expect: 'ok' });
    expect(bare[5]).toEqual({ op: 'prompt', handle: 'h1', wait: false, name: 'call-6' });
    expect(bare[7]).toEqual({ op: 'await', call: 'call-6', expect: 'ok' });
    expect(bare[8]).toMatchObject({ op: 'spawn', parent: 'h1', input: { mode: 'fork' }, name: 'h2', expect: 'ok' });
    expect(bare[9]).toEqual({ op: 'fault', store: 'load', id: 'zz', effect: 'fail', value: { $injected: 'v2' } });
    expect(bare[10]).toEqual({ op: 'resume', input: { resumeSessionId: 'zz' }, expect: { reject: { injected: 'v2' } } });
    expect(bare[17]).toMatchObject({ op: 'create', wait: false, name: 'call-18' });
    // A check after every step where nothing is left unawaited, written with the events the reference runtime emitted since the previous one.
    expect(scenario.steps[2]?.check).toMatchObject({ requirements: ['AIK-TXN-003'], events: ['session/created b', 'agent/created b', 'agent/session-start b'], agents: expect.arrayContaining(['cfg', 'b']), identity: expect.arrayContaining(['cfg', 'b']) });
    // While the prompt is unawaited, what a step shows depends on timing: no check.
    expect(scenario.steps[5]?.check).toBeUndefined();
    // The fork's minted child id is written as its handle's name.
    expect(scenario.steps[8]?.check?.agents).toEqual(expect.arrayContaining(['@h2']));
    // After the restart without a configuration, and with `late` never published, nothing is live.
    expect(scenario.steps[17]?.check).toMatchObject({ agents: [], sessions: [] });
    expect(scenario.steps[17]?.check?.identity).toBeUndefined();
    expect((await replayScenario(scenario, referenceAdapter())).status).toBe('PASS');
  });
});

describe('counterexample steps of every kind', () => {
  it('maps remote runs, a shutdown mid-way and a second system over the same store', async () => {
    const steps: readonly CounterexampleStep[] = [
      step('create', { sessionId: 'p' }, 'create(p) → h1', '✓', { handle: 'h1' }),
      step('spawnRemote', { parent: 'h1' }, 'spawnRemote(h1) → h2', '✓', { handle: 'h2' }),
      step('shutdown', {}, 'shutdown()'),
      step('open', { config: { agents: [{ id: 'again', sessionId: 'p' }] } }, 'open(config: 1 entries)'),
    ];
    const failure: FailureDetail = { check: 'AIK-REMOTE-001/x', requirement: 'AIK-REMOTE-001', message: 'm', adapter: false, expected: false, counterexample: { seed: 1, durable: false, commands: [], steps } };
    const scenario = await counterexampleScenario(await reportWith(failure), failure);
    expect(scenario.durable).toBe(false);
    expect(scenario.config).toBeUndefined();
    expect(scenario.steps.map((entry) => ({ ...entry, expect: undefined, check: undefined }))).toEqual([
      { op: 'create', input: { sessionId: 'p' }, name: 'h1', expect: undefined, check: undefined },
      { op: 'spawnRemote', parent: 'h1', input: {}, name: 'h2', expect: undefined, check: undefined },
      { op: 'shutdown', expect: undefined, check: undefined },
      { op: 'restart', config: { agents: [{ id: 'again', sessionId: 'p' }] }, expect: undefined, check: undefined },
    ]);
  });
});

/** A failure of AIK-TXN-003 (the requirement is immaterial here) whose counterexample is `steps`. */
const failing = (steps: readonly CounterexampleStep[]): FailureDetail => ({ check: 'AIK-TXN-003/x', requirement: 'AIK-TXN-003', message: 'm', adapter: false, expected: false, counterexample: { seed: 1, commands: [], steps } });

/** `step` without its check, and the fields of its check that say what the reference showed (name, requirements and ignore aside). */
function shownBy(step: ScenarioStep | undefined): { step: Omit<ScenarioStep, 'check'>; check: Partial<ScenarioCheck> | undefined } {
  const { check, ...bare } = step ?? ({} as ScenarioStep);
  if (check === undefined) return { step: bare, check };
  const { name: _name, requirements: _requirements, ignore: _ignore, ...fields } = check;
  return { step: bare, check: fields };
}

describe('steps the reference runtime does not settle where the implementation did', () => {
  // Each of these waits out the reference's hang limit (3 s) once.
  it('a call it holds until a later release starts without waiting, pending until the release, and is awaited right after it', async () => {
    const steps = [step('create', { sessionId: 'a', setup: { name: 's', pause: 'p1', action: 'resolve' } }, 'create(a, setup=p1⏸resolve) → h1', '✓', { handle: 'h1' }), step('release', { pause: 'p1' }, 'release(p1)')];
    const scenario = await counterexampleScenario(await reportWith(failing(steps)), failing(steps));
    const shown = scenario.steps.map(shownBy);
    expect(shown.map((entry) => entry.step)).toEqual([
      { op: 'create', input: { sessionId: 'a', setup: { name: 's', pause: 'p1', action: 'resolve' } }, name: 'h1', wait: false, expect: 'pending' },
      { op: 'release', pause: 'p1' },
      { op: 'await', call: 'h1', expect: 'ok' },
    ]);
    expect(shown.map((entry) => entry.check?.pending)).toEqual([['h1'], ['h1'], undefined]);
    expect(shown[2]?.check?.agents).toEqual(['a']);
    expect((await replayScenario(scenario, referenceAdapter())).status).toBe('PASS');
  });

  it('a call the kit gave up waiting for that the reference never settles stays pending to the end, never awaited', async () => {
    const steps = [step('create', { sessionId: 'a', setup: { name: 's', pause: 'never', action: 'resolve' } }, 'create(a, setup=never⏸resolve)', '⏳hang', { handle: 'h1' }), step('create', { sessionId: 'b' }, 'create(b) → h2', '✓', { handle: 'h2' })];
    const scenario = await counterexampleScenario(await reportWith(failing(steps)), failing(steps));
    const shown = scenario.steps.map(shownBy);
    expect(shown.map((entry) => entry.step)).toEqual([
      { op: 'create', input: { sessionId: 'a', setup: { name: 's', pause: 'never', action: 'resolve' } }, name: 'h1', wait: false, expect: 'pending' },
      { op: 'create', input: { sessionId: 'b' }, name: 'h2', expect: 'ok' },
    ]);
    expect(shown.map((entry) => [entry.check?.pending, entry.check?.agents])).toEqual([
      [['h1'], []],
      [['h1'], ['b']],
    ]);
    expect((await replayScenario(scenario, referenceAdapter())).status).toBe('PASS');
  });

  it('an until counts from the step it names (named call-<index> when it had no name); one the reference never sees met is dropped', async () => {
    const steps = [
      step('create', { sessionId: 'a' }, 'create(a) → h1', '✓', { handle: 'h1' }),
      step('until', { paused: 'nobody' }, 'until(nobody⏸ reached)'),
      step('flush', { handle: 'h1' }, 'flush(h1)'),
      step('until', { store: { ops: ['flush'], id: 'a' }, since: 2 }, 'until(flush a)'),
    ];
    const scenario = await counterexampleScenario(await reportWith(failing(steps)), failing(steps));
    // The steps after the dropped wait have the reference's answers and checks, as if it had never been there.
    expect(scenario.steps.map((entry) => shownBy(entry).step)).toEqual([
      { op: 'create', input: { sessionId: 'a' }, name: 'h1', expect: 'ok' },
      { op: 'flush', handle: 'h1', name: 'call-2', expect: 'ok' },
      { op: 'until', store: { ops: ['flush'], id: 'a' }, since: 'call-2' },
    ]);
    expect(scenario.steps.map((entry) => entry.check?.agents)).toEqual([['a'], ['a'], ['a']]);
    expect((await replayScenario(scenario, referenceAdapter())).status).toBe('PASS');
  });
});

describe('counterexample steps the reference settles at once', () => {
  it('a held store call waits on the kit’s pause, named `pause`; a plan disposing its context needs contextDispose', async () => {
    const steps = [
      step('fault', { store: 'put', id: 'zz', effect: 'hold', value: 'p9' }, 'fault(hold put zz)'),
      step('fault', { store: 'load', id: 'yy', effect: 'hang' }, 'fault(hang load yy)'),
      step('create', { sessionId: 'a', setup: { name: 'd', action: 'dispose-context' } }, 'create(a, setup=dispose-context) → h1', '✓', { handle: 'h1' }),
    ];
    const scenario = await counterexampleScenario(await reportWith(failing(steps)), failing(steps));
    expect(scenario.capabilities).toEqual(['contextDispose']);
    expect(scenario.steps.slice(0, 2).map((entry) => shownBy(entry).step)).toEqual([
      { op: 'fault', store: 'put', id: 'zz', effect: 'hold', pause: 'p9' },
      { op: 'fault', store: 'load', id: 'yy', effect: 'hang' },
    ]);
    expect((await replayScenario(scenario, referenceAdapter())).status).toBe('PASS');
  });

  it('a configured entry the start refused has no handle: the others are still written config[i]', async () => {
    const steps = [step('restart', { config: { agents: [{ id: 'gone', resumeSessionId: 'nope' }, { id: 'main', sessionId: 's1' }] } }, 'restart(config: 2 entries)', '✓', { entries: [null, 'h2'] }), step('prompt', { handle: 'h2' }, 'prompt(h2)')];
    const scenario = await counterexampleScenario(await reportWith(failing(steps)), failing(steps));
    expect(shownBy(scenario.steps[1]).step).toEqual({ op: 'prompt', handle: 'config[1]', expect: 'ok' });
    expect(scenario.steps[0]?.check?.config).toEqual([
      { label: 'gone', expect: { reject: 'not-found' } },
      { label: 'main', expect: 'ok', id: 's1' },
    ]);
    expect((await replayScenario(scenario, referenceAdapter())).status).toBe('PASS');
  });

  it('a start alone gets a settle step that checks what it started', async () => {
    const steps = [step('open', { config: { agents: [{ id: 'main', sessionId: 'cfg' }] } }, 'open(config: 1 entries)', '✓', { entries: ['h1'] })];
    const scenario = await counterexampleScenario(await reportWith(failing(steps)), failing(steps));
    expect(scenario.config).toEqual({ agents: [{ id: 'main', sessionId: 'cfg' }] });
    expect(scenario.steps.map(shownBy)).toEqual([{ step: { op: 'settle' }, check: expect.objectContaining({ agents: ['cfg'], config: [{ label: 'main', expect: 'ok', id: 'cfg' }] }) }]);
    expect((await replayScenario(scenario, referenceAdapter())).status).toBe('PASS');
  });

  it('under reject-at-flush, a flush the reference refused conflict may resolve where the session was never persisted (the lazy store’s answer joins its expectation)', async () => {
    const steps = [
      step('create', { sessionId: 'a' }, 'create(a) → h1', '✓', { handle: 'h1' }),
      step('dispose', { handle: 'h1' }, 'dispose(h1)'),
      step('create', { sessionId: 'a' }, 'create(a) → h2', '✓', { handle: 'h2' }),
      step('flush', { handle: 'h2' }, 'flush(h2)', '✗conflict'),
    ];
    const profiles = { teardown: 'scope-last', persistedCreate: 'reject-at-flush' } as const;
    const report = await runConformance(referenceAdapter({ profiles }), { runs: 1, requirements: ['AIK-ID-001'] });
    const scenario = await counterexampleScenario({ ...report, failures: [failing(steps)] }, failing(steps));
    expect(scenario.profiles).toEqual(profiles);
    expect(scenario.steps.map((entry) => [entry.op, entry.expect])).toEqual([
      ['create', 'ok'],
      ['dispose', 'ok'],
      ['create', 'ok'],
      ['flush', { oneOf: [{ reject: 'conflict' }, 'ok'] }],
    ]);
    for (const system of [referenceAdapter({ profiles }), persistingLazily(referenceAdapter({ profiles }))]) expect((await replayScenario(scenario, system)).status).toBe('PASS');
  });

  it('without the adapter’s declaration (its factory failed), the scenario names no profiles: a replay takes the reference’s', async () => {
    const steps = [step('create', { sessionId: 'a' }, 'create(a) → h1', '✓', { handle: 'h1' })];
    const report = await reportWith(failing(steps));
    const scenario = await counterexampleScenario({ ...report, adapter: { error: 'the factory threw' } }, failing(steps));
    expect(scenario.profiles).toBeUndefined();
    expect(scenario.steps.map((entry) => [entry.op, entry.expect])).toEqual([['create', 'ok']]);
    expect((await replayScenario(scenario, referenceAdapter())).status).toBe('PASS');
  });
});

describe('handles of configured agents', () => {
  it('are written config[i] of the start that made them, until the next start', async () => {
    const steps: readonly CounterexampleStep[] = [
      step('restart', { config: { agents: [{ id: 'main', sessionId: 's1' }, { id: 'side' }] } }, 'restart(config: 2 entries)', '✓', { entries: ['h1', 'h2'] }),
      step('spawn', { parent: 'h2', mode: 'spawn' }, 'spawn(h2) → h3', '✓', { handle: 'h3' }),
      step('prompt', { handle: 'h1' }, 'prompt(h1)'),
      step('restart', {}, 'restart()'),
      step('prompt', { handle: 'h1' }, 'prompt(h1)', '✗inactive'),
    ];
    const failure: FailureDetail = { check: 'AIK-CONFIG-001/x', requirement: 'AIK-CONFIG-001', message: 'm', adapter: false, expected: false, counterexample: { seed: 1, commands: [], steps } };
    const scenario = await counterexampleScenario(await reportWith(failure), failure);
    expect(scenario.steps.map((entry) => ('parent' in entry ? entry.parent : 'handle' in entry ? entry.handle : entry.op))).toEqual(['restart', 'config[1]', 'config[0]', 'restart', 'h1']);
    expect(scenario.capabilities).toEqual(['subagents', 'rpc']);
    // The configured `side` got a fresh id; its child is written by its handle's name.
    expect(scenario.steps[1]?.check?.agents).toEqual(['s1', '@config[1]', '@h3']);
    expect((await replayScenario(scenario, referenceAdapter())).status).toBe('PASS');
  });
});

describe('the conform worker', () => {
  it('loads the adapter module, posts progress and the evidence (never a verdict: the supervisor decides), each message as the protocol has it', async () => {
    const messages: ConformWorkerMessage[] = [];
    const adapter = { file: 'properties/reference-adapter.ts', url: pathToFileURL(resolve('properties/reference-adapter.ts')).href, exportName: 'default' };
    const options = { runs: 2, requirements: ['AIK-CREATE-001'] };
    await runConformWorker({ task: 'conform', adapter, options, preloads: [] }, (message) => messages.push(message));
    expect(messages.filter((message) => message.kind === 'progress').length).toBeGreaterThan(0);
    expect(messages.map(conformMessageProblem).filter((problem) => problem !== undefined)).toEqual([]);
    const last = messages.at(-1);
    expect(last?.kind === 'evidence' ? decideConformance(last.evidence, options).verdict : last).toBe('CONFORMANT');
  });

  it('posts a usage error for a missing export or a module that cannot load', async () => {
    const messages: ConformWorkerMessage[] = [];
    const at = (file: string, exportName: string) => ({ file, url: pathToFileURL(resolve(file)).href, exportName });
    await runConformWorker({ task: 'conform', adapter: at('properties/reference-adapter.ts', 'nope'), options: {}, preloads: [] }, (message) => messages.push(message));
    await runConformWorker({ task: 'conform', adapter: at('test/fixtures/conform/needs-preload-adapter.ts', 'default'), options: {}, preloads: [] }, (message) => messages.push(message));
    expect(messages).toEqual([
      { kind: 'usage', message: 'properties/reference-adapter.ts: exports no adapter factory named "nope"' },
      { kind: 'usage', message: 'test/fixtures/conform/needs-preload-adapter.ts:4:58: cannot load the adapter module (the preload did not run)' },
    ]);
  });
});

describe('a generated race counterexample as a scenario', () => {
  it('replays the interleaving the scheduler chose: it passes on the reference runtime and fails on the implementation it came from', async () => {
    const { default: loserEmits } = await import('../mutants/collision-loser-emits.js');
    const report = await runConformance(loserEmits.adapter, { requirements: ['AIK-CONFLICT-001'] });
    const failure = report.failures.find((candidate) => candidate.check === 'AIK-CONFLICT-001/generated-losers-silent');
    if (failure === undefined) throw new Error(`no generated race failure: ${report.failures.map((candidate) => candidate.check).join(', ')}`);
    const scenario = await counterexampleScenario(report, failure);
    expect(scenario.steps.filter((entry) => entry.op === 'release').length).toBeGreaterThan(0);
    expect((await replayScenario(scenario, referenceAdapter(), { timeoutMs: 500 })).status).toBe('PASS');
    const replayed = await replayScenario(scenario, loserEmits.adapter, { timeoutMs: 500 });
    expect(replayed.status === 'FAIL' ? replayed.failure.requirements : replayed.status).toEqual(['AIK-CONFLICT-001']);
  });
});
