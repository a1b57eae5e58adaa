/**
 * An adapter process supervised like any foreign code: one that exits in the middle of a check
 * fails that check as the adapter's failure, naming its exit code, and the run goes on with a
 * fresh process (requirements whose checks never prompt still pass); one that never answers
 * `open` is an adapter the kit could not use (exit 2, naming the factory's hang).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { withoutProgress } from '../support/without-progress.js';

describe('adapter process failures', () => {
  it('an exit during an operation fails that check as the adapter\'s, and the run goes on in a fresh process', { timeout: 60_000 }, async () => {
    const command = 'python3 test/fixtures/stdio/exits_at_prompt.py';
    const run = await runCli(['conform', '--adapter-cmd', command, '--runs', '0', '--requirements', 'AIK-EVENT-005,AIK-CREATE-001,AIK-CREATE-003,AIK-DURABLE-003', '--format', 'json']);
    const report = JSON.parse(run.stdout) as { requirements: { id: string; status: string }[]; failures: { check: string; adapter: boolean; message: string }[] };
    expect(run.code).toBe(1);
    expect(report.requirements.map((result) => [result.id, result.status])).toEqual([
      ['AIK-CREATE-001', 'PASS'],
      ['AIK-CREATE-003', 'PASS'],
      ['AIK-EVENT-005', 'FAIL'],
      // After the exit: a fresh process.
      ['AIK-DURABLE-003', 'PASS'],
    ]);
    expect(report.failures[0]).toMatchObject({ adapter: true, message: expect.stringContaining(`adapter process (${command}) exited with code 7 during prompt`) });
  });

  it('an adapter process that never answers open is unusable: exit 2, one line', { timeout: 60_000 }, async () => {
    const command = 'python3 test/fixtures/stdio/broken_adapter.py hang';
    const run = await runCli(['conform', '--adapter-cmd', command, '--runs', '0', '--requirements', 'AIK-ID-001', '--timeout', '300']);
    expect([run.code, run.stdout, withoutProgress(run.stderr)]).toEqual([2, '', `agent-identity-kit: --adapter-cmd "${command}": the adapter's factory did not settle within its limit (base 300 ms)\n`]);
  });
});
