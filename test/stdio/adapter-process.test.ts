/**
 * The stdio adapter factory in this process (the CLI runs it in its worker, where
 * protocol-errors.test.ts and process-failures.test.ts drive it): each way an adapter process
 * breaks the protocol after hello is reported once, naming it, and the factory call in flight
 * rejects; after that no system opens. A process that ends is named by how it ended in what was
 * in flight, and a closed one refuses every later call.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createKitEnv } from '../../properties/env/kit-env.js';
import { stdioAdapter, type StdioAdapterFactory } from '../../src/stdio/stdio-adapter.js';

const broken = (mode: string) => `python3 test/fixtures/stdio/broken_adapter.py ${mode}`;
const opened: StdioAdapterFactory[] = [];
afterEach(() => {
  for (const factory of opened.splice(0)) factory.close();
});

function adapterProcess(mode: string): { factory: StdioAdapterFactory; problems: string[] } {
  const problems: string[] = [];
  const factory = stdioAdapter({ command: broken(mode), onProtocolError: (message) => problems.push(message) });
  opened.push(factory);
  return { factory, problems };
}

describe('an adapter process, driven in this process', { timeout: 30_000 }, () => {
  it.each([
    ['twice', 'hello sent twice'],
    ['orphan', 'result for no pending call (id 999)'],
    ['stranger', 'env request for unknown system "nobody"'],
  ])('%s: one protocol error naming it; the open in flight rejects, and no later system opens', async (mode, problem) => {
    const { factory, problems } = adapterProcess(mode);
    // The kit ends the process at the protocol error: the open in flight rejects with that end.
    await expect(factory(createKitEnv().env, {})).rejects.toThrow(`adapter process (${broken(mode)}) was killed by SIGKILL during open`);
    expect(problems).toEqual([`--adapter-cmd "${broken(mode)}": protocol error: ${problem}`]);
    // After a protocol error nothing settles: the run stops with that error.
    const later = Promise.resolve(factory(createKitEnv().env, {})).then(
      () => 'opened',
      () => 'rejected',
    );
    expect(await Promise.race([later, new Promise((resolve) => setImmediate(() => resolve('pending')))])).toBe('pending');
    expect(problems).toHaveLength(1);
  });

  it.each([
    ['version', 'the adapter speaks protocol version 99, the kit speaks 1'],
    ['garbage', 'malformed line (not JSON): Loading model weights... done'],
    ['early', 'the first line must be hello, got result'],
  ])('%s before hello: one protocol error naming it, and the process never counts as ready', async (mode, problem) => {
    const { factory, problems } = adapterProcess(mode);
    await expect(factory.ready()).rejects.toThrow(`adapter process (${broken(mode)}) was killed by SIGKILL before it said hello`);
    expect(problems).toEqual([`--adapter-cmd "${broken(mode)}": protocol error: ${problem}`]);
  });

  it('a process killed by a signal is named so in the call in flight', async () => {
    // `exec`: the shell becomes the adapter process (else the shell reports the kill as its exit code 137).
    const command = `exec ${broken('killed')}`;
    const problems: string[] = [];
    const factory = stdioAdapter({ command, onProtocolError: (message) => problems.push(message) });
    opened.push(factory);
    await expect(factory(createKitEnv().env, {})).rejects.toThrow(`adapter process (${command}) was killed by SIGKILL during open`);
    expect(problems).toEqual([]);
  });

  it('an open answered without ok fails the factory call, showing the answer', async () => {
    const { factory } = adapterProcess('refuse');
    await expect(factory(createKitEnv().env, {})).rejects.toThrow(`${broken('refuse')}: open failed: {"ok":false}`);
  });

  it('a process that exits while an observation waits fails that observation with its exit code; a closed one refuses every call', async () => {
    const { factory, problems } = adapterProcess('exit-at-observation');
    const system = await factory(createKitEnv().env, {});
    expect(system.profiles).toEqual({ teardown: 'scope-last', persistedCreate: 'reject-at-create' });
    // This thread is blocked while the observation waits: the exit is seen as the end of the answer, its code only later.
    expect(() => system.agents()).toThrow(`adapter process (${broken('exit-at-observation')}) exited before answering agents()`);
    await expect(system.create({ sessionId: 'a' })).rejects.toThrow(/^adapter process \(.*\) exited with code 4 (before|during) create$/);
    expect(() => system.sessions()).toThrow(`adapter process (${broken('exit-at-observation')}) exited with code 4 before sessions()`);
    await expect(system.prompt('h1')).rejects.toThrow(`adapter process (${broken('exit-at-observation')}) exited with code 4 before prompt`);
    expect(problems).toEqual([]);
    const again = await factory(createKitEnv().env, {});
    factory.close();
    expect(() => again.agents()).toThrow(`adapter process (${broken('exit-at-observation')}) was closed before agents()`);
  });
});
