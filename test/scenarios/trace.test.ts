import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { checkHistory } from '../../scenarios/history/check-history.js';
import { checkHistoryFile } from '../../scenarios/history/check-history-file.js';
import { HistoryFormatError } from '../../scenarios/history/history-format-error.js';
import { parseHistory } from '../../scenarios/history/parse-history.js';

const root = 'test/fixtures/histories';
const fixtures = (folder: string): string[] => readdirSync(join(root, folder)).filter((name) => name.endsWith('.jsonl')).sort();
const check = (folder: string, name: string) => {
  const file = join(root, folder, name);
  return checkHistory(parseHistory(readFileSync(file, 'utf8'), file));
};

describe('trace: hand-written histories', () => {
  it.each(fixtures('ok'))('%s is OK', (name) => {
    expect(check('ok', name)).toEqual({ verdict: 'OK' });
  });

  it.each(fixtures('illegal'))('%s is ILLEGAL for the requirement its name gives, with a witness', (name) => {
    const verdict = check('illegal', name);
    const requirement = /^(AIK-[A-Z]+-\d{3})/.exec(name)?.[1];
    expect(verdict.verdict).toBe('ILLEGAL');
    if (verdict.verdict !== 'ILLEGAL') return;
    expect(verdict.violation.requirement).toBe(requirement);
    expect(verdict.violation.witness.length).toBeGreaterThan(0);
    const seqs = verdict.violation.witness.map((line) => line.record.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('has an ILLEGAL fixture for every requirement trace decides', () => {
    const covered = new Set(fixtures('illegal').map((name) => /^(AIK-[A-Z]+-\d{3})/.exec(name)?.[1]));
    const decided = ['AIK-ID-001', 'AIK-TXN-002', 'AIK-EVENT-001', 'AIK-EVENT-002', 'AIK-CONFLICT-001', 'AIK-QUIESCE-002', 'AIK-QUIESCE-005', 'AIK-DETACH-001', 'AIK-CONFIG-001'];
    expect(decided.filter((id) => !covered.has(id))).toEqual([]);
  });

  it('a stale dispose of the newer agent is explained by its witness records', () => {
    const verdict = check('illegal', 'AIK-DETACH-001-stale-handle-removes-newer.jsonl');
    if (verdict.verdict !== 'ILLEGAL') throw new Error('expected ILLEGAL');
    expect(verdict.violation.witness.map((line) => line.line)).toEqual([7, 12, 15, 16]);
    expect(verdict.violation.explanation).toContain('stale handle');
  });

  it.each(fixtures('unknown'))('%s is UNKNOWN with the open call as witness', (name) => {
    const verdict = check('unknown', name);
    expect(verdict.verdict).toBe('UNKNOWN');
    if (verdict.verdict === 'UNKNOWN') expect(verdict.witness.length).toBeGreaterThan(0);
  });

  it('an ILLEGAL finding wins over an open call', () => {
    const text = readFileSync(join(root, 'illegal', 'AIK-EVENT-002-agent-announced-twice.jsonl'), 'utf8') + '{"seq":99,"kind":"invoke","call":"late","op":"flush"}\n';
    expect(checkHistory(parseHistory(text, 'x.jsonl')).verdict).toBe('ILLEGAL');
  });
});

describe('trace: malformed histories', () => {
  const problems: Record<string, string> = {
    'call-reused-while-pending.jsonl': ':2: call 1 is invoked again while still pending',
    'completion-names-another-op.jsonl': ':2: completion of call 1 names op "resume" but its invoke is "create"',
    'not-json.jsonl': ':2: not JSON',
    'seq-out-of-order.jsonl': ':3: seq 1 is out of order',
    'subject-without-object.jsonl': ":1: /subject must have required property 'object'",
    'unknown-event-type.jsonl': ':1: /type "agent/renamed" is not one of',
    'unknown-operation.jsonl': ':1: /op "teleport" is not one of',
    'unmatched-completion.jsonl': ':2: unmatched completion: call 7 has no pending invoke',
  };

  it('has an expected problem for every malformed fixture', () => {
    expect(Object.keys(problems).sort()).toEqual(fixtures('malformed'));
  });

  it.each(Object.entries(problems))('%s is refused naming the file, the line and the problem', (name, problem) => {
    const file = join(root, 'malformed', name);
    let caught: unknown;
    try {
      parseHistory(readFileSync(file, 'utf8'), file);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HistoryFormatError);
    expect((caught as Error).message).toContain(`${file}${problem}`);
    expect((caught as Error).message).not.toContain('\n');
  });

  it('refuses an unknown field of an operation record with its pointer', () => {
    expect(() => parseHistory('{"seq":0,"kind":"invoke","call":1,"op":"create","colour":"red"}', 'h.jsonl')).toThrow('h.jsonl:1: / unknown field "colour"');
  });
});

describe('trace: a history read as a stream', () => {
  const folder = mkdtempSync(join(tmpdir(), 'aik-trace-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it.each(['ok', 'illegal', 'unknown'].flatMap((kind) => fixtures(kind).map((name) => [kind, name])))('%s/%s: the same verdict and record count as parsing it whole', async (kind, name) => {
    const file = join(root, kind, name);
    const lines = parseHistory(readFileSync(file, 'utf8'), file);
    expect(await checkHistoryFile(file)).toEqual({ records: lines.length, verdict: checkHistory(lines) });
  });

  it.each(fixtures('malformed'))('malformed/%s: the same error as parsing it whole', async (name) => {
    const file = join(root, 'malformed', name);
    const whole = (() => {
      try {
        parseHistory(readFileSync(file, 'utf8'), file);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(whole).toBeInstanceOf(HistoryFormatError);
    await expect(checkHistoryFile(file)).rejects.toThrow(whole as Error);
  });

  const create = '{"seq":0,"kind":"invoke","call":1,"op":"create","args":{"sessionId":"s1"}}\n{"seq":1,"kind":"ok","call":1,"op":"create","result":{"id":"s1","handle":"h1"}}\n';
  it.each([
    ['without events: a creation cannot be checked against announcements (OK)', create, 'OK'],
    ['whose events come only later: the creation announced nothing (ILLEGAL)', `${create}{"seq":2,"kind":"event","type":"session/event","subject":{"id":"s1","object":"session#1"}}`, 'ILLEGAL'],
  ])('a history %s, as parsed whole, with CRLF line ends and no final newline', async (_, text, verdict) => {
    const file = join(folder, `${verdict}.jsonl`);
    writeFileSync(file, text.trimEnd().replace(/\n/g, '\r\n'));
    const lines = parseHistory(readFileSync(file, 'utf8'), file);
    expect(checkHistory(lines).verdict).toBe(verdict);
    expect(await checkHistoryFile(file)).toEqual({ records: lines.length, verdict: checkHistory(lines) });
  });

  // The issue asks for `trace` linear in time: each record's cost must not grow with the history.
  // A bound, generous for a loaded machine: 300,000 records took about 20 s when every completed
  // create scanned every entry ever created, and about 1 s since.
  it('checks 300,000 records, creations without an agent token, in well under the time a scan per creation takes', () => {
    const file = join(folder, 'long.jsonl');
    const written = spawnSync(process.execPath, ['--import', 'tsx', 'bench/_support/long-history.ts', '300000', file], { encoding: 'utf8' });
    expect(written.stderr).toBe('');
    const started = performance.now();
    const lines = parseHistory(readFileSync(file, 'utf8'), file);
    expect(checkHistory(lines)).toEqual({ verdict: 'OK' });
    expect(lines).toHaveLength(300_000);
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 120_000);
});

describe('trace command', () => {
  const output: string[] = [];
  afterEach(() => {
    output.length = 0;
  });
  const run = async (file: string): Promise<number> => {
    const { code, stdout, stderr } = await runCli(['trace', file]);
    output.push(stdout, stderr);
    return code;
  };

  it('exits 0 on OK', async () => {
    expect(await run(join(root, 'ok', 'race-one-winner.jsonl'))).toBe(0);
    expect(output.join('')).toContain(': OK (13 records');
  });

  it('exits 1 on ILLEGAL and prints the requirement, the words and the witness lines', async () => {
    expect(await run(join(root, 'illegal', 'AIK-QUIESCE-002-session-disposed-first.jsonl'))).toBe(1);
    const text = output.join('');
    expect(text).toContain('ILLEGAL — AIK-QUIESCE-002');
    expect(text).toContain('agent/disposed must fire first');
    expect(text).toContain('line 7: {"seq":6,"kind":"event","type":"session/disposed"');
  });

  it('exits 1 on UNKNOWN', async () => {
    expect(await run(join(root, 'unknown', 'pending-dispose.jsonl'))).toBe(1);
    expect(output.join('')).toContain('UNKNOWN');
  });

  it('shows the control characters of a history and of its file name escaped, never raw', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'aik-trace-escapes-'));
    try {
      // An object token that clears the screen (a JSON escape in the file, a raw ESC once parsed).
      const file = join(folder, 'clear.jsonl');
      writeFileSync(file, '{"seq":0,"kind":"event","type":"agent/disposed","subject":{"id":"s1","object":"agent\\u001b[2J"}}\n');
      expect(await run(file)).toBe(1);
      expect(output.join('')).toContain('agent/disposed for agent object agent\\x1b[2J (id "s1")');
      expect(output.join('')).not.toContain('\u001b');
      output.length = 0;
      expect(await run(join(folder, 'missing\u001b[31m.jsonl'))).toBe(2);
      expect(output.join('')).toContain('missing\\x1b[31m.jsonl: cannot read (ENOENT)');
      expect(output.join('')).not.toContain('\u001b');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('exits 2 with one line for a malformed or missing file', async () => {
    expect(await run(join(root, 'malformed', 'seq-out-of-order.jsonl'))).toBe(2);
    expect(output.join('').trim().split('\n')).toHaveLength(1);
    output.length = 0;
    expect(await run(join(root, 'missing.jsonl'))).toBe(2);
    expect(output.join('')).toContain('missing.jsonl: cannot read (ENOENT)');
  });
});
