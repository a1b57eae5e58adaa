import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { runConformance, type ConformanceProgress } from '../../properties/runner/run-conformance.js';
import { progressLine } from '../../src/cli/progress-bar.js';

describe('progressLine', () => {
  it('shows a bar, the counts, the ETA given, and the label', () => {
    expect(progressLine({ done: 5, total: 20, label: 'AIK-TXN-003/rollback' }, 30_000)).toBe('█████░░░░░░░░░░░░░░░ 5/20 ETA 30s AIK-TXN-003/rollback');
  });

  it('has no ETA when none is given, and a full bar at the end', () => {
    expect(progressLine({ done: 0, total: 4, label: 'start' }, undefined)).toBe('░░░░░░░░░░░░░░░░░░░░ 0/4 start');
    expect(progressLine({ done: 4, total: 4, label: 'done' }, 0)).toBe('████████████████████ 4/4 ETA 0s done');
  });

  it('fits the terminal width', () => {
    const line = progressLine({ done: 1, total: 2, label: 'x'.repeat(200) }, 1000, 60);
    expect(line).toHaveLength(59);
    expect(line.endsWith('…')).toBe(true);
    // A terminal that reports no width gets the usual 80 columns.
    expect(progressLine({ done: 1, total: 2, label: 'x'.repeat(200) }, 1000, 0)).toHaveLength(79);
  });
});

describe('conformance progress', () => {
  it('counts directed checks and generated chunks, of this shard only, and ends complete', async () => {
    const heard: ConformanceProgress[] = [];
    await runConformance(referenceAdapter(), { runs: 300, requirements: ['AIK-ID-001'], shard: { index: 1, count: 2 }, onProgress: (progress) => heard.push(progress) });
    const last = heard.at(-1);
    // Chunks 0, 1, 2 of 100 runs; shard 1 of 2 takes chunk 1 only.
    expect(last?.chunks).toEqual({ done: 1, total: 1 });
    expect(last?.done).toBe(last?.total);
    expect(heard.map((progress) => progress.done)).toEqual(heard.map((_, index) => index + 1));
    const whole: ConformanceProgress[] = [];
    await runConformance(referenceAdapter(), { runs: 300, requirements: ['AIK-ID-001'], onProgress: (progress) => whole.push(progress) });
    expect(whole.filter((progress) => progress.label === 'generated runs').map((progress) => progress.chunks)).toEqual([1, 2, 3].map((done) => ({ done, total: 3 })));
  });
});
