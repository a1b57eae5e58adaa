/**
 * Every line of a stdio conversation, in both directions, is valid against the JSON Schema of its
 * message (src/stdio/schemas/, compiled here apart from the kit's own parser): the transcript of
 * a conform run against the Python example, taken with `tee` on each side of the adapter process.
 * The kit's parser refuses what the schemas refuse, and a run is deterministic over stdio: the
 * same seed gives the same report, timings aside.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { withoutTimings, type ConformanceReport } from '../../properties/report/conformance-report.js';
import { MESSAGE_SCHEMAS, ProtocolError, parseMessage } from '../../src/stdio/protocol.js';
import { runCli } from '../support/run-cli.js';

const ajv = new Ajv({ strict: false });
const validators = Object.fromEntries(Object.entries(MESSAGE_SCHEMAS).map(([type, schema]) => [type, ajv.compile(schema)]));
const FROM = { kit: ['hello', 'call', 'reply', 'bye'], adapter: ['hello', 'result', 'env', 'cancel'] };

/** The problems of one transcript: lines whose type the side does not write or that fail their schema. */
function problems(lines: readonly string[], side: 'kit' | 'adapter'): string[] {
  return lines.flatMap((line) => {
    const message: unknown = JSON.parse(line);
    const type = (message as { type: string }).type;
    if (!FROM[side].includes(type)) return [`${side} wrote a ${type}: ${line}`];
    const validate = validators[type]!;
    return validate(message) ? [] : [`${line}: ${ajv.errorsText(validate.errors)}`];
  });
}

describe('stdio messages', () => {
  it('both directions of a conform run validate against the schemas', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aik-stdio-transcript-'));
    const command = `tee ${join(dir, 'kit.jsonl')} | python3 examples/python/adapter.py | tee ${join(dir, 'adapter.jsonl')}`;
    const run = await runCli(['conform', '--adapter-cmd', command, '--runs', '5', '--requirements', 'AIK-TXN,AIK-CONFIG', '--format', 'json']);
    expect([run.code, (JSON.parse(run.stdout) as ConformanceReport).verdict]).toEqual([0, 'CONFORMANT']);
    const transcript = (side: string) => readFileSync(join(dir, `${side}.jsonl`), 'utf8').split('\n').filter((line) => line !== '');
    const kit = transcript('kit');
    const adapter = transcript('adapter');
    // Every kind of message crossed: calls and results, env requests and replies.
    expect(new Set(kit.map((line) => (JSON.parse(line) as { type: string }).type))).toEqual(new Set(['hello', 'call', 'reply']));
    expect(new Set(adapter.map((line) => (JSON.parse(line) as { type: string }).type))).toEqual(new Set(['hello', 'result', 'env']));
    expect(problems(kit, 'kit')).toEqual([]);
    expect(problems(adapter, 'adapter')).toEqual([]);
  });

  it("the kit's parser refuses a message out of its schema, and one the other side writes", () => {
    expect(() => parseMessage('{"type":"call","id":1,"system":"s1","op":"teleport","args":[]}', 'kit')).toThrow(ProtocolError);
    expect(() => parseMessage('{"type":"env","id":"q1","system":"s1","op":"ids","args":[],"extra":1}', 'adapter')).toThrow('malformed env message');
    expect(() => parseMessage('{"type":"call","id":1,"system":"s1","op":"agents","args":[]}', 'adapter')).toThrow('unknown message type "call"');
    expect(parseMessage('{"type":"cancel","id":"q1","reason":{"$ref":"r1","isError":true}}', 'adapter')).toEqual({ type: 'cancel', id: 'q1', reason: { $ref: 'r1', isError: true } });
  });

  it('the same seed gives the same report over stdio, timings aside', { timeout: 60_000 }, async () => {
    const report = async () => {
      const run = await runCli(['conform', '--adapter-cmd', 'python3 examples/python/adapter.py', '--runs', '10', '--seed', '9', '--format', 'json']);
      return JSON.stringify(withoutTimings(JSON.parse(run.stdout) as ConformanceReport));
    };
    expect(await report()).toBe(await report());
  });
});
