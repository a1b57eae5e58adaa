import { describe, expect, it } from 'vitest';
import type { Profiles } from '../../src/contract/requirements.js';
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
