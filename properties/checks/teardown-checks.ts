import { UnsupportedOperation } from '../../src/contract/adapter.js';
import { check, type Check } from '../runner/check.js';
import type { CheckContext, CheckMark } from '../runner/check-context.js';
import { CheckFailure } from '../runner/check-failure.js';
import { fakeAcpChild } from './_internals/fake-acp-child.js';
import { heardBy, recorded, typesOf, watchSettled } from './_internals/observe.js';

/**
 * Both teardown profiles' situation: a parent with a scoped recorder and (with subagents) a
 * child, disposed. Returns what the scope heard, the order of agent/disposed, and the child's id.
 */
async function disposeParentWithChild(ctx: CheckContext): Promise<{ heard: string[]; disposed: string[]; child: string | undefined }> {
  const system = await ctx.open();
  const parent = ctx.ok(await system.create({ sessionId: 'top' }), 'create(top)');
  system.listen({ name: 'top-scope', event: '*', action: 'record' }, parent.handle);
  const child = ctx.subagents ? ctx.ok(await system.spawn(parent.handle, { mode: 'spawn' }), 'spawn(top)') : undefined;
  ctx.ok(await system.dispose(parent.handle), 'dispose(top)');
  return {
    heard: heardBy(system, 'top-scope').map((event) => event.type),
    disposed: recorded(system).filter((event) => event.type === 'agent/disposed').map((event) => event.id),
    child: child?.id,
  };
}

async function turnInFlight(ctx: CheckContext, mark: CheckMark, turn: Promise<unknown>): Promise<void> {
  const watch = watchSettled(turn);
  await ctx.untilAfter(mark, { turning: true }, 'a turn is in flight', watch);
  if (ctx.kit.turns.inFlight > 0) return;
  await turn; // a prompt that hung or broke the protocol is reported as that
  // The kit holds the turns of the session id it asked for: a turn that ended at once ran under another id, or never ran.
  throw new CheckFailure('the prompt settled without a held turn (the kit holds the turns of the id it created)');
}

/** Directed checks of teardown and quiescence (AIK-QUIESCE-*). */
export const teardownChecks: readonly Check[] = [
  check(
    'AIK-QUIESCE-001',
    'remote-run-ended-when-dispose-resolves',
    async (ctx) => {
      const system = await ctx.open();
      const parent = ctx.ok(await system.create({ sessionId: 'lead' }), 'create(lead)');
      const run = ctx.ok(await system.spawnRemote(parent.handle), 'spawnRemote(lead)');
      ctx.ok(await system.dispose(parent.handle), 'dispose(lead) with a remote run');
      // Read at once: the run's teardown (kill the child, await its exit, then subagent/end) is part of the parent's, which dispose awaits.
      const ended = recorded(system).some((event) => event.type === 'subagent/end' && event.run?.runId === run.runId);
      await ctx.clause('AIK-QUIESCE-001.c1', () => ctx.assert(ended, `dispose(lead) resolved before the teardown of its remote run ${run.id} completed (no subagent/end yet)`));
    },
    { needs: ['remote'], remote: fakeAcpChild() },
  ),

  check('AIK-QUIESCE-001', 'one-memoized-teardown', async (ctx) => {
    const system = await ctx.open();
    const gone = system.owner('gone');
    ctx.ok(await system.unload(gone), 'unload(gone)');
    await ctx.clause('AIK-QUIESCE-001.c2', async () => ctx.rejects(system, await system.create({ sessionId: 'q1-late', owner: gone }), 'inactive', 'create', 'create through the unloaded owner gone'));
    const owner = system.owner('crew');
    const made = ctx.ok(await system.create({ sessionId: 'q1', owner }), 'create(q1)');
    ctx.kit.turns.plan('q1', { kind: 'hold' });
    const mark = ctx.mark();
    const turn = system.prompt(made.handle);
    await turnInFlight(ctx, mark, turn);
    const goneWhenSettled: string[] = [];
    const watch = async (label: string, pending: ReturnType<typeof system.dispose>) => {
      const outcome = await pending;
      if (system.getAgent('q1') !== undefined || system.getSession('q1') !== undefined) goneWhenSettled.push(label);
      return outcome;
    };
    const all = await Promise.all([watch('dispose', system.dispose(made.handle)), watch('unload', system.unload(owner)), watch('dispose again', system.dispose(made.handle)), watch('shutdown', system.shutdown())]);
    all.forEach((outcome, n) => ctx.ok(outcome, `teardown request #${n + 1}`));
    await turn;
    const disposed = typesOf(system, 'q1').filter((type) => type.endsWith('/disposed'));
    const edges = (type: string) => disposed.filter((seen) => seen === type).length;
    await ctx.clause('AIK-QUIESCE-001.c1', () => {
      ctx.equal(goneWhenSettled, [], 'requests that resolved before the teardown completed');
      ctx.assert(edges('agent/disposed') <= 1 && edges('session/disposed') <= 1, `disposed edges of q1 (a teardown run more than once repeats them): ${disposed.join(', ')}`);
    });
    // An edge missing once q1 is gone breaks the pairing of created and disposed edges, not the memoized teardown.
    await ctx.clause('AIK-EVENT-001.c1', () => ctx.assert(edges('agent/disposed') >= 1 && edges('session/disposed') >= 1, `disposed edges of q1 once it is gone: expected agent/disposed and session/disposed, got ${disposed.length === 0 ? 'none' : disposed.join(', ')}`));
  }),

  check('AIK-QUIESCE-002', 'agent-disposed-after-the-turn', async (ctx) => {
    const system = await ctx.open();
    const made = ctx.ok(await system.create({ sessionId: 'q2' }), 'create(q2)');
    system.listen({ name: 'at-disposed', event: 'agent/disposed', action: 'record' });
    ctx.kit.turns.plan('q2', { kind: 'hold' });
    // What the recorder had heard of q2 when its turn settled: anything from then on came after the turn.
    let heardDuringTurn: readonly string[] = [];
    ctx.kit.turns.onSettle(() => (heardDuringTurn = typesOf(system, 'q2')));
    const mark = ctx.mark();
    const turn = system.prompt(made.handle);
    const turnWatch = watchSettled(turn);
    await turnInFlight(ctx, mark, turn);
    await ctx.clause('AIK-QUIESCE-002.c3', () => ctx.equal(ctx.kit.turns.inFlight, 1, 'turns in flight before dispose'));
    ctx.ok(await system.dispose(made.handle), 'dispose(q2) during a turn');
    await ctx.clause('AIK-QUIESCE-002.c3', () => ctx.assert(turnWatch.settled(), 'dispose resolved before the in-flight turn settled'));
    await turn;
    await ctx.clause('AIK-QUIESCE-002.c3', () => ctx.equal(ctx.kit.turns.inFlight, 0, 'turns in flight after dispose'));
    await ctx.clause('AIK-QUIESCE-002.c1', () => ctx.assert(!heardDuringTurn.includes('agent/disposed'), 'agent/disposed fired while the in-flight turn was still running'));
    const types = typesOf(system, 'q2');
    await ctx.clause('AIK-QUIESCE-002.c1', () => {
      ctx.assert(types.indexOf('agent/disposed') >= 0 && types.indexOf('agent/disposed') < types.indexOf('session/disposed'), `agent/disposed must precede session/disposed: ${types.join(', ')}`);
      ctx.equal(types.slice(types.indexOf('agent/disposed')).filter((type) => type === 'session/event'), [], 'session/event after agent/disposed');
    });
    const seen = heardBy(system, 'at-disposed').find((event) => event.id === 'q2');
    await ctx.clause('AIK-QUIESCE-002.c2', () => {
      ctx.assert(seen?.snapshot !== undefined, 'the agent/disposed listener did not hear q2');
      ctx.assert(seen?.snapshot?.agents.every((entry) => entry.id !== 'q2') === true, 'getAgent(q2) still answered when agent/disposed fired');
      ctx.assert(seen?.snapshot?.sessions.some((entry) => entry.id === 'q2') === true, 'getSession(q2) no longer answered when agent/disposed fired');
    });
  }),

  check(
    'AIK-QUIESCE-003',
    'id-reusable-once-dispose-resolves',
    async (ctx) => {
      const system = await ctx.open();
      for (let round = 1; round <= 3; round += 1) {
        const creating = async () => ctx.ok(await system.create({ sessionId: 'again' }), `create(again) round ${round}`);
        // The first round only sets the id up; every later one creates it once the previous dispose resolved.
        const made = round === 1 ? await creating() : await ctx.clause('AIK-QUIESCE-003.c1', creating);
        ctx.ok(await system.prompt(made.handle), `prompt(again) round ${round}`);
        ctx.ok(await system.dispose(made.handle), `dispose(again) round ${round}`);
      }
    },
    { durable: false },
  ),

  check('AIK-QUIESCE-003', 'id-resumable-once-dispose-resolves', async (ctx) => {
    const system = await ctx.open();
    const made = ctx.ok(await system.create({ sessionId: 'back' }), 'create(back)');
    ctx.ok(await system.prompt(made.handle), 'prompt(back)');
    ctx.ok(await system.dispose(made.handle), 'dispose(back)');
    for (let round = 1; round <= 2; round += 1) {
      const resumed = await ctx.clause('AIK-QUIESCE-003.c1', async () => ctx.ok(await system.resume({ resumeSessionId: 'back' }), `resume(back) round ${round}`));
      ctx.ok(await system.dispose(resumed.handle), `dispose(back) round ${round}`);
    }
  }),

  check(
    'AIK-QUIESCE-004',
    'scope-last-order',
    async (ctx) => {
      const { heard, disposed, child } = await disposeParentWithChild(ctx);
      await ctx.clause('AIK-QUIESCE-004.c1', () => {
        ctx.assert(heard.includes('agent/disposed') && heard.includes('session/disposed'), `scope-last: the scoped listener must hear its own disposed edges, heard ${heard.join(', ')}`);
        if (child !== undefined) ctx.equal(disposed, ['top', child], "agent/disposed order (a parent's precedes its children's)");
      });
    },
    { profile: { teardown: 'scope-last' } },
  ),

  check(
    'AIK-QUIESCE-004',
    'scope-first-order',
    async (ctx) => {
      const { heard, disposed, child } = await disposeParentWithChild(ctx);
      await ctx.clause('AIK-QUIESCE-004.c2', () => {
        ctx.assert(!heard.includes('agent/disposed') && !heard.includes('session/disposed'), `scope-first: the scoped listener must not hear the disposed edges, heard ${heard.join(', ')}`);
        if (child !== undefined) ctx.equal(disposed, [child, 'top'], 'agent/disposed order (children first)');
      });
    },
    { profile: { teardown: 'scope-first' } },
  ),

  check('AIK-QUIESCE-004', 'rollback-follows-the-teardown-profile', async (ctx) => {
    const system = await ctx.open();
    const veto = ctx.error('veto at agent/created');
    system.listen({ name: 'veto-agent', event: 'agent/created', action: 'throw', value: veto });
    const setup = { name: 'scoped-setup', action: 'resolve' as const, listen: { name: 'undone-scope', event: '*' as const, action: 'record' as const } };
    await ctx.clause('AIK-QUIESCE-004.c5', async () => ctx.rejectsWith(await system.create({ sessionId: 'undone', setup }), veto, 'create(undone) vetoed at agent/created'));
    system.unlisten('veto-agent');
    // Rollback emits the disposed edges of what was announced; the scoped listener hears them as the declared teardown profile says.
    const heard = heardBy(system, 'undone-scope')
      .map((event) => event.type)
      .filter((type) => type.endsWith('/disposed'));
    await ctx.clause('AIK-QUIESCE-004.c5', () =>
      ctx.profiles.teardown === 'scope-first'
        ? ctx.equal(heard, [], 'scope-first: disposed edges the scoped listener of the rolled-back creation heard (its scope is disposed first)')
        : ctx.equal(heard, ['agent/disposed', 'session/disposed'], 'scope-last: disposed edges the scoped listener of the rolled-back creation heard (its scope is disposed last)'),
    );
  }),

  check('AIK-QUIESCE-004', 'no-scope-operations-once-disposed', async (ctx) => {
    const system = await ctx.open();
    const made = ctx.ok(await system.create({ sessionId: 'spent' }), 'create(spent)');
    ctx.ok(await system.dispose(made.handle), 'dispose(spent)');
    // Its teardown completed, so its scope's disposal began (under either profile): a scoped listener is refused.
    const late = system.listen({ name: 'too-late', event: '*', action: 'record' }, made.handle);
    await ctx.clause('AIK-QUIESCE-004.c6', () => ctx.rejects(system, late, 'inactive', 'listen', 'a scoped listener on spent once its teardown completed'));
  }),

  check(
    'AIK-QUIESCE-004',
    'no-scope-operations-while-disposing',
    async (ctx) => {
      const system = await ctx.open();
      const parent = ctx.ok(await system.create({ sessionId: 'winding' }), 'create(winding)');
      ctx.ok(await system.spawn(parent.handle, { mode: 'spawn' }), 'spawn(winding)');
      // The child is disposed as part of winding's scope (§3 dispose; "dispose the scope (children first)"), and its subagent/end, which
      // global listeners always hear, follows its teardown: winding's scope disposal began, whether or not it completed yet.
      const midway = { name: 'midway', event: 'subagent/end', action: 'listen', target: parent.handle, value: { name: 'midway-scope', event: '*', action: 'record' } } as const;
      system.listen(midway);
      ctx.ok(await system.dispose(parent.handle), 'dispose(winding)');
      system.unlisten('midway');
      system.unlisten('midway-scope');
      const tried = system.planOutcomes().find((outcome) => outcome.plan === 'midway' && outcome.op === 'listen');
      // An adapter that does not carry out a targeted `listen` reports nothing or unsupported: there is nothing to judge.
      if (tried === undefined || (!tried.outcome.ok && UnsupportedOperation.is(tried.outcome.error))) return;
      await ctx.clause('AIK-QUIESCE-004.c6', () => ctx.rejects(system, tried.outcome, 'inactive', 'listen', "a scoped listener on winding, from winding's child's subagent/end during winding's teardown"));
    },
    { needs: ['subagents'] },
  ),

  check('AIK-QUIESCE-004', 'no-new-turns-once-teardown-began', async (ctx) => {
    const system = await ctx.open();
    const made = ctx.ok(await system.create({ sessionId: 'closing' }), 'create(closing)');
    ctx.kit.turns.plan('closing', { kind: 'hold' });
    const mark = ctx.mark();
    const turn = system.prompt(made.handle);
    await turnInFlight(ctx, mark, turn);
    const disposing = system.dispose(made.handle);
    await ctx.clause('AIK-QUIESCE-004.c4', async () => ctx.rejects(system, await system.prompt(made.handle), 'inactive', 'prompt', 'prompt(closing) once its teardown began'));
    ctx.ok(await disposing, 'dispose(closing)');
    await turn;
  }),

  check('AIK-QUIESCE-005', 'shutdown-leaves-appended-events-durable', async (ctx) => {
    const system = await ctx.open();
    const made = ctx.ok(await system.create({ sessionId: 'unflushed' }), 'create(unflushed)');
    ctx.ok(await system.prompt(made.handle), 'prompt(unflushed) #1');
    ctx.ok(await system.prompt(made.handle), 'prompt(unflushed) #2');
    const history = system.history(ctx.present(system.session('unflushed'), 'no live unflushed').token);
    ctx.ok(await system.shutdown(), 'shutdown() without a flush');
    ctx.ok(await system.restart(), 'restart');
    await ctx.clause('AIK-QUIESCE-005.c2', async () => {
      ctx.ok(await system.resume({ resumeSessionId: 'unflushed' }), 'resume(unflushed) after shutdown and restart');
      const back = ctx.present(system.session('unflushed'), 'no live unflushed after resume');
      ctx.equal(system.history(back.token).slice(0, history.length), history, 'history of unflushed after shutdown and restart (as a prefix)');
    });
  }),

  check('AIK-QUIESCE-005', 'shutdown-settles-everything-last', async (ctx) => {
    const system = await ctx.open();
    ctx.ok(await system.create({ sessionId: 'alive' }), 'create(alive)');
    const pending = system.create({ sessionId: 'pending', setup: { name: 'forever', pause: 'never-released', action: 'resolve' } });
    await ctx.paused('never-released');
    const pendingWatch = watchSettled(pending);
    ctx.ok(await system.shutdown(), 'shutdown()');
    await ctx.clause('AIK-QUIESCE-005.c1', async () => {
      ctx.assert(pendingWatch.settled(), 'shutdown resolved before the pending creation settled');
      ctx.rejects(system, await pending, 'inactive', 'create', 'the pending create(pending) at shutdown');
    });
    await ctx.clause('AIK-QUIESCE-005.c1', async () => {
      ctx.equal(system.agents(), [], 'live agents after shutdown');
      ctx.equal(system.sessions(), [], 'live sessions after shutdown');
      ctx.rejects(system, await system.create({ sessionId: 'late' }), 'inactive', 'create', 'create after shutdown');
    });
    // Disposed it is (no live entry is left): an edge missing then breaks the pairing of created and disposed edges.
    await ctx.clause('AIK-EVENT-001.c1', () => ctx.equal(typesOf(system, 'alive').filter((type) => type.endsWith('/disposed')), ['agent/disposed', 'session/disposed'], 'disposed edges of alive once shutdown resolved'));
  }),
];
