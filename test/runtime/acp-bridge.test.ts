import { describe, expect, it } from 'vitest';
import { AcpBridge, isRuntimeError, type BridgeUpdate, type Runtime } from '../../src/runtime/index.js';
import { testRuntime, thrown } from './_support.js';

/** A bridge over `runtime` that records what it sends to its client. */
function bridged(runtime: Pick<Runtime, 'on' | 'getAgent'>) {
  const sent: BridgeUpdate[] = [];
  const bridge = new AcpBridge(runtime, (update) => sent.push(update));
  return { bridge, sent };
}

/** `sessionId type` lines of what the bridge sent. */
function summary(sent: readonly BridgeUpdate[]): string[] {
  return sent.map(({ params }) => `${params.sessionId} ${params.update.type}`);
}

describe('ACP bridge', () => {
  it('AIK-REMOTE-003: a same-id foreign agent is neither served nor forwarded, while the opened agent is', async () => {
    const home = testRuntime();
    const foreign = testRuntime();
    // One bridge hearing two runtimes: the foreign agent's events reach it under the served id.
    const both: Pick<Runtime, 'on' | 'getAgent'> = {
      on: (event, listener) => {
        const offs = [home.runtime.on(event, listener), foreign.runtime.on(event, listener)];
        return () => offs.forEach((off) => off());
      },
      getAgent: (id) => home.runtime.getAgent(id),
    };
    const { bridge, sent } = bridged(both);
    const served = await home.runtime.create({ sessionId: 'x' });
    const stranger = await foreign.runtime.create({ sessionId: 'x' });
    bridge.open(served);
    expect(bridge.serves(served.agent)).toBe(true);
    expect(bridge.serves(stranger.agent)).toBe(false);
    await stranger.prompt();
    await stranger.agent.context.spawn();
    await stranger.dispose();
    expect(sent).toEqual([]);
    // The stranger's disposal under the same id did not drop the served record.
    expect(bridge.serves(served.agent)).toBe(true);
    await served.prompt();
    expect(summary(sent)).toEqual(['x session/event', 'x session/event', 'x session/event']);
    await home.runtime.shutdown();
    await foreign.runtime.shutdown();
  });

  it('AIK-REMOTE-003: once the opened agent is disposed its record is dropped; a newer agent with its id is not served', async () => {
    const { runtime } = testRuntime({ profiles: { persistedCreate: 'reject-at-flush' } });
    const { bridge, sent } = bridged(runtime);
    const older = await runtime.create({ sessionId: 'x' });
    bridge.open(older);
    await older.dispose();
    expect(summary(sent)).toEqual(['x agent/disposed']);
    expect(bridge.serves(older.agent)).toBe(false);
    const newer = await runtime.create({ sessionId: 'x' });
    expect(bridge.serves(newer.agent)).toBe(false);
    await newer.prompt();
    await newer.dispose();
    expect(summary(sent)).toEqual(['x agent/disposed']);
    await runtime.shutdown();
  });

  it('forwards a served agent\'s session events and subagent runs as session/update, never an unserved agent\'s', async () => {
    const { runtime } = testRuntime();
    const { bridge, sent } = bridged(runtime);
    const served = await runtime.create({ sessionId: 'served' });
    const other = await runtime.create({ sessionId: 'other' });
    bridge.open(served);
    await served.prompt();
    await other.prompt();
    const child = await served.agent.context.spawn();
    await child.handle.prompt();
    await child.handle.dispose();
    expect(sent).toEqual([
      { method: 'session/update', params: { sessionId: 'served', update: { type: 'session/event', seq: 0, kind: 'user' } } },
      { method: 'session/update', params: { sessionId: 'served', update: { type: 'session/event', seq: 1, kind: 'assistant' } } },
      { method: 'session/update', params: { sessionId: 'served', update: { type: 'session/event', seq: 2, kind: 'turn-end' } } },
      { method: 'session/update', params: { sessionId: 'served', update: { type: 'subagent/start', runId: child.runId, provider: 'in-process', id: child.id, local: true } } },
      {
        method: 'session/update',
        params: { sessionId: 'served', update: { type: 'subagent/end', runId: child.runId, provider: 'in-process', id: child.id, local: true, outcome: 'completed' } },
      },
    ]);
    expect(bridge.serves(child.handle.agent)).toBe(false);
    await runtime.shutdown();
  });

  it('open needs the live agent itself (inactive after its dispose) and is idempotent; close stops forwarding', async () => {
    const { runtime } = testRuntime();
    const { bridge, sent } = bridged(runtime);
    const gone = await runtime.create({ sessionId: 'gone' });
    await gone.dispose();
    expect(isRuntimeError(thrown(() => bridge.open(gone)), 'inactive')).toBe(true);
    expect(bridge.serves(gone.agent)).toBe(false);
    const live = await runtime.create({ sessionId: 'live' });
    bridge.open(live);
    bridge.open(live);
    await live.prompt();
    expect(sent).toHaveLength(3);
    bridge.close();
    expect(bridge.serves(live.agent)).toBe(false);
    await live.prompt();
    await live.dispose();
    expect(sent).toHaveLength(3);
    expect(isRuntimeError(thrown(() => new AcpBridge(runtime, 'client' as never)), 'invalid')).toBe(true);
    await runtime.shutdown();
  });
});
