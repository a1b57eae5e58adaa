import { describe, expect, it } from 'vitest';
import type { System } from '../../src/contract/adapter.js';
import independentAdapter from '../../examples/independent/adapter.js';
import { createKitEnv } from '../../properties/env/kit-env.js';

async function boot(): Promise<{ system: System; kit: ReturnType<typeof createKitEnv> }> {
  const kit = createKitEnv();
  return { system: await independentAdapter(kit.env, {}), kit };
}

function handleOf(outcome: Awaited<ReturnType<System['create']>>): string {
  if (!outcome.ok) throw new Error(`creation failed: ${String(outcome.error)}`);
  return outcome.handle;
}

describe('independent example adapter (smoke: the conformance run is the proof)', () => {
  it('AIK-ID-001 / AIK-DURABLE-001: create, prompt, flush, restart and resume keep one id and the history', async () => {
    const { system } = await boot();
    const handle = handleOf(await system.create({ sessionId: 'one', meta: { cwd: '/w' } }));
    expect(await system.prompt(handle)).toEqual({ ok: true });
    expect(await system.flush(handle)).toEqual({ ok: true });
    const [entry] = system.agents();
    expect(entry).toMatchObject({ id: 'one', session: { id: 'one', headerId: 'one' } });
    expect(system.getSession('one')).toBe(entry?.session.token);
    expect((await system.restart({})).ok).toBe(true);
    const resumed = handleOf(await system.resume({ resumeSessionId: 'one' }));
    const [session] = system.sessions();
    expect(session?.header).toMatchObject({ id: 'one', cwd: '/w' });
    expect(system.history(session!.token).map((event) => event.kind)).toEqual(['user', 'assistant', 'turn-end']);
    expect(await system.dispose(resumed)).toEqual({ ok: true });
    expect(system.agents()).toEqual([]);
  });

  it('AIK-TXN-004: a session/created veto rejects with the thrown value and emits session/disposed only', async () => {
    const { system } = await boot();
    const veto = { veto: true };
    system.listen({ name: 'v', event: 'session/created', action: 'throw', value: veto });
    const outcome = await system.create({ sessionId: 'x' });
    expect(outcome).toEqual({ ok: false, error: veto });
    expect(system.events().filter((event) => event.listener === 'recorder').map((event) => event.type)).toEqual(['session/created', 'session/disposed']);
    expect(system.agents()).toEqual([]);
    expect(system.sessions()).toEqual([]);
  });

  it('AIK-TXN-005: an abort during setup rejects with that very Error reason and leaves nothing', async () => {
    const { system, kit } = await boot();
    const reason = new Error('stop');
    const pending = system.create({ sessionId: 'y', setup: { name: 's', action: 'never' }, signal: { name: 'g', at: { pause: 'p' }, reason } });
    kit.pauses.release('p');
    expect(await pending).toEqual({ ok: false, error: reason });
    expect(system.sessions()).toEqual([]);
    expect(await kit.store?.peek('y')).toBeUndefined();
  });

  it('AIK-CONFLICT-001: of three racing creations exactly one wins', async () => {
    const { system, kit } = await boot();
    const racing = [1, 2, 3].map((n) => system.create({ sessionId: 'r', setup: { name: `s${n}`, pause: 'go', action: 'resolve' } }));
    kit.pauses.release('go');
    const outcomes = await Promise.all(racing);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    for (const outcome of outcomes.filter((candidate) => !candidate.ok)) {
      expect(system.classifyError((outcome as { error: unknown }).error, { op: 'create' })).toBe('conflict');
    }
    expect(system.agents()).toHaveLength(1);
  });

  it('AIK-CONFIG-001 / AIK-CONFIG-003: fresh ids are not the label; an exact sessionId resumes across restart', async () => {
    const kit = createKitEnv();
    const config = { agents: [{ id: 'main' }, { id: 'main', sessionId: 'exact' }] };
    const system = await independentAdapter(kit.env, { config });
    const first = system.configResults();
    expect(first.ok).toBe(true);
    const entries = (first as { entries: readonly { ok: boolean; id?: string; handle?: string }[] }).entries;
    expect(entries[0]?.id).not.toBe('main');
    expect(entries[1]?.id).toBe('exact');
    await system.prompt(entries[1]!.handle!);
    await system.restart({ config });
    const second = (system.configResults() as { entries: readonly { id?: string }[] }).entries;
    expect(second[0]?.id).not.toBe(entries[0]?.id);
    expect(system.events().filter((event) => event.type === 'agent/session-start' && event.id === 'exact').map((event) => event.source)).toEqual(['startup', 'resume']);
  });
});
