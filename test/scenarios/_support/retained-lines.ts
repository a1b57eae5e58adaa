/**
 * Run with `node --expose-gc --import tsx` (test/scenarios/trace-memory.test.ts): feeds a
 * HistoryChecker one live agent, then `tries` creations of its id that fail with conflict, keeping
 * a weak reference to each record it read, and prints how many of those records the checker still
 * holds after a full garbage collection.
 */
import { HistoryChecker } from '../../../scenarios/history/check-history.js';
import type { HistoryLine, HistoryRecord } from '../../../scenarios/history/history-format.js';

const tries = Number(process.argv[2] ?? '1000');
const checker = new HistoryChecker();
const read: WeakRef<HistoryLine>[] = [];
let seq = 0;
const feed = (record: Omit<HistoryRecord, 'seq'>): void => {
  const line = { line: seq + 1, text: '', record: { seq, ...record } as HistoryRecord };
  seq += 1;
  read.push(new WeakRef(line));
  checker.read(line);
};
feed({ kind: 'invoke', call: 0, op: 'create', args: { sessionId: 's' } } as never);
feed({ kind: 'event', type: 'session/created', subject: { id: 's', object: 'session#0' } } as never);
feed({ kind: 'event', type: 'agent/created', subject: { id: 's', object: 'agent#0' } } as never);
feed({ kind: 'event', type: 'agent/session-start', subject: { id: 's', object: 'agent#0' } } as never);
feed({ kind: 'ok', call: 0, op: 'create', result: { id: 's', handle: 'handle#0' } } as never);
for (let n = 1; n <= tries; n += 1) {
  feed({ kind: 'invoke', call: n, op: 'create', args: { sessionId: 's' } } as never);
  feed({ kind: 'fail', call: n, op: 'create', error: { code: 'conflict' } } as never);
}
// Weak references are cleared only after the job that made them: collect on a later turn.
await new Promise((resolve) => setTimeout(resolve, 0));
(globalThis as { gc?: () => void }).gc?.();
await new Promise((resolve) => setTimeout(resolve, 0));
process.stdout.write(`${JSON.stringify({ records: read.length, retained: read.filter((ref) => ref.deref() !== undefined).length, verdict: checker.verdict(() => []).verdict })}\n`);
