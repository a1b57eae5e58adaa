import { describe, expect, it } from 'vitest';
import { progressLine } from '../../src/cli/progress-bar.js';

describe('progressLine', () => {
  it('shows a bar, the counts, an ETA from the pace so far, and the label', () => {
    expect(progressLine({ done: 5, total: 20, label: 'AIK-TXN-003/rollback' }, 10_000)).toBe('█████░░░░░░░░░░░░░░░ 5/20 ETA 30s AIK-TXN-003/rollback');
  });

  it('has no ETA before anything is done, and a full bar at the end', () => {
    expect(progressLine({ done: 0, total: 4, label: 'start' }, 0)).toBe('░░░░░░░░░░░░░░░░░░░░ 0/4 start');
    expect(progressLine({ done: 4, total: 4, label: 'done' }, 800)).toBe('████████████████████ 4/4 ETA 0s done');
  });

  it('fits the terminal width', () => {
    const line = progressLine({ done: 1, total: 2, label: 'x'.repeat(200) }, 1000, 60);
    expect(line).toHaveLength(59);
    expect(line.endsWith('…')).toBe(true);
  });
});
