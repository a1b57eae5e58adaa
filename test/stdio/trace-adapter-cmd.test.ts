/**
 * `trace --adapter-cmd`: the history of each scenario replayed against an adapter process is
 * recorded and checked offline — OK for the Python host, ILLEGAL with a witness for its
 * two-identity mutant (exit 1).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const PYTHON_HOST = 'python3 examples/python/adapter.py';
const scratch = mkdtempSync(join(tmpdir(), 'aik-trace-cmd-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('trace --adapter-cmd', () => {
  it('checks the histories of the Python host (OK) and of its two-identity mutant (ILLEGAL)', { timeout: 60_000 }, async () => {
    const host = await runCli(['trace', '--adapter-cmd', 'python3 examples/python/adapter.py', 'scenarios/identity/id-is-opaque.json']);
    expect([host.code, host.stdout]).toEqual([0, 'scenarios/identity/id-is-opaque.json (history of python3 examples/python/adapter.py): OK (80 records, no violation)\n']);
    const mutant = await runCli(['trace', '--adapter-cmd', 'python3 examples/python/two_identity_mutant.py', 'scenarios/identity/id-is-opaque.json']);
    expect(mutant.code).toBe(1);
    expect(mutant.stdout).toContain('(history of python3 examples/python/two_identity_mutant.py): ILLEGAL — AIK-ID-001 is broken');
  });

  it('a scenario the adapter does not apply to is SKIP; with no history recorded at all the run is empty: exit 2, or 0 with --allow-empty', { timeout: 60_000 }, async () => {
    // The Python host declares no subagents capability.
    const scenario = 'scenarios/subagents/sub-child-lineage.json';
    const skip = `SKIP  sub-child-lineage: not applicable to this adapter, or no history recorded (${scenario})\n`;
    const refused = await runCli(['trace', '--adapter-cmd', PYTHON_HOST, scenario]);
    expect([refused.code, refused.stdout, refused.stderr]).toEqual([2, skip, `agent-identity-kit: trace ${scenario}: no history was recorded: nothing to check (pass --allow-empty if that is expected)\n`]);
    const allowed = await runCli(['trace', '--adapter-cmd', PYTHON_HOST, '--allow-empty', scenario]);
    expect([allowed.code, allowed.stdout, allowed.stderr]).toEqual([0, skip, '']);
  });

  it('a folder with no scenario file, and a scenario file out of its schema, are usage errors naming them (exit 2), before the adapter runs', async () => {
    const empty = join(scratch, 'empty');
    mkdirSync(empty);
    const bad = join(scratch, 'bad.json');
    writeFileSync(bad, '{"id": 3}');
    // An adapter command that would fail if it ran.
    const none = await runCli(['trace', '--adapter-cmd', 'exit 9', empty]);
    expect([none.code, none.stdout, none.stderr]).toEqual([2, '', `agent-identity-kit: trace ${empty}: no scenario file: nothing to check (pass --allow-empty if that is expected)\n`]);
    const malformed = await runCli(['trace', '--adapter-cmd', 'exit 9', bad]);
    expect([malformed.code, malformed.stdout, malformed.stderr]).toEqual([2, '', `agent-identity-kit: ${bad}: / is missing the field "title"\n`]);
  });

  it('takes a command, and prints text only', async () => {
    const blank = await runCli(['trace', '--adapter-cmd', ' ', 'x.json']);
    expect([blank.code, blank.stdout, blank.stderr]).toEqual([2, '', 'agent-identity-kit: --adapter-cmd needs a command, got an empty one\n']);
    const json = await runCli(['trace', '--adapter-cmd', PYTHON_HOST, '--format', 'json', 'x.json']);
    expect([json.code, json.stdout, json.stderr]).toEqual([2, '', 'agent-identity-kit: trace --adapter-cmd prints text only; --format json takes one history file\n']);
  });

  it('without --adapter-cmd, takes one history file', async () => {
    const run = await runCli(['trace', 'a.jsonl', 'b.jsonl']);
    expect([run.code, run.stderr]).toEqual([2, 'agent-identity-kit: trace checks one history file, got 2 (several scenario files need --adapter-cmd)\n']);
  });
});
