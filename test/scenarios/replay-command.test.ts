import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { checkHistory } from '../../scenarios/history/check-history.js';
import { parseHistory } from '../../scenarios/history/parse-history.js';

const output: string[] = [];
const run = async (...argv: string[]): Promise<number> => {
  const { code, stdout, stderr } = await runCli(argv);
  output.push(stdout, stderr);
  return code;
};
const text = () => output.join('');
afterEach(() => {
  output.length = 0;
});

const wrong = {
  id: 'wrong-expectation',
  title: 'expects a create on a live id to succeed',
  requirements: ['AIK-CREATE-002'],
  steps: [
    { op: 'create', name: 'a', input: { sessionId: 's1' }, expect: 'ok' },
    { op: 'create', input: { sessionId: 's1' }, expect: 'ok' },
  ],
};

describe('replay command', () => {
  it('passes a directory of scenarios on the reference runtime (exit 0)', async () => {
    expect(await run('replay', 'scenarios/create')).toBe(0);
    expect(text()).toContain('PASS  create-publishes-exactly-the-id');
    expect(text()).toMatch(/3 scenarios: 3 passed, 0 failed, 0 not applicable/);
  });

  it('reports the first diverging step with expected vs observed (exit 1)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aik-replay-'));
    writeFileSync(join(dir, 'wrong.json'), JSON.stringify(wrong));
    expect(await run('replay', dir)).toBe(1);
    expect(text()).toContain('FAIL  wrong-expectation');
    expect(text()).toContain('first divergence at step 1: create(s1)');
    expect(text()).toContain('expected: ok');
    expect(text()).toMatch(/observed: reject: conflict/);
  });

  it('refuses a malformed scenario with one line and exit 2, running and writing nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aik-replay-'));
    writeFileSync(join(dir, 'a-good.json'), readFileSync('scenarios/create/create-publishes-exactly-the-id.json'));
    writeFileSync(join(dir, 'b-bad.json'), JSON.stringify({ ...wrong, steps: [{ op: 'teleport' }] }));
    const record = join(dir, 'histories');
    expect(await run('replay', dir, '--record', record)).toBe(2);
    expect(text().trim().split('\n')).toHaveLength(1);
    expect(text()).toContain(`${join(dir, 'b-bad.json')}: /steps/0/op "teleport" is not one of`);
    expect(text()).not.toContain('PASS');
    expect(existsSync(record)).toBe(false);
  });

  it('records one history per scenario that trace finds OK', async () => {
    const record = join(mkdtempSync(join(tmpdir(), 'aik-replay-')), 'histories');
    expect(await run('replay', 'scenarios/collision', '--record', record)).toBe(0);
    const files = readdirSync(record).sort();
    expect(files).toContain('conflict-concurrent-creates-one-winner.jsonl');
    for (const file of files) {
      const history = parseHistory(readFileSync(join(record, file), 'utf8'), file);
      expect(checkHistory(history), file).toEqual({ verdict: 'OK' });
    }
  });

  it('gives the same output and the same history for the same scenarios, byte for byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aik-replay-'));
    expect(await run('replay', 'scenarios/transaction', '--record', join(dir, 'first'))).toBe(0);
    const first = text();
    output.length = 0;
    expect(await run('replay', 'scenarios/transaction', '--record', join(dir, 'second'))).toBe(0);
    expect(text()).toBe(first);
    for (const file of readdirSync(join(dir, 'first'))) expect(readFileSync(join(dir, 'second', file), 'utf8'), file).toBe(readFileSync(join(dir, 'first', file), 'utf8'));
  });

  it('records a single scenario into the named file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'aik-replay-')), 'one.jsonl');
    expect(await run('replay', 'scenarios/create/create-publishes-exactly-the-id.json', '--record', file)).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('"type":"agent/created","subject":{"id":"s1"');
  });

  it('loads an adapter module, and refuses a missing one or a missing export with exit 2', async () => {
    expect(await run('replay', 'scenarios/create', '--adapter', 'properties/reference-adapter.ts')).toBe(0);
    output.length = 0;
    expect(await run('replay', 'scenarios/create', '--adapter', 'nowhere/adapter.ts')).toBe(2);
    expect(text()).toContain('nowhere/adapter.ts: adapter module not found');
    output.length = 0;
    expect(await run('replay', 'scenarios/create', '--adapter', 'properties/reference-adapter.ts#nothing')).toBe(2);
    expect(text()).toContain('exports no adapter factory named "nothing"');
    output.length = 0;
    const broken = join(mkdtempSync(join(tmpdir(), 'aik-replay-')), 'throws.mjs');
    writeFileSync(broken, "throw new Error('boom at import');\n");
    expect(await run('replay', 'scenarios/create', '--adapter', broken)).toBe(2);
    expect(text()).toContain(`${broken}:1:7: cannot load the adapter module (boom at import)`);
  });
});
