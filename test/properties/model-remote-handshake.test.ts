/**
 * The generated runs' model is never suspected: its own remote child answering its handshake late
 * (a loaded machine) must not make it decide `invalid` for a start the implementation made. The
 * runtime's default handshake limit is 5 s; under load average 18 the model met it and a
 * conforming variant got a false AIK-REMOTE-001 FAIL (sweep, seed 7). The model's reference waits
 * MODEL_REMOTE's limit instead, and serves its child in process (no process start to wait for).
 */
import { describe, expect, it } from 'vitest';
import { createKitEnv } from '../../properties/env/kit-env.js';
import { MODEL_REMOTE } from '../../properties/model/generated-run.js';
import { referenceAdapter, type ReferenceAdapterOptions } from '../../properties/reference-adapter.js';
import { acpChildServer } from '../../src/runtime/index.js';

/** The outcome of one remote start whose child answers `initialize` after `delayMs`. */
async function remoteStart(delayMs: number, options: ReferenceAdapterOptions): Promise<string> {
  const launcher = acpChildServer(['--wire-id', 'wire-late', '--initialize-delay', String(delayMs)]);
  const { env } = createKitEnv({ remote: { command: launcher.command, args: launcher.args ?? [] } });
  const system = await referenceAdapter(options)(env, {});
  try {
    const parent = await system.create({ sessionId: 'parent' });
    if (!parent.ok) throw new Error('the parent was not created');
    const started = await system.spawnRemote(parent.handle, {});
    return started.ok ? 'ok' : String((started.error as { code?: string }).code ?? started.error);
  } finally {
    await system.shutdown();
  }
}

describe("the model's remote handshake", { timeout: 60_000 }, () => {
  it('outlasts the runtime default: a child answering after 5.5 s starts under the model, and is refused (invalid) under the default', async () => {
    expect(MODEL_REMOTE.handshakeTimeoutMs).toBeGreaterThanOrEqual(30_000);
    const [model, plain] = await Promise.all([remoteStart(5_500, { remote: MODEL_REMOTE }), remoteStart(5_500, {})]);
    expect({ model, plain }).toEqual({ model: 'ok', plain: 'invalid' });
  });
});
