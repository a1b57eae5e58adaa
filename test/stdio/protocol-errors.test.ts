/**
 * `conform --adapter-cmd`: each way an adapter process can break the stdio protocol is one line
 * naming it and exit 2 (a malformed line, an unknown message, a wrong protocol version, a message
 * out of its schema); an adapter process that exits before it said hello is a usage error too,
 * with what it printed on stderr echoed as the adapter's output.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { withoutProgress } from '../support/without-progress.js';

const broken = (mode: string) => `python3 test/fixtures/stdio/broken_adapter.py ${mode}`;
const conform = (mode: string) => runCli(['conform', '--adapter-cmd', broken(mode), '--runs', '0', '--requirements', 'AIK-ID-001', '--timeout', '300']);

describe('conform --adapter-cmd: protocol errors', () => {
  it.each([
    ['version', 'protocol error: the adapter speaks protocol version 99, the kit speaks 1'],
    ['garbage', 'protocol error: malformed line (not JSON): Loading model weights... done'],
    ['unknown', 'protocol error: unknown message type "progress": {"type":"progress","percent":10}'],
    ['malformed', 'protocol error: malformed result message (/id must be integer): {"type":"result","id":"one","value":null}'],
  ])('%s: one line naming it, exit 2', async (mode, problem) => {
    const run = await conform(mode);
    expect([run.code, run.stdout, withoutProgress(run.stderr)]).toEqual([2, '', `agent-identity-kit: --adapter-cmd "${broken(mode)}": ${problem}\n`]);
  });

  it('an adapter process that exits before hello is a usage error naming its exit code', async () => {
    const run = await conform('exit');
    expect([run.code, run.stdout]).toEqual([2, '']);
    expect(withoutProgress(run.stderr)).toBe(`agent-identity-kit: --adapter-cmd "${broken('exit')}": adapter process (${broken('exit')}) exited with code 3 before it said hello\n`);
  });

  it("what the adapter process prints on stderr is shown as the adapter's output", async () => {
    const run = await conform('stderr');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('adapter: cannot find my implementation');
    expect(run.stderr).toContain('exited with code 1 before it said hello');
  });
});
