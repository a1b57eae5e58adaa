/**
 * An observation the adapter process answers past its limit fails as the adapter's hang (a throw
 * naming the observation and the limit); its late answer is then dropped, not taken for a
 * protocol error, and the conversation goes on.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createKitEnv } from '../../properties/env/kit-env.js';
import { stdioAdapter } from '../../src/stdio/stdio-adapter.js';

const problems: string[] = [];
const factory = stdioAdapter({ command: 'python3 test/fixtures/stdio/slow_agents.py', observationTimeoutMs: 100, onProtocolError: (message) => problems.push(message) });
afterAll(() => factory.close());

describe('a late answer to an observation', () => {
  it('fails that observation and is dropped when it comes', { timeout: 30_000 }, async () => {
    await factory.ready();
    const system = await factory(createKitEnv().env, {});
    expect(() => system.agents()).toThrow('did not answer agents() within 100 ms');
    // The late answer arrives while this create is in flight.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const made = await Promise.race([system.create({ sessionId: 'after' }), new Promise((resolve) => setTimeout(() => resolve('no answer'), 5000))]);
    expect(problems).toEqual([]);
    expect(made).toMatchObject({ ok: true });
    expect(system.getAgent('after')).toBeDefined();
  });
});
