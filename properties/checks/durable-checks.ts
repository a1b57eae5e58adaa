import { check, type Check } from '../runner/check.js';
import { writesOf } from './_internals/observe.js';

/** Directed checks of durability (AIK-DURABLE-*). */
export const durableChecks: readonly Check[] = [
  check('AIK-DURABLE-001', 'flushed-history-survives-restart', async (ctx) => {
    const system = await ctx.open();
    const made = ctx.ok(await system.create({ sessionId: 'kept', meta: { cwd: '/data', delegationDepth: 0 }, seed: ctx.kit.env.seed(1) }), 'create(kept)');
    ctx.ok(await system.prompt(made.handle), 'prompt(kept) #1');
    ctx.ok(await system.prompt(made.handle), 'prompt(kept) #2');
    ctx.ok(await system.flush(made.handle), 'flush(kept)');
    const session = ctx.present(system.session('kept'), 'no live kept');
    const flushed = system.history(session.token);
    ctx.ok(await system.restart(), 'restart');
    ctx.ok(await system.resume({ resumeSessionId: 'kept' }), 'resume(kept) after restart');
    const back = ctx.present(system.session('kept'), 'no live kept after resume');
    ctx.equal(back.header, session.header, 'header of kept after restart');
    ctx.equal(system.history(back.token).slice(0, flushed.length), flushed, 'history of kept after restart (flushed prefix)');
  }),

  check('AIK-DURABLE-002', 'dispose-settles-issued-writes', async (ctx) => {
    const system = await ctx.open();
    const appended = ctx.ok(await system.create({ sessionId: 'wrote' }), 'create(wrote)');
    ctx.ok(await system.prompt(appended.handle), 'prompt(wrote)');
    ctx.ok(await system.dispose(appended.handle), 'dispose(wrote) without a flush');
    const stored = ctx.present(await ctx.store.peek('wrote'), 'wrote appended events but is not persisted once dispose resolved');
    ctx.assert(stored.events.length > 0, 'the persisted record of wrote has no events');
    const resumed = ctx.ok(await system.resume({ resumeSessionId: 'wrote' }), 'resume(wrote) right after dispose');
    ctx.ok(await system.dispose(resumed.handle), 'dispose(wrote)');
    if (ctx.profiles.persistedCreate === 'reject-at-create') {
      ctx.rejects(system, await system.create({ sessionId: 'wrote' }), 'conflict', 'create', 'create(wrote) once it is resumable');
    }
    const quiet = ctx.ok(await system.create({ sessionId: 'quiet' }), 'create(quiet)');
    ctx.ok(await system.dispose(quiet.handle), 'dispose(quiet) without any turn');
    const persisted = (await ctx.store.peek('quiet')) !== undefined;
    const resume = await system.resume({ resumeSessionId: 'quiet' });
    ctx.equal(resume.ok, persisted, `resume(quiet) succeeded iff quiet was persisted (persisted: ${persisted})`);
    if (resume.ok) ctx.ok(await system.dispose(resume.handle), 'dispose(quiet)');
    if (!persisted || ctx.profiles.persistedCreate === 'reject-at-create') {
      const create = await system.create({ sessionId: 'quiet' });
      ctx.equal(create.ok, !persisted, `create(quiet) succeeded iff quiet was not persisted (persisted: ${persisted})`);
    }
  }),

  check('AIK-DURABLE-003', 'rolled-back-creation-leaves-no-trace', async (ctx) => {
    const system = await ctx.open();
    const veto = ctx.error('veto');
    system.listen({ name: 'veto', event: 'agent/created', action: 'throw', value: veto });
    await system.create({ sessionId: 'vetoed', seed: ctx.kit.env.seed(1) });
    system.unlisten('veto');
    await system.create({ sessionId: 'failed', seed: ctx.kit.env.seed(1), setup: { name: 'boom', action: 'reject', value: ctx.error('setup') } });
    await system.create({ sessionId: 'aborted', seed: ctx.kit.env.seed(1), signal: { name: 'stop', at: 'before', reason: ctx.error('abort') } });
    const owner = system.owner('doomed');
    const pending = system.create({ sessionId: 'unloaded', owner, seed: ctx.kit.env.seed(1), setup: { name: 'wait', action: 'never' } });
    ctx.ok(await system.unload(owner), 'unload(doomed)');
    await pending;
    for (const id of ['vetoed', 'failed', 'aborted', 'unloaded']) {
      ctx.equal(writesOf(ctx.store.calls, id), 0, `store writes for the rolled-back ${id}`);
      ctx.equal(await ctx.store.peek(id), undefined, `stored record of the rolled-back ${id}`);
    }
  }),
];

