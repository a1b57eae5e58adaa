import { AdapterFailure } from '../runner/adapter-failure.js';
import { check, type Check } from '../runner/check.js';
import { CheckFailure } from '../runner/check-failure.js';
import type { CheckContext } from '../runner/check-context.js';
import type { DrivenSystem } from '../runner/driven-system.js';
import { typesOf, watchSettled, writesOf } from './_internals/observe.js';

/** How many `op` calls the store saw for `id` so far. */
function callsOf(ctx: CheckContext, op: string, id: string): number {
  return ctx.store.calls.filter((call) => call.op === op && call.id === id).length;
}

/**
 * A write fault of `op` for a fresh agent `id`, injected where that write is next issued: the
 * agent stays live (a failed write is never a rollback) and the next `flush` — when the faulty
 * call was made by the time it settled — rejects with the injected error itself.
 */
async function writeFault(ctx: CheckContext, system: DrivenSystem, op: 'put' | 'append' | 'flush', id: string): Promise<void> {
  const fault = ctx.error(`${op} of ${id} failed`);
  if (op === 'put') ctx.store.inject({ op, id, effect: 'fail', value: fault, once: true });
  const { handle } = await ctx.clause('AIK-DURABLE-001.c5', async () => ctx.ok(await system.create({ sessionId: id }), `create(${id})${op === 'put' ? ' whose put fails' : ''}`));
  if (op === 'append') {
    ctx.ok(await system.prompt(handle), `prompt(${id}) #1`);
    ctx.ok(await system.flush(handle), `flush(${id}) before the fault`);
  }
  const before = callsOf(ctx, op, id);
  if (op !== 'put') ctx.store.inject({ op, id, effect: 'fail', value: fault, once: true });
  if (op === 'append') ctx.ok(await system.prompt(handle), `prompt(${id}) #2, whose first append fails`);
  const flushed = await system.flush(handle);
  await ctx.clause('AIK-DURABLE-001.c4', () => {
    // Only a faulty call the implementation made counts (it may write lazily, or never call the store's flush).
    if (callsOf(ctx, op, id) > (op === 'put' ? 0 : before)) ctx.rejectsWith(flushed, fault, `the next flush(${id}) after its ${op} failed`);
  });
  await ctx.clause('AIK-DURABLE-001.c3', () => {
    ctx.assert(system.getAgent(id) !== undefined, `${id} is no longer live after its ${op} failed (a failed write is never a rollback)`);
    ctx.equal(typesOf(system, id).filter((type) => type.endsWith('/disposed')), [], `disposed edges of ${id} after its ${op} failed`);
  });
  ctx.store.heal(id);
  ctx.ok(await system.dispose(handle), `dispose(${id})`);
}

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
    await ctx.clause('AIK-DURABLE-001.c1', () => {
      ctx.equal(back.header, session.header, 'header of kept after restart');
      ctx.equal(system.history(back.token).slice(0, flushed.length), flushed, 'history of kept after restart (flushed prefix)');
    });
  }),

  check('AIK-DURABLE-001', 'write-faults-surface-at-flush', async (ctx) => {
    const system = await ctx.open();
    await ctx.subcase(() => ctx.clause('AIK-DURABLE-001.c2', async () => {
      // Every write of "held" waits until the check releases it: the creation must not wait for one.
      for (const op of ['put', 'append'] as const) ctx.store.inject({ op, id: 'held', effect: 'hold', value: 'release-held' });
      // The creation's own limit decides, one timer only: a second one (a polled wait) would race
      // it, and which fired first would change the report with the machine's load.
      let creation;
      try {
        creation = await system.create({ sessionId: 'held', seed: ctx.kit.env.seed(1) }).catch((error: unknown) => {
          if (error instanceof AdapterFailure && error.kind === 'hang') throw new CheckFailure(`never the creation of held settled while its writes were held (within ${ctx.limits.reached})`);
          throw error;
        });
      } finally {
        ctx.kit.pauses.release('release-held');
      }
      const made = ctx.ok(creation, 'create(held)');
      ctx.ok(await system.flush(made.handle), 'flush(held) once its writes were released');
      ctx.ok(await system.dispose(made.handle), 'dispose(held)');
    }));
    // Each fault on an agent of its own: one that stops (its creation failed) does not hide the next.
    for (const op of ['put', 'append', 'flush'] as const) await ctx.subcase(() => writeFault(ctx, system, op, `failing-${op}`));
  }),

  check('AIK-DURABLE-002', 'hung-write-keeps-dispose-pending', async (ctx) => {
    const system = await ctx.open();
    for (const [id, teardown] of [['slow', 'dispose'], ['slower', 'shutdown']] as const) {
      const made = ctx.ok(await system.create({ sessionId: id }), `create(${id})`);
      ctx.ok(await system.prompt(made.handle), `prompt(${id}) #1`);
      ctx.ok(await system.flush(made.handle), `flush(${id})`);
      const writes = writesOf(ctx.store.calls, id);
      const release = `release-${id}`;
      for (const op of ['put', 'append'] as const) ctx.store.inject({ op, id, effect: 'hold', value: release });
      // The turn's appends are held; the prompt may or may not wait for them.
      const mark = ctx.mark();
      const prompting = watchSettled(system.prompt(made.handle));
      await ctx.untilAfter(mark, { store: { ops: ['put', 'append'], id } }, `a write of ${id} was issued`, prompting);
      const ending = teardown === 'dispose' ? system.dispose(made.handle) : system.shutdown();
      const ended = watchSettled(ending);
      await ctx.settle();
      await ctx.clause('AIK-DURABLE-002.c3', () => {
        if (writesOf(ctx.store.calls, id) > writes) ctx.assert(!ended.settled(), `${teardown} resolved while a write of ${id} never settled`);
      });
      ctx.kit.pauses.release(release);
      ctx.ok(await ending, `${teardown} once the writes of ${id} were released`);
      const stored = ctx.present(await ctx.store.peek(id), `${id} is not persisted once ${teardown} resolved`);
      ctx.assert(stored.events.length > 0, `the persisted record of ${id} has no events`);
    }
  }),

  check('AIK-DURABLE-002', 'dispose-settles-issued-writes', async (ctx) => {
    const system = await ctx.open();
    const appended = ctx.ok(await system.create({ sessionId: 'wrote' }), 'create(wrote)');
    ctx.ok(await system.prompt(appended.handle), 'prompt(wrote)');
    ctx.ok(await system.dispose(appended.handle), 'dispose(wrote) without a flush');
    await ctx.clause('AIK-DURABLE-002.c1', async () => {
      const stored = ctx.present(await ctx.store.peek('wrote'), 'wrote appended events but is not persisted once dispose resolved');
      ctx.assert(stored.events.length > 0, 'the persisted record of wrote has no events');
    });
    const resumed = ctx.ok(await system.resume({ resumeSessionId: 'wrote' }), 'resume(wrote) right after dispose');
    ctx.ok(await system.dispose(resumed.handle), 'dispose(wrote)');
    if (ctx.profiles.persistedCreate === 'reject-at-create') {
      ctx.rejects(system, await system.create({ sessionId: 'wrote' }), 'conflict', 'create', 'create(wrote) once it is resumable');
    }
    const quiet = ctx.ok(await system.create({ sessionId: 'quiet' }), 'create(quiet)');
    ctx.ok(await system.dispose(quiet.handle), 'dispose(quiet) without any turn');
    const persisted = (await ctx.store.peek('quiet')) !== undefined;
    const resume = await system.resume({ resumeSessionId: 'quiet' });
    await ctx.clause('AIK-DURABLE-002.c1', () => ctx.equal(resume.ok, persisted, `resume(quiet) succeeded iff quiet was persisted (persisted: ${persisted})`));
    if (resume.ok) ctx.ok(await system.dispose(resume.handle), 'dispose(quiet)');
    if (!persisted || ctx.profiles.persistedCreate === 'reject-at-create') {
      const create = await system.create({ sessionId: 'quiet' });
      await ctx.clause('AIK-DURABLE-002.c2', () => ctx.equal(create.ok, !persisted, `create(quiet) succeeded iff quiet was not persisted (persisted: ${persisted})`));
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
    await ctx.clause('AIK-DURABLE-003.c1', async () => {
      for (const id of ['vetoed', 'failed', 'aborted', 'unloaded']) {
        ctx.equal(writesOf(ctx.store.calls, id), 0, `store writes for the rolled-back ${id}`);
        ctx.equal(await ctx.store.peek(id), undefined, `stored record of the rolled-back ${id}`);
      }
    });
  }),
];

