import { describe, expect, it } from 'vitest';
import type { AdapterFactory, System } from '../../src/contract/adapter.js';
import type { Profiles } from '../../src/contract/requirements.js';
import type { Scenario } from '../../src/contract/scenario.js';
import independentAdapter from '../../examples/independent/adapter.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { checkHistory } from '../../scenarios/history/check-history.js';
import { HistoryRecorder } from '../../scenarios/history/history-recorder.js';
import { parseHistory } from '../../scenarios/history/parse-history.js';
import { loadScenarios } from '../../scenarios/load/load-scenarios.js';
import { formatResult } from '../../scenarios/replay/format-result.js';
import { replayScenario } from '../../scenarios/replay/replay-scenario.js';

const corpus = loadScenarios(['scenarios']);
const combinations: Profiles[] = (['scope-last', 'scope-first'] as const).flatMap((teardown) =>
  (['reject-at-create', 'reject-at-flush'] as const).map((persistedCreate) => ({ teardown, persistedCreate })),
);

describe('the scenario corpus on the reference runtime', () => {
  it('is not empty and every scenario id is unique', () => {
    expect(corpus.length).toBeGreaterThan(40);
    expect(new Set(corpus.map(({ scenario }) => scenario.id)).size).toBe(corpus.length);
  });

  for (const profiles of combinations) {
    const applicable = corpus.filter(({ scenario }) => Object.entries(scenario.profiles ?? {}).every(([axis, variant]) => profiles[axis as keyof Profiles] === variant));
    it(`passes every applicable scenario under ${profiles.teardown} / ${profiles.persistedCreate}, and trace finds each history OK`, async () => {
      const failures: string[] = [];
      for (const { file, scenario } of applicable) {
        const lines: string[] = [];
        const result = await replayScenario(scenario, referenceAdapter({ profiles }), { record: new HistoryRecorder((line) => lines.push(line)) });
        if (result.status !== 'PASS') failures.push(result.status === 'FAIL' ? formatResult(file, scenario, result) : `${scenario.id}: ${result.reason}`);
        const verdict = checkHistory(parseHistory(lines.join('\n'), `${scenario.id}.jsonl`));
        if (verdict.verdict !== 'OK') failures.push(`${scenario.id}: ${JSON.stringify(verdict)}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it('skips a scenario whose profile the system does not follow, naming why', async () => {
    const flush = corpus.find(({ scenario }) => scenario.id === 'conflict-003-reject-at-flush');
    if (flush === undefined) throw new Error('missing scenario');
    const result = await replayScenario(flush.scenario, referenceAdapter({ profiles: { persistedCreate: 'reject-at-create' } }));
    expect(result).toEqual({ status: 'SKIP', reason: 'not applicable: profile persistedCreate is reject-at-create, the scenario is for reject-at-flush' });
  });
});

/** The reference runtime seen through `patch`: each listed member of its system replaced. */
function patched(patch: (system: System) => Partial<System>): AdapterFactory {
  const factory = referenceAdapter();
  return async (env, options) => {
    const system = await factory(env, options);
    const replaced = patch(system);
    return new Proxy(system, {
      get: (target, key) => {
        if (key in replaced) return replaced[key as keyof System];
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
}

/** Configured agents without handles, as an implementation declaring `configHandles` absent reports them. */
const withoutConfigHandles = patched((system) => ({
  capabilities: { ...system.capabilities, configHandles: false },
  configResults: () => {
    const outcome = system.configResults();
    return outcome.ok ? { ok: true, entries: outcome.entries.map((entry) => (entry.ok ? { label: entry.label, ok: true, id: entry.id } : entry)) } : outcome;
  },
}));

const oneTurn = (check: NonNullable<Scenario['steps'][number]['check']>): Scenario => ({
  id: 'one-turn',
  title: 'one turn',
  requirements: ['AIK-EVENT-005'],
  steps: [
    { op: 'create', name: 'a', input: { sessionId: 's1' }, expect: 'ok' },
    { op: 'prompt', handle: 'a', expect: 'ok', check: { name: 'one turn', lengths: { s1: 3 } } },
    { op: 'prompt', handle: 'a', expect: 'ok', check },
  ],
});

describe('log lengths: the events the scenario caused, bookkeeping allowed, history kept as a prefix', () => {
  it('accepts a log longer than the scenario caused (bookkeeping events), refuses a shorter one', async () => {
    expect((await replayScenario(oneTurn({ name: 'two turns', lengths: { s1: 6 } }), referenceAdapter())).status).toBe('PASS');
    // A bookkeeping event appended before publication: first in the log, the turns after it.
    const longer = patched((system) => ({
      sessions: () => system.sessions().map((entry) => ({ ...entry, length: entry.length + 1 })),
      history: (token) => [{ seq: 0, kind: 'tool' }, ...system.history(token).map((event) => ({ ...event, seq: event.seq + 1 }))],
    }));
    expect((await replayScenario(oneTurn({ name: 'two turns', lengths: { s1: 6 } }), longer)).status).toBe('PASS');
    const short = await replayScenario(oneTurn({ name: 'three turns', lengths: { s1: 9 } }), referenceAdapter());
    expect(short.status === 'FAIL' && [short.failure.expected, short.failure.observed]).toEqual(['log length of live session "s1": at least 9', 'log length of live session "s1": 6']);
  });

  it('fails when the log an earlier check read of the same session is no longer its prefix', async () => {
    let reads = 0;
    const rewriting = patched((system) => ({ history: (token) => system.history(token).map((event) => (reads++ > 2 && event.seq === 0 ? { ...event, kind: 'tool' } : event)) }));
    const result = await replayScenario(oneTurn({ name: 'two turns', lengths: { s1: 6 } }), rewriting);
    expect(result.status === 'FAIL' && result.failure.check).toBe('two turns');
    expect(result.status === 'FAIL' && result.failure.expected).toBe('the log of "s1" read at an earlier check (3 events) as its prefix');
  });
});

describe('configured agents without handles (configHandles absent)', () => {
  it('makes a scenario that needs a configured handle not applicable, naming the step', async () => {
    const exact = corpus.find(({ scenario }) => scenario.id === 'config-exact-id-resumes-across-restart');
    if (exact === undefined) throw new Error('missing scenario');
    expect(await replayScenario(exact.scenario, withoutConfigHandles)).toEqual({
      status: 'SKIP',
      reason: 'not applicable: step 1 needs the handle of config[0], and configured agents have none (capability configHandles not declared)',
    });
  });

  it('still resolves @config[i] to the entry’s id in checks', async () => {
    const contained = corpus.find(({ scenario }) => scenario.id === 'config-entry-failures-are-contained');
    if (contained === undefined) throw new Error('missing scenario');
    expect(contained.scenario.steps.some((step) => JSON.stringify(step.check ?? {}).includes('@config['))).toBe(true);
    expect((await replayScenario(contained.scenario, withoutConfigHandles)).status).toBe('PASS');
  });
});

describe('histories recorded from the corpus', () => {
  it('are OK for trace, every one', async () => {
    const verdicts: string[] = [];
    let withEvents = 0;
    for (const { scenario } of corpus) {
      const lines: string[] = [];
      const result = await replayScenario(scenario, referenceAdapter({ ...(scenario.profiles === undefined ? {} : { profiles: scenario.profiles }) }), { record: new HistoryRecorder((line) => lines.push(line)) });
      expect(result.status).toBe('PASS');
      const history = parseHistory(lines.join('\n'), `${scenario.id}.jsonl`);
      const verdict = checkHistory(history);
      if (verdict.verdict !== 'OK') verdicts.push(`${scenario.id}: ${JSON.stringify(verdict)}`);
      if (history.some((line) => line.record.kind === 'event')) withEvents += 1;
    }
    expect(verdicts).toEqual([]);
    // The histories carry the evidence trace needs, not just operation records.
    expect(withEvents).toBeGreaterThan(corpus.length - 5);
  });
});

describe('the scenario corpus on the independent example implementation', () => {
  it('passes every scenario that applies, and trace finds each history OK (no false FAIL, no false ILLEGAL)', async () => {
    const problems: string[] = [];
    let ran = 0;
    for (const { file, scenario } of corpus) {
      const lines: string[] = [];
      const result = await replayScenario(scenario, independentAdapter, { record: new HistoryRecorder((line) => lines.push(line)) });
      if (result.status === 'SKIP') continue;
      ran += 1;
      if (result.status === 'FAIL') problems.push(formatResult(file, scenario, result));
      const verdict = checkHistory(parseHistory(lines.join('\n'), `${scenario.id}.jsonl`));
      if (verdict.verdict !== 'OK') problems.push(`${scenario.id}: ${JSON.stringify(verdict)}`);
    }
    expect(problems).toEqual([]);
    expect(ran).toBeGreaterThan(corpus.length / 2);
  });
});
