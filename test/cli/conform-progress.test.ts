import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConformProgress, LINE_EVERY_MS, SILENCE_MS, type RunPlan } from '../../src/cli/conform-progress.js';

const header = ['seed 7', 'adapter a.ts'];
const plan: RunPlan = { checks: 3, runs: 250, chunks: 3 };

/** Progress as `conform` shows it: the header first, then the plan once the engine is loaded. */
function started(out: ReturnType<typeof stream>): ConformProgress {
  const progress = new ConformProgress(out, header, () => Date.now());
  progress.start(plan);
  return progress;
}

/** A stream that keeps what was written, as a TTY or not. */
function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, isTTY, columns: 200, write: (text: string) => written.push(text) };
}

/** `done` counts checks and chunks together, as the engine reports them. */
const at = (checks: number, chunks: number, label = 'x') => ({ done: checks + chunks, total: 6, chunks: { done: chunks, total: 3 }, label });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('conform progress in CI (no TTY)', () => {
  it('writes the header at once, the plan when it starts, a line per phase, and paced progress lines', () => {
    const out = stream(false);
    const progress = new ConformProgress(out, header, () => Date.now());
    expect(out.written).toEqual(['agent-identity-kit conform · seed 7 · adapter a.ts\n']);
    vi.advanceTimersByTime(1000);
    progress.start(plan);
    expect(out.written.slice(1)).toEqual(['[1s] 3 directed checks, then 250 generated runs in 3 chunks\n']);
    progress.update(at(1, 0));
    progress.update(at(2, 0));
    // Nothing more before LINE_EVERY_MS: progress lines are paced.
    expect(out.written).toHaveLength(2);
    vi.advanceTimersByTime(LINE_EVERY_MS);
    progress.update(at(3, 0));
    expect(out.written.slice(2)).toEqual(['[6s] directed checks done (3)\n']);
    vi.advanceTimersByTime(LINE_EVERY_MS);
    progress.update(at(3, 1));
    expect(out.written.slice(3)).toEqual(['[11s] directed checks 3/3 · generated runs 100/250\n']);
    progress.update(at(3, 3));
    expect(out.written.slice(4)).toEqual(['[11s] generated runs done (250)\n']);
    progress.stop();
    vi.advanceTimersByTime(SILENCE_MS);
    expect(out.written).toHaveLength(5);
  });

  it('never stays silent longer than SILENCE_MS while a check runs', () => {
    const out = stream(false);
    const progress = started(out);
    progress.update(at(1, 0, 'AIK-ID-001/one-id'));
    vi.advanceTimersByTime(SILENCE_MS - 1000);
    expect(out.written).toHaveLength(2);
    vi.advanceTimersByTime(1000);
    expect(out.written.slice(2)).toEqual(['[10s] directed checks 1/3 · generated runs 0/250 · still running (last done: AIK-ID-001/one-id)\n']);
    vi.advanceTimersByTime(SILENCE_MS);
    expect(out.written).toHaveLength(4);
    progress.stop();
  });

  it('shows text from the run as it comes, escaped, and counts it as a line', () => {
    const out = stream(false);
    const progress = started(out);
    vi.advanceTimersByTime(SILENCE_MS - 1000);
    progress.log('adapter says \u001b[31mhi\n');
    vi.advanceTimersByTime(SILENCE_MS - 1000);
    expect(out.written.slice(2)).toEqual(['adapter says \\x1b[31mhi\n']);
    progress.stop();
  });
});

describe('conform progress on a TTY', () => {
  it('counts runs against a total known up front: a directed check is one, a chunk its runs', () => {
    const out = stream(true);
    const progress = started(out);
    expect(out.written).toEqual(['agent-identity-kit conform · seed 7 · adapter a.ts\n']);
    progress.update(at(2, 0, 'AIK-ID-001/one-id'));
    expect(out.written.at(-1)).toMatch(/ 2\/253 AIK-ID-001\/one-id$/);
    progress.update(at(3, 0));
    vi.advanceTimersByTime(2000);
    progress.update(at(3, 1, 'generated runs'));
    // ETA from the generated runs' pace: 100 runs in 2 s, 150 left.
    expect(out.written.at(-1)).toMatch(/ 103\/253 ETA 3s generated runs$/);
    progress.stop();
    expect(out.written.at(-1)).toBe('\r\u001b[2K');
  });

  it('says when it waits: no unit of work done for a while', () => {
    const out = stream(true);
    const progress = started(out);
    progress.update(at(1, 0, 'AIK-TXN-003/rollback'));
    vi.advanceTimersByTime(11_000);
    expect(out.written.at(-1)).toMatch(/ 1\/253 AIK-TXN-003\/rollback · waiting 11s \(a slow operation, or a hang being confirmed\)$/);
    progress.stop();
  });
});
