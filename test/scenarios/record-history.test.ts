import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/runtime/index.js';
import { checkHistory } from '../../scenarios/history/check-history.js';
import { HistoryRecorder } from '../../scenarios/history/history-recorder.js';
import { parseHistory } from '../../scenarios/history/parse-history.js';
import { recordHistory } from '../../scenarios/history/record-history.js';

describe('recordHistory: an operator records a runtime', () => {
  it('writes a history that trace accepts, with one token per object', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'aik-record-')), 'events.jsonl');
    const runtime = createRuntime();
    const { recorder, close } = recordHistory(runtime, file);
    const created = (handle: { id: string }) => ({ id: handle.id });
    const first = await recorder.track('create', { sessionId: 's1' }, () => runtime.create({ sessionId: 's1' }), created);
    await recorder.track('create', { sessionId: 's1' }, () => runtime.create({ sessionId: 's1' })).catch(() => undefined);
    await recorder.track('dispose', {}, () => first.dispose());
    await recorder.track('create', { sessionId: 's1' }, () => runtime.create({ sessionId: 's1' }), created);
    await recorder.track('shutdown', undefined, () => runtime.shutdown());
    close();
    const history = parseHistory(readFileSync(file, 'utf8'), file);
    expect(checkHistory(history)).toEqual({ verdict: 'OK' });
    const created1 = history.filter((line) => line.record.kind === 'event' && line.record.type === 'agent/created');
    expect(created1).toHaveLength(2);
    const tokens = created1.map((line) => (line.record.kind === 'event' ? line.record.subject.object : undefined));
    expect(tokens[0]).not.toBe(tokens[1]);
    const failed = history.find((line) => line.record.kind === 'fail');
    expect(failed?.record).toMatchObject({ op: 'create', error: { code: 'conflict' } });
  });

  it('stops recording on close', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'aik-record-')), 'events.jsonl');
    const runtime = createRuntime();
    recordHistory(runtime, file).close();
    await runtime.create({ sessionId: 'quiet' });
    expect(readFileSync(file, 'utf8')).toBe('');
    await runtime.shutdown();
  });
});

describe('HistoryRecorder', () => {
  it('numbers records and calls, and refuses a completion of no pending call', () => {
    const lines: string[] = [];
    const recorder = new HistoryRecorder((line) => lines.push(line));
    const call = recorder.invoke('flush', { handle: 'h' });
    recorder.info(call, new Error('timed out'));
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      { seq: 0, kind: 'invoke', call: 1, op: 'flush', args: { handle: 'h' } },
      { seq: 1, kind: 'info', call: 1, op: 'flush', error: { name: 'Error', message: 'timed out' } },
    ]);
    expect(() => recorder.ok(call)).toThrow('history recorder: call 1 is not pending');
    recorder.fail(recorder.invoke('prompt'), 42n);
    expect(JSON.parse(lines.at(-1) ?? '')).toMatchObject({ kind: 'fail', error: { value: '42' } });
    expect(checkHistory(parseHistory(lines.join('\n'), 'mem')).verdict).toBe('UNKNOWN');
  });
});
