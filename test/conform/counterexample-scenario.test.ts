import { describe, expect, it } from 'vitest';
import { counterexampleScenario } from '../../src/cli/counterexample-scenario.js';
import { runConformWorker, type ConformWorkerMessage } from '../../src/supervisor/conform-worker.js';
import { conformMessageProblem } from '../../src/supervisor/conform-protocol.js';
import type { ConformanceReport, CounterexampleStep, FailureDetail } from '../../properties/report/conformance-report.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { decideConformance, runConformance } from '../../properties/runner/run-conformance.js';
import { replayScenario } from '../../scenarios/replay/replay-scenario.js';
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
