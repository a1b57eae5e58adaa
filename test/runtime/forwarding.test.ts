import type { ForwardedMessage } from '../../src/contract/adapter.js';
import { describe, expect, it } from 'vitest';
import { acpChildServer, forwardSubagentRuns, isRuntimeError, type Runtime } from '../../src/runtime/index.js';
import { testRuntime } from './_support.js';

/** An id source that yields `ids` in order (repeats included), then `x1`, `x2`, … */
function scriptedIds(...ids: string[]): () => string {
  let extra = 0;
  return () => ids.shift() ?? `x${(extra += 1)}`;
}

/** The forwarder's messages, each with whether the child was still a live agent when it was sent. */
function forwarder(runtime: Runtime) {
  const sent: { message: ForwardedMessage; childLive: boolean }[] = [];
  const stop = forwardSubagentRuns(runtime, (message) => sent.push({ message, childLive: runtime.getAgent(message.params.childSessionId) !== undefined }));
  return { sent, stop };
}

describe('JSON-RPC forwarding', () => {
  it('AIK-RPC-002: a local run\'s end sends subagent.finished with the parent from the event and the child already disposed', async () => {
    const { runtime } = testRuntime();
    const { sent } = forwarder(runtime);
    const parent = await runtime.create({ sessionId: 'parent' });
    const child = await parent.agent.context.spawn();
    expect(sent).toEqual([]);
    await child.handle.dispose();
    expect(sent).toEqual([{ message: { method: 'subagent.finished', params: { parentSessionId: 'parent', childSessionId: child.id } }, childLive: false }]);
    await runtime.shutdown();
  });

  it('AIK-RPC-002: during the parent\'s teardown the parent still comes from the event (no lineage cache)', async () => {
    const { runtime } = testRuntime();
    const { sent } = forwarder(runtime);
    const parent = await runtime.create({ sessionId: 'parent' });
    const first = await parent.agent.context.spawn();
    const second = await parent.agent.context.fork();
    await parent.dispose();
    expect(sent.map(({ message }) => message.params).sort((a, b) => a.childSessionId.localeCompare(b.childSessionId))).toEqual(
      [first.id, second.id].sort().map((childSessionId) => ({ parentSessionId: 'parent', childSessionId })),
    );
    await runtime.shutdown();
  });

  it('AIK-RPC-002: a remote run is never forwarded, also when its id equals a local child\'s id', async () => {
    const { runtime } = testRuntime({ ids: scriptedIds('same', 'same'), remote: acpChildServer() });
    const { sent } = forwarder(runtime);
    const parent = await runtime.create({ sessionId: 'parent' });
    const local = await parent.agent.context.spawn();
    const remote = await parent.agent.context.spawnRemote();
    expect([local.id, remote.id]).toEqual(['same', 'same']);
    await remote.dispose();
    expect(sent).toEqual([]);
    await local.handle.dispose();
    expect(sent.map(({ message }) => message)).toEqual([{ method: 'subagent.finished', params: { parentSessionId: 'parent', childSessionId: 'same' } }]);
    await runtime.shutdown();
  });

  it('AIK-RPC-002: two parents each get their own child\'s end, even when a newer agent reuses a child\'s id', async () => {
    // reject-at-flush: the second child may reuse the persisted (not live) id of the first.
    const { runtime } = testRuntime({ ids: scriptedIds('kid', 'kid'), profiles: { persistedCreate: 'reject-at-flush' } });
    const { sent } = forwarder(runtime);
    const first = await runtime.create({ sessionId: 'first' });
    const second = await runtime.create({ sessionId: 'second' });
    const older = await first.agent.context.spawn();
    await older.handle.dispose();
    const newer = await second.agent.context.spawn();
    await newer.handle.dispose();
    expect(sent.map(({ message }) => message.params)).toEqual([
      { parentSessionId: 'first', childSessionId: 'kid' },
      { parentSessionId: 'second', childSessionId: 'kid' },
    ]);
    await runtime.shutdown();
  });

  it('its removal stops forwarding; a send that is not a function is invalid', async () => {
    const { runtime } = testRuntime();
    const { sent, stop } = forwarder(runtime);
    const parent = await runtime.create({ sessionId: 'parent' });
    const child = await parent.agent.context.spawn();
    stop();
    await child.handle.dispose();
    expect(sent).toEqual([]);
    let thrown: unknown;
    try {
      forwardSubagentRuns(runtime, 'stdout' as never);
    } catch (error) {
      thrown = error;
    }
    expect(isRuntimeError(thrown, 'invalid')).toBe(true);
    await runtime.shutdown();
  });
});
