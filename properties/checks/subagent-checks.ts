import { check, type Check } from '../runner/check.js';
import { heardBy, recorded } from './_internals/observe.js';

/** Directed checks of in-process subagents (capability `subagents`, AIK-SUB-*). */
export const subagentChecks: readonly Check[] = [
  check('AIK-SUB-001', 'one-id-for-run-agent-and-session', async (ctx) => {
    const system = await ctx.open();
    const parent = ctx.ok(await system.create({ sessionId: 'parent' }), 'create(parent)');
    for (const mode of ['spawn', 'fork'] as const) {
      const before = ctx.kit.minted.length;
      const run = ctx.ok(await system.spawn(parent.handle, { mode }), `${mode}(parent)`);
      // A run id may come from the id source too (it need not): the child's id is then its next other output.
      if (ctx.capabilities.idSource) ctx.equal(run.id, ctx.kit.minted.slice(before).find((id) => id !== run.runId), `${mode}: the child id is the id source's next output`);
      await ctx.clause('AIK-SUB-001.c1', () => {
        const child = ctx.present(system.agent(run.id), `${mode}: no live agent under the run id ${run.id}`);
        ctx.equal(child.session.id, run.id, `${mode}: the child's session id`);
        ctx.equal(system.getSession(run.id), child.session.token, `${mode}: getSession(run id) is the child's session`);
      });
      const start = recorded(system).filter((event) => event.type === 'subagent/start' && event.run?.runId === run.runId);
      await ctx.clause('AIK-SUB-001.c1', () => ctx.equal(start.map((event) => event.run?.id), [run.id], `${mode}: subagent/start carries the run id`));
      const ids = new Set([...system.agents().map((entry) => entry.id), ...system.sessions().map((entry) => entry.id)]);
      const mintedNow = ctx.kit.minted.slice(before);
      await ctx.clause('AIK-SUB-001.c2', () => ctx.equal(mintedNow.filter((id) => ids.has(id)), [run.id], `${mode}: minted ids that became live entries`));
    }
  }),

  check('AIK-SUB-002', 'lineage-and-max-depth', async (ctx) => {
    const system = await ctx.open();
    const root = ctx.ok(await system.create({ sessionId: 'root', meta: { cwd: '/repo' } }), 'create(root)');
    ctx.ok(await system.prompt(root.handle), 'prompt(root)');
    const spawned = ctx.ok(await system.spawn(root.handle, { mode: 'spawn' }), 'spawn(root)');
    const header = ctx.present(system.session(spawned.id), 'no spawned session').header;
    await ctx.clause('AIK-SUB-002.c1', () => ctx.equal([header.parentSession, header.cwd, header.delegationDepth, header.seedLength], ['root', '/repo', 1, undefined], 'spawned child [parentSession, cwd, delegationDepth, seedLength]'));
    const forked = ctx.ok(await system.spawn(root.handle, { mode: 'fork' }), 'fork(root)');
    const rootLog = system.history(ctx.present(system.session('root'), 'no root').token);
    const forkSession = ctx.present(system.session(forked.id), 'no forked session');
    const prefix = rootLog.slice(0, rootLog.map((event) => event.kind).lastIndexOf('turn-end') + 1);
    await ctx.clause('AIK-SUB-002.c2', () => {
      ctx.equal(forkSession.header.seedLength, prefix.length, 'fork seedLength (the longest completed-turn prefix)');
      ctx.equal(system.history(forkSession.token).slice(0, prefix.length).map((event) => [event.seq, event.kind]), prefix.map((event) => [event.seq, event.kind]), 'fork seed');
    });
    const maxDepth = ctx.present(system.raw.maxDepth, 'the system declares subagents but not its maxDepth');
    let handle = spawned.handle;
    for (let depth = 2; depth <= maxDepth; depth += 1) handle = ctx.ok(await system.spawn(handle, { mode: 'spawn' }), `spawn at depth ${depth}`).handle;
    const before = ctx.kit.minted.length;
    await ctx.clause('AIK-SUB-002.c3', async () => {
      ctx.rejects(system, await system.spawn(handle, { mode: 'spawn' }), 'invalid', 'spawn', `spawn beyond maxDepth ${maxDepth}`);
      ctx.rejects(system, await system.spawn(handle, { mode: 'fork' }), 'invalid', 'spawn', `fork beyond maxDepth ${maxDepth}`);
      ctx.equal(ctx.kit.minted.length, before, 'ids minted by the refused spawn and fork');
    });
  }),

  check('AIK-SUB-002', 'fork-prefix-may-be-empty', async (ctx) => {
    const system = await ctx.open();
    const parent = ctx.ok(await system.create({ sessionId: 'new-parent' }), 'create(new-parent)');
    const completedPrefix = () => {
      const log = system.history(ctx.present(system.session('new-parent'), 'no live new-parent').token);
      return log.slice(0, log.map((event) => event.kind).lastIndexOf('turn-end') + 1).length;
    };
    await ctx.clause('AIK-SUB-002.c2', async () => {
      const early = ctx.ok(await system.spawn(parent.handle, { mode: 'fork' }), 'fork(new-parent) before any turn');
      ctx.equal(system.session(early.id)?.header.seedLength, completedPrefix(), 'seedLength of a fork of a parent with no completed turn');
      ctx.kit.turns.plan('new-parent', { kind: 'hold' });
      const mark = ctx.mark();
      const turn = system.prompt(parent.handle);
      await ctx.untilAfter(mark, { turning: true }, 'the turn of new-parent started');
      const during = ctx.ok(await system.spawn(parent.handle, { mode: 'fork' }), 'fork(new-parent) during its first turn');
      ctx.equal(system.session(during.id)?.header.seedLength, completedPrefix(), 'seedLength of a fork during the first turn (its user event is no completed turn)');
      ctx.kit.turns.release('new-parent');
      ctx.ok(await turn, 'prompt(new-parent)');
    });
    await ctx.clause('AIK-SUB-002.c4', async () => {
      const child = ctx.ok(await system.spawn(parent.handle, { mode: 'spawn' }), 'spawn(new-parent)');
      ctx.ok(await system.prompt(child.handle), 'prompt(child)');
      ctx.ok(await system.dispose(child.handle), 'dispose(child)');
      const resumed = ctx.ok(await system.resume({ resumeSessionId: child.id }), 'resume(child)');
      ctx.equal(system.session(child.id)?.header.delegationDepth, 1, 'delegationDepth of the resumed child');
      // Its own child is at depth 2: created where maxDepth allows it, refused before anything is minted where it does not.
      const maxDepth = system.raw.maxDepth ?? 4;
      const spawned = await system.spawn(resumed.handle, { mode: 'spawn' });
      if (maxDepth >= 2) {
        const grandchild = ctx.ok(spawned, 'spawn(resumed child)');
        ctx.equal(system.session(grandchild.id)?.header.delegationDepth, 2, "delegationDepth of a resumed child's own child");
      } else {
        ctx.rejects(system, spawned, 'invalid', 'spawn', `spawn(resumed child) at depth 2 beyond maxDepth ${maxDepth}`);
      }
    });
  }),

  check('AIK-SUB-003', 'start-is-publication', async (ctx) => {
    const system = await ctx.open();
    const parent = ctx.ok(await system.create({ sessionId: 'p' }), 'create(p)');
    const agents = system.agents().length;
    const runEvents = () => recorded(system).filter((event) => event.type.startsWith('subagent/')).length;
    const rejected = await system.spawn(parent.handle, { mode: 'spawn', setup: { name: 'child-fails', action: 'reject', value: ctx.error('child setup') } });
    await ctx.clause('AIK-SUB-003.c1', () => {
      ctx.assert(!rejected.ok, 'spawn with a failing setup succeeded');
      ctx.equal(system.agents().length, agents, 'live agents after a rejected child');
      ctx.equal(system.sessions().length, agents, 'live sessions after a rejected child');
      ctx.equal(runEvents(), 0, 'subagent events after a rejected child');
    });
    const inSetup = await system.create({ sessionId: 'early', setup: { name: 'early-spawn', action: 'spawn' } });
    ctx.ok(inSetup, 'create(early) whose setup tried to spawn');
    const attempt = ctx.present(system.planOutcomes().find((outcome) => outcome.plan === 'early-spawn'), 'the setup spawn reported no outcome');
    await ctx.clause('AIK-SUB-003.c3', () => ctx.rejects(system, attempt.outcome, 'inactive', 'spawn', 'spawn from a parent still in setup'));
    ctx.ok(await system.dispose(parent.handle), 'dispose(p)');
    await ctx.clause('AIK-SUB-003.c2', async () => ctx.rejects(system, await system.spawn(parent.handle, { mode: 'spawn' }), 'inactive', 'spawn', 'spawn from a disposed parent'));
    await ctx.clause('AIK-SUB-003.c1', () => ctx.equal(runEvents(), 0, 'subagent events after the refused spawns'));
  }),

  check('AIK-SUB-004', 'child-owned-by-parent', async (ctx) => {
    const system = await ctx.open();
    const parent = ctx.ok(await system.create({ sessionId: 'owner' }), 'create(owner)');
    const child = ctx.ok(await system.spawn(parent.handle, { mode: 'spawn' }), 'spawn(owner)');
    // A grandchild where maxDepth allows one (default 4); under maxDepth 1 a second child of owner instead.
    const nested = (system.raw.maxDepth ?? 4) >= 2;
    const second = nested ? ctx.ok(await system.spawn(child.handle, { mode: 'fork' }), 'fork(child)') : ctx.ok(await system.spawn(parent.handle, { mode: 'fork' }), 'fork(owner)');
    const bystander = ctx.ok(await system.create({ sessionId: 'bystander' }), 'create(bystander)');
    // Where the adapter reports owners, a child's is its parent agent, never the root.
    const entries = new Map(system.agents().map((entry) => [entry.id, entry]));
    const owned = [
      [child.id, entries.get('owner')?.token],
      [second.id, entries.get(nested ? child.id : 'owner')?.token],
      ['owner', undefined],
      ['bystander', undefined],
    ] as const;
    if ([...entries.values()].some((entry) => entry.parent !== undefined)) {
      for (const [id, owner] of owned) ctx.equal(entries.get(id)?.parent, owner, `owning parent of ${id}`);
    }
    ctx.ok(await system.dispose(parent.handle), 'dispose(owner)');
    await ctx.clause('AIK-SUB-004.c1', () => {
      for (const id of [child.id, second.id]) ctx.equal(system.getAgent(id), undefined, `getAgent(${id}) after its ancestor was disposed`);
    });
    await ctx.clause('AIK-SUB-004.c1', () => ctx.assert(system.getAgent('bystander') !== undefined, 'disposing owner removed an unrelated agent'));
    const ends = recorded(system).filter((event) => event.type === 'subagent/end').map((event) => event.run?.id);
    await ctx.clause('AIK-SUB-004.c1', () => ctx.equal(ctx.sortedIds(ends), ctx.sortedIds([child.id, second.id]), 'subagent/end for the children'));
    ctx.ok(await system.dispose(bystander.handle), 'dispose(bystander)');
  }),

  check('AIK-SUB-004', 'end-after-teardown-with-its-outcome', async (ctx) => {
    const system = await ctx.open();
    const parent = ctx.ok(await system.create({ sessionId: 'host' }), 'create(host)');
    system.listen({ name: 'at-end', event: 'subagent/end', action: 'record' });
    const completed = ctx.ok(await system.spawn(parent.handle, { mode: 'spawn' }), 'spawn(host) #1');
    ctx.ok(await system.prompt(completed.handle), 'prompt(#1)');
    const failed = ctx.ok(await system.spawn(parent.handle, { mode: 'spawn' }), 'spawn(host) #2');
    ctx.kit.turns.plan(failed.id, { kind: 'fail', value: new Error('kit-injected turn failure') });
    await system.prompt(failed.handle);
    const cancelled = ctx.ok(await system.spawn(parent.handle, { mode: 'spawn' }), 'spawn(host) #3');
    ctx.kit.turns.plan(cancelled.id, { kind: 'hold' });
    const mark = ctx.mark();
    const cut = system.prompt(cancelled.handle);
    await ctx.untilAfter(mark, { turning: true }, `the turn of ${cancelled.id} started`);
    const children = [
      [completed, 'completed'],
      [failed, 'failed'],
      [cancelled, 'cancelled'],
    ] as const;
    for (const [child] of children) ctx.ok(await system.dispose(child.handle), `dispose(${child.id})`);
    await cut;
    const ends = heardBy(system, 'at-end');
    for (const [child, outcome] of children) {
      const end = ends.find((event) => event.run?.id === child.id);
      ctx.assert(end !== undefined, `no subagent/end for ${child.id}`);
      await ctx.clause('AIK-SUB-004.c3', () => ctx.equal(end?.run?.outcome, outcome, `the outcome subagent/end carries for ${child.id}`));
      await ctx.clause('AIK-SUB-004.c4', () => {
        const live = [...(end?.snapshot?.agents ?? []), ...(end?.snapshot?.sessions ?? [])].some((entry) => entry.id === child.id);
        ctx.assert(!live, `subagent/end of ${child.id} fired before its teardown completed (its agent or session still answered)`);
      });
    }
    ctx.ok(await system.dispose(parent.handle), 'dispose(host)');
  }),

  check('AIK-SUB-004', 'resumed-child-owned-by-who-resumes', async (ctx) => {
    const system = await ctx.open();
    const parent = ctx.ok(await system.create({ sessionId: 'elder' }), 'create(elder)');
    const child = ctx.ok(await system.spawn(parent.handle, { mode: 'spawn' }), 'spawn(elder)');
    ctx.ok(await system.prompt(child.handle), 'prompt(child)');
    ctx.ok(await system.dispose(child.handle), 'dispose(child)');
    const resumed = ctx.ok(await system.resume({ resumeSessionId: child.id }), 'resume(child) through the root owner');
    await ctx.clause('AIK-SUB-004.c2', async () => {
      ctx.equal(system.session(child.id)?.header.parentSession, 'elder', 'parentSession of the resumed child (lineage)');
      ctx.equal(system.agent(child.id)?.parent, undefined, 'owning parent of the resumed child (the root owner resumed it)');
      ctx.ok(await system.dispose(parent.handle), 'dispose(elder)');
      ctx.assert(system.getAgent(child.id) !== undefined, 'disposing its lineage parent disposed a child resumed by the root owner');
    });
    ctx.ok(await system.dispose(resumed.handle), 'dispose(resumed child)');
  }),
];
