import { describe, expect, it } from 'vitest';
import { Consumers, createMemoryStore, isRuntimeError, type RuntimeConfig } from '../../src/runtime/index.js';
import { testRuntime, thrown } from './_support.js';

describe('consumers', () => {
  it('AIK-USE-001: a hook payload carries session_id = the agent id (never the config label), and cwd when the session has one', async () => {
    const { runtime } = testRuntime({ config: { agents: [{ id: 'helper', cwd: '/work' }] } });
    const consumers = new Consumers(runtime);
    const [entry] = await runtime.start();
    if (entry?.ok !== true) throw new Error('the configured entry should start');
    expect(consumers.hookPayload(entry.handle.agent, 'SessionStart')).toEqual({ hook_event_name: 'SessionStart', session_id: entry.id, cwd: '/work' });
    expect(entry.id).not.toBe('helper');
    const bare = await runtime.create({ sessionId: 'bare' });
    expect(consumers.hookPayload(bare.agent, 'Stop')).toEqual({ hook_event_name: 'Stop', session_id: 'bare' });
    expect(isRuntimeError(thrown(() => consumers.hookPayload(bare.agent, '')), 'invalid')).toBe(true);
    await runtime.shutdown();
  });

  it('AIK-USE-001: a background job is authorised only for its exact owner — not another agent, a prefix, or a newer agent reusing the id', async () => {
    const { runtime } = testRuntime({ profiles: { persistedCreate: 'reject-at-flush' } });
    const consumers = new Consumers(runtime);
    const owner = await runtime.create({ sessionId: 'worker' });
    const neighbour = await runtime.create({ sessionId: 'worker-2' });
    const job = consumers.startJob(owner.agent);
    expect(consumers.authorize(job, 'worker')).toBe(true);
    expect(consumers.authorize(job, 'worker-2')).toBe(false);
    expect(consumers.authorize(job, 'work')).toBe(false);
    expect(consumers.authorize(consumers.startJob(neighbour.agent), 'worker')).toBe(false);
    await owner.dispose();
    expect(consumers.authorize(job, 'worker')).toBe(false);
    const newer = await runtime.create({ sessionId: 'worker' });
    expect(consumers.authorize(job, 'worker')).toBe(false);
    expect(consumers.authorize(consumers.startJob(newer.agent), 'worker')).toBe(true);
    // A job can only be started by a live agent.
    expect(isRuntimeError(thrown(() => consumers.startJob(owner.agent)), 'inactive')).toBe(true);
    await runtime.shutdown();
  });

  it('AIK-USE-002: a front end binds to the exact id its entry resolved, or to nothing when it failed — not a label, prefix or registry order', async () => {
    const store = createMemoryStore();
    const config: RuntimeConfig = {
      agents: [
        { id: 'ui' },
        { id: 'ui', sessionId: 'fixed' },
        { id: 'ui', resumeSessionId: 'never-persisted' },
      ],
    };
    const { runtime } = testRuntime({ store, config });
    const consumers = new Consumers(runtime);
    // Agents that a label, prefix or registry-order binding would pick instead.
    await runtime.create({ sessionId: 'ui' });
    await runtime.create({ sessionId: 'fixed-and-more' });
    const results = await runtime.start();
    const minted = consumers.frontEndTarget(results, 0);
    expect(minted).toBe(results[0]?.ok === true ? results[0].handle.id : 'missing');
    expect(minted).not.toBe('ui');
    expect(consumers.frontEndTarget(results, 1)).toBe('fixed');
    expect(consumers.frontEndTarget(results, 2)).toBeUndefined();
    expect(isRuntimeError(thrown(() => consumers.frontEndTarget(results, 3)), 'invalid')).toBe(true);
    expect(isRuntimeError(thrown(() => consumers.frontEndTarget(results, 0.5)), 'invalid')).toBe(true);

    // After a restart the exact id resumes, and the front end binds to it again; the fresh entry gets a new id.
    const next = await runtime.restart();
    const again = await next.start();
    const restarted = new Consumers(next);
    expect(restarted.frontEndTarget(again, 1)).toBe('fixed');
    expect(next.getAgent('fixed')?.session.header.id).toBe('fixed');
    expect(restarted.frontEndTarget(again, 0)).not.toBe(minted);
    expect(restarted.frontEndTarget(again, 2)).toBeUndefined();
    await next.shutdown();
  });
});
