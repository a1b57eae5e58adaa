/**
 * `trace --adapter-cmd`: the history of each scenario replayed against an adapter process is
 * recorded and checked offline — OK for the Python host, ILLEGAL with a witness for its
 * two-identity mutant (exit 1).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

describe('trace --adapter-cmd', () => {
  it('checks the histories of the Python host (OK) and of its two-identity mutant (ILLEGAL)', { timeout: 60_000 }, async () => {
    const host = await runCli(['trace', '--adapter-cmd', 'python3 examples/python/adapter.py', 'scenarios/identity/id-is-opaque.json']);
    expect([host.code, host.stdout]).toEqual([0, 'scenarios/identity/id-is-opaque.json (history of python3 examples/python/adapter.py): OK (80 records, no violation)\n']);
    const mutant = await runCli(['trace', '--adapter-cmd', 'python3 examples/python/two_identity_mutant.py', 'scenarios/identity/id-is-opaque.json']);
    expect(mutant.code).toBe(1);
    expect(mutant.stdout).toContain('(history of python3 examples/python/two_identity_mutant.py): ILLEGAL — AIK-ID-001 is broken');
  });

  it('without --adapter-cmd, takes one history file', async () => {
    const run = await runCli(['trace', 'a.jsonl', 'b.jsonl']);
    expect([run.code, run.stderr]).toEqual([2, 'agent-identity-kit: trace checks one history file, got 2 (several scenario files need --adapter-cmd)\n']);
  });
});
