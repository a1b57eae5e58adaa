/**
 * Writes a legal history of at least `records` records for measuring `trace` (BENCHMARKS.md):
 * `npx tsx bench/_support/long-history.ts 1000000 /tmp/h.jsonl`. Each round creates one agent (its
 * result without an agent token, so `trace` finds the agent by id), appends to its session and
 * disposes the agent created `LIVE` rounds before, so that many stay live throughout. With `busy`
 * (`long-history.ts 1000000 /tmp/h.jsonl busy`) it creates `LIVE` agents once and then only prompts
 * them and appends to their sessions: as many records, a fixed number of objects and ids. With
 * `conflicts` it then only tries to create each live id again, which fails with conflict.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const LIVE = 50;
const [count, file, mode] = process.argv.slice(2);
if (count === undefined || file === undefined || !/^\d+$/.test(count) || (mode !== undefined && mode !== 'busy' && mode !== 'conflicts')) {
  process.stderr.write('usage: long-history.ts <records> <file.jsonl> [busy | conflicts]\n');
  process.exit(2);
}
const out = createWriteStream(file);
let seq = 0;
let call = 0;
let written = 0;
const write = async (record: Record<string, unknown>): Promise<void> => {
  written += 1;
  if (!out.write(`${JSON.stringify({ seq: seq++, ...record })}\n`)) await once(out, 'drain');
};
for (let round = 0; written < Number(count); round += 1) {
  if (mode === 'busy' && round >= LIVE) {
    const agent = round % LIVE;
    const prompt = (call += 1);
    await write({ kind: 'invoke', call: prompt, op: 'prompt', args: { handle: `handle#${agent}` } });
    await write({ kind: 'event', type: 'session/event', subject: { id: `s${agent}`, object: `session#${agent}` } });
    await write({ kind: 'ok', call: prompt, op: 'prompt' });
    continue;
  }
  if (mode === 'conflicts' && round >= LIVE) {
    const again = (call += 1);
    await write({ kind: 'invoke', call: again, op: 'create', args: { sessionId: `s${round % LIVE}` } });
    await write({ kind: 'fail', call: again, op: 'create', error: { code: 'conflict' } });
    continue;
  }
  const id = `s${round}`;
  const create = (call += 1);
  await write({ kind: 'invoke', call: create, op: 'create', args: { sessionId: id } });
  await write({ kind: 'event', type: 'session/created', subject: { id, object: `session#${round}` } });
  await write({ kind: 'event', type: 'agent/created', subject: { id, object: `agent#${round}` } });
  await write({ kind: 'event', type: 'agent/session-start', subject: { id, object: `agent#${round}` } });
  await write({ kind: 'ok', call: create, op: 'create', result: { id, handle: `handle#${round}` } });
  await write({ kind: 'event', type: 'session/event', subject: { id, object: `session#${round}` } });
  if (round < LIVE) continue;
  const old = round - LIVE;
  const dispose = (call += 1);
  await write({ kind: 'invoke', call: dispose, op: 'dispose', args: { handle: `handle#${old}` } });
  await write({ kind: 'event', type: 'agent/disposed', subject: { id: `s${old}`, object: `agent#${old}` } });
  await write({ kind: 'event', type: 'session/disposed', subject: { id: `s${old}`, object: `session#${old}` } });
  await write({ kind: 'ok', call: dispose, op: 'dispose' });
}
out.end();
await once(out, 'finish');
process.stdout.write(`${file}: ${written} records\n`);
