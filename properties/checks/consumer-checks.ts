import type { ConfigInput } from '../../src/contract/adapter.js';
import { check, type Check } from '../runner/check.js';
import { fakeAcpChild } from './_internals/fake-acp-child.js';
import { recorded } from './_internals/observe.js';

/** Directed checks of forwarding and consumers (AIK-RPC-*, AIK-USE-*). */
export const consumerChecks: readonly Check[] = [
  check(
    'AIK-RPC-001',
    'run-identity-stable-from-start-to-end',
    async (ctx) => {
      const system = await ctx.open();
      const parent = ctx.ok(await system.create({ sessionId: 'lead' }), 'create(lead)');
      const runs = [ctx.ok(await system.spawn(parent.handle, { mode: 'spawn' }), 'spawn(lead)'), ctx.ok(await system.spawn(parent.handle, { mode: 'fork' }), 'fork(lead)')];
      if (ctx.capabilities.remote) runs.push(ctx.ok(await system.spawnRemote(parent.handle), 'spawnRemote(lead)'));
      ctx.ok(await system.dispose(parent.handle), 'dispose(lead)');
      // Whether each run ended by the time dispose resolved is the teardown's (AIK-QUIESCE-001); here, the events a run carries once it ended.
      await ctx.until(() => runs.every((run) => recorded(system).some((event) => event.type === 'subagent/end' && event.run?.runId === run.runId)), 'every run of lead ended after dispose(lead)');
      const runIds = runs.map((run) => run.runId);
      await ctx.clause('AIK-RPC-001.c1', () => {
        ctx.equal(new Set(runIds).size, runIds.length, `distinct runIds (${runIds.join(', ')})`);
        for (const run of runs) ctx.assert(run.runId !== run.id, `runId equals the run id ${run.id}`);
      });
      for (const run of runs) {
        const events = recorded(system).filter((event) => event.run?.runId === run.runId);
        const [start, end] = events.map((event) => ({ provider: event.run?.provider, id: event.run?.id, local: event.run?.local }));
        await ctx.clause('AIK-RPC-001.c2', () => {
          ctx.equal(events.map((event) => event.type), ['subagent/start', 'subagent/end'], `events of run ${run.runId}`);
          ctx.equal(end, start, `run ${run.runId}: (provider, id, local) at end as at start`);
          ctx.equal(start?.id, run.id, `run ${run.runId}: the id its events carry`);
        });
      }
    },
    { remote: fakeAcpChild() },
  ),

  check(
    'AIK-RPC-002',
    'finished-forwarded-iff-local',
    async (ctx) => {
      const system = await ctx.open();
      const forwarded = () => ctx.present(system.raw.forwarded, 'the adapter declares rpc but offers no forwarded()').call(system.raw);
      const parent = ctx.ok(await system.create({ sessionId: 'lead' }), 'create(lead)');
      const local = ctx.ok(await system.spawn(parent.handle, { mode: 'spawn' }), 'spawn(lead)');
      // With the id source wired, the remote run gets the same id as the local child.
      const remote = ctx.capabilities.remote ? ctx.ok(await system.spawnRemote(parent.handle), 'spawnRemote(lead)') : undefined;
      // Without remote runs the repeated id is nobody's: drawn here, so the fork below gets a fresh id, not the disposed child's.
      if (!ctx.capabilities.remote) ctx.kit.env.ids();
      if (remote !== undefined && ctx.capabilities.idSource) ctx.equal(remote.id, local.id, 'the remote run id (the id source repeats the child id)');
      if (remote !== undefined) ctx.ok(await system.dispose(remote.handle), 'dispose the remote run');
      await ctx.clause('AIK-RPC-002.c1', () => ctx.equal(forwarded(), [], 'messages forwarded after the remote run ended'));
      // Judged on what this sub-case forwarded: a message wrongly forwarded above is not counted again.
      const sent = forwarded().length;
      ctx.ok(await system.dispose(local.handle), 'dispose the local child');
      await ctx.clause('AIK-RPC-002.c1', () => ctx.equal(forwarded().slice(sent), [{ method: 'subagent.finished', params: { parentSessionId: 'lead', childSessionId: local.id } }], 'the message forwarded once the local child ended'));
      const late = ctx.ok(await system.spawn(parent.handle, { mode: 'fork' }), 'fork(lead)');
      ctx.ok(await system.dispose(parent.handle), 'dispose(lead) with a live child');
      await ctx.clause('AIK-RPC-002.c2', () => ctx.equal(forwarded().at(-1), { method: 'subagent.finished', params: { parentSessionId: 'lead', childSessionId: late.id } }, 'the message for a child disposed with its parent'));
    },
    { remote: fakeAcpChild(), ids: ['twin', 'twin'] },
  ),

  check('AIK-USE-001', 'hooks-and-jobs-use-the-one-id', async (ctx) => {
    const system = await ctx.open();
    const first = ctx.ok(await system.create({ sessionId: 'worker', meta: { cwd: '/w' } }), 'create(worker)');
    const payload = ctx.present(system.raw.hookPayload, 'the adapter declares consumers but offers no hookPayload').call(system.raw, first.handle);
    await ctx.clause('AIK-USE-001.c1', () => ctx.equal(payload['session_id'], 'worker', 'hook payload session_id'));
    const job = ctx.ok(await ctx.present(system.raw.startJob, 'no startJob').call(system.raw, first.handle), 'startJob(worker)').job;
    const authorize = (requester: string) => ctx.present(system.raw.authorizeJob, 'no authorizeJob').call(system.raw, job, requester);
    await ctx.clause('AIK-USE-001.c2', () => ctx.equal([authorize('worker'), authorize('work'), authorize('worker-2')], [true, false, false], 'authorization of [worker, work, worker-2]'));
    ctx.ok(await system.dispose(first.handle), 'dispose(worker)');
    const again = await system.create({ sessionId: 'worker' });
    ctx.ok(again.ok ? again : await system.resume({ resumeSessionId: 'worker' }), 'a new agent under worker');
    await ctx.clause('AIK-USE-001.c2', () => ctx.equal(authorize('worker'), false, "authorization of the job's id once a newer agent holds it"));
  }, { needs: ['consumers'] }),

  check('AIK-USE-002', 'front-end-binds-the-resolved-id', async (ctx) => {
    const config: ConfigInput = { agents: [{ id: 'ui', sessionId: 'pinned' }, { id: 'ui' }, { id: 'ui', resumeSessionId: 'never-stored' }] };
    const system = await ctx.open(config);
    const target = (entry: number) => ctx.present(system.raw.frontEndTarget, 'the adapter declares consumers but offers no frontEndTarget').call(system.raw, entry);
    const results = system.configResults();
    const fresh = results.ok ? results.entries[1] : undefined;
    ctx.assert(fresh?.ok === true, 'the fresh configuration entry failed');
    await ctx.clause('AIK-USE-002.c1', () => ctx.equal([target(0), target(1)], ['pinned', fresh?.ok === true ? fresh.id : 'a fresh id'], 'front-end targets of the two entries that started'));
    await ctx.clause('AIK-USE-002.c2', () => ctx.equal(target(2), undefined, 'front-end target of the entry that failed'));
    ctx.ok(await system.create({ sessionId: 'pinned-2' }), 'create(pinned-2), a prefix look-alike');
    ctx.ok(await system.create({ sessionId: 'ui' }), 'create(ui), the label as an id');
    await ctx.clause('AIK-USE-002.c1', () => ctx.equal(target(0), 'pinned', 'front-end target of entry 0 with look-alikes live'));
    const handle = results.ok && results.entries[0]?.ok === true ? results.entries[0].handle : undefined;
    if (handle !== undefined) ctx.ok(await system.prompt(handle), 'prompt(pinned)');
    ctx.ok(await system.restart(config), 'restart with the same configuration');
    await ctx.clause('AIK-USE-002.c1', () => ctx.equal(target(0), 'pinned', 'front-end target of entry 0 after restart (resumed)'));
  }, { needs: ['consumers'] }),
];
