import { check, type Check } from '../runner/check.js';
import { fakeAcpChild } from './_internals/fake-acp-child.js';
import { heardBy, recorded, typesOf, writesOf } from './_internals/observe.js';


/** Directed checks of collisions and detach (AIK-CONFLICT-*, AIK-DETACH-*). */
export const conflictChecks: readonly Check[] = [
  check('AIK-CONFLICT-001', 'n-concurrent-creates-one-winner', async (ctx) => {
    const system = await ctx.open();
    const racers = [1, 2, 3, 4].map((n) => system.create({ sessionId: 'race', setup: { name: `racer-${n}`, pause: 'race-gate', action: 'resolve' } }));
    await ctx.paused('race-gate');
    ctx.kit.pauses.release('race-gate');
    const outcomes = await Promise.all(racers);
    const winners = outcomes.filter((outcome) => outcome.ok);
    await ctx.clause('AIK-CONFLICT-001.c1', () => {
      ctx.equal(winners.length, 1, 'creations of race that fulfilled');
      for (const outcome of outcomes) if (!outcome.ok) ctx.rejects(system, outcome, 'conflict', 'create', 'a losing create(race)');
    });
    await ctx.clause('AIK-CONFLICT-001.c2', () => {
      ctx.equal(system.agents().map((entry) => entry.id), ['race'], 'live agents after the race');
      ctx.equal(typesOf(system, 'race'), ['session/created', 'agent/created', 'agent/session-start'], 'events for race (losers emit none)');
      const winner = recorded(system, 'race').find((event) => event.type === 'agent/created');
      ctx.equal(system.getAgent('race'), winner?.subject, 'getAgent(race) is the announced winner');
    });
  }),

  check('AIK-CONFLICT-002', 'loser-leaves-winner-intact', async (ctx) => {
    const system = await ctx.open();
    const first = system.create({ sessionId: 'duel', setup: { name: 'winner', pause: 'first', action: 'resolve' } });
    const second = system.create({ sessionId: 'duel', setup: { name: 'loser', listen: { name: 'loser-scope', event: '*', action: 'record' }, pause: 'second', action: 'resolve' } });
    await ctx.paused('first');
    await ctx.paused('second');
    ctx.kit.pauses.release('first');
    const won = ctx.ok(await first, 'the first create(duel)');
    system.listen({ name: 'winner-view', event: '*', action: 'record' }, won.handle);
    ctx.ok(await system.prompt(won.handle), 'prompt(duel)');
    const agent = system.getAgent('duel');
    const session = ctx.present(system.session('duel'), 'no live session duel');
    const history = system.history(session.token);
    const heard = heardBy(system, 'winner-view').length;
    ctx.kit.pauses.release('second');
    await ctx.clause('AIK-CONFLICT-002.c1', async () => {
      ctx.rejects(system, await second, 'conflict', 'create', 'the second create(duel)');
      ctx.equal(system.getAgent('duel'), agent, 'getAgent(duel) after the losing create');
      ctx.equal(system.history(session.token), history, 'log of duel after the losing create');
      ctx.equal(heardBy(system, 'winner-view').length, heard, "events the winner's scoped listener heard from the loser");
      ctx.equal(heardBy(system, 'loser-scope').filter((event) => event.subject === agent || event.subject === session.token), [], "events of the winner heard by the loser's scope");
    });
  }),

  check(
    'AIK-CONFLICT-003',
    'persisted-create-rejected-at-create',
    async (ctx) => {
      const system = await ctx.open();
      const made = ctx.ok(await system.create({ sessionId: 'kept' }), 'create(kept)');
      ctx.ok(await system.prompt(made.handle), 'prompt(kept)');
      ctx.ok(await system.dispose(made.handle), 'dispose(kept)');
      const stored = await ctx.store.peek('kept');
      ctx.assert(stored !== undefined, 'kept is not persisted after a prompt and dispose');
      const writes = writesOf(ctx.store.calls, 'kept');
      const refused = await ctx.refusedBeforeSetup(system.create({ sessionId: 'kept', setup: { name: 'never-run', pause: 'kept-setup', action: 'resolve' } }), 'kept-setup', 'create over the persisted kept (conflict is due at phase 4)');
      await ctx.clause('AIK-CONFLICT-003.c2', () => ctx.rejects(system, refused, 'conflict', 'create', 'create over the persisted kept'));
      await ctx.clause('AIK-CONFLICT-003.c1', async () => {
        ctx.equal(writesOf(ctx.store.calls, 'kept'), writes, 'store writes for kept');
        ctx.equal(await ctx.store.peek('kept'), stored, 'stored record of kept');
      });
    },
    { profile: { persistedCreate: 'reject-at-create' } },
  ),

  check(
    'AIK-CONFLICT-003',
    'persisted-create-rejected-at-flush',
    async (ctx) => {
      const system = await ctx.open();
      const made = ctx.ok(await system.create({ sessionId: 'kept', meta: { cwd: '/orig' } }), 'create(kept)');
      ctx.ok(await system.prompt(made.handle), 'prompt(kept)');
      ctx.ok(await system.dispose(made.handle), 'dispose(kept)');
      const stored = ctx.present(await ctx.store.peek('kept'), 'kept is not persisted after a prompt and dispose');
      const writes = writesOf(ctx.store.calls, 'kept');
      const again = ctx.ok(await system.create({ sessionId: 'kept', meta: { cwd: '/other' } }), 'create over the persisted kept');
      ctx.ok(await system.prompt(again.handle), 'prompt(kept) on the shadowing agent');
      await ctx.clause('AIK-CONFLICT-003.c3', async () => {
        ctx.rejects(system, await system.flush(again.handle), 'conflict', 'flush', 'flush of the shadowing agent');
        ctx.rejects(system, await system.flush(again.handle), 'conflict', 'flush', 'a second flush of the shadowing agent');
      });
      ctx.ok(await system.dispose(again.handle), 'dispose(kept) shadowing agent');
      await ctx.clause('AIK-CONFLICT-003.c3', () => ctx.equal(writesOf(ctx.store.calls, 'kept'), writes, 'store writes for kept by the shadowing agent'));
      ctx.ok(await system.restart(), 'restart');
      const resumed = ctx.ok(await system.resume({ resumeSessionId: 'kept' }), 'resume(kept) after restart');
      const back = ctx.present(system.session('kept'), 'no live kept after resume');
      await ctx.clause('AIK-CONFLICT-003.c3', () => ctx.equal(back.header, stored.header, 'header of kept after restart'));
      ctx.ok(await system.dispose(resumed.handle), 'dispose(kept)');
    },
    { profile: { persistedCreate: 'reject-at-flush' } },
  ),

  check('AIK-DETACH-001', 'idempotent-and-stale-safe', async (ctx) => {
    const system = await ctx.open();
    const old = ctx.ok(await system.create({ sessionId: 'same' }), 'create(same)');
    const twice = await Promise.all([system.dispose(old.handle), system.dispose(old.handle)]);
    await ctx.clause('AIK-DETACH-001.c1', async () => {
      twice.forEach((outcome, n) => ctx.ok(outcome, `concurrent dispose #${n + 1} of the first same`));
      ctx.ok(await system.dispose(old.handle), 'a later dispose of the stale handle');
    });
    const created = await system.create({ sessionId: 'same' });
    // A never-appended session may or may not be persisted (then the declared profile applies): resume is the other way back.
    const fresh = ctx.ok(created.ok ? created : await system.resume({ resumeSessionId: 'same' }), 'a new agent under same');
    const agent = system.getAgent('same');
    await ctx.clause('AIK-DETACH-001.c2', async () => {
      ctx.ok(await system.dispose(old.handle), 'dispose through the stale handle');
      ctx.equal(system.getAgent('same'), agent, 'getAgent(same) after a stale dispose');
    });
    await ctx.clause('AIK-DETACH-001.c3', async () => {
      ctx.rejects(system, await system.flush(old.handle), 'inactive', 'flush', 'flush through the stale handle');
      ctx.rejects(system, await system.prompt(old.handle), 'inactive', 'prompt', 'prompt through the stale handle');
    });
    ctx.ok(await system.prompt(fresh.handle), 'prompt(same) on the new agent');
    await ctx.clause('AIK-DETACH-001.c1', () => ctx.equal(typesOf(system, 'same').filter((type) => type === 'agent/disposed').length, 1, 'agent/disposed edges for same'));
  }),

  check(
    'AIK-DETACH-001',
    'stale-handle-every-operation',
    async (ctx) => {
      const system = await ctx.open();
      const old = ctx.ok(await system.create({ sessionId: 'stale' }), 'create(stale)');
      ctx.ok(await system.dispose(old.handle), 'dispose(stale)');
      const created = await system.create({ sessionId: 'stale' });
      const fresh = ctx.ok(created.ok ? created : await system.resume({ resumeSessionId: 'stale' }), 'a new agent under stale');
      ctx.ok(await system.prompt(fresh.handle), 'prompt(stale) on the new agent');
      const agent = system.getAgent('stale');
      const session = ctx.present(system.session('stale'), 'no live session stale');
      const runEvents = () => recorded(system).filter((event) => event.type.startsWith('subagent/')).length;
      const turns = ctx.kit.turns.inFlight;
      await ctx.clause('AIK-DETACH-001.c3', async () => ctx.rejects(system, await system.prompt(old.handle), 'inactive', 'prompt', 'prompt through the stale handle'));
      await ctx.clause('AIK-DETACH-001.c4', async () => ctx.rejects(system, await system.flush(old.handle), 'inactive', 'flush', 'flush through the stale handle'));
      await ctx.clause('AIK-DETACH-001.c3', async () => ctx.ok(await system.dispose(old.handle), 'dispose through the stale handle'));
      if (ctx.subagents) {
        await ctx.clause('AIK-SUB-003.c2', async () => {
          ctx.rejects(system, await system.spawn(old.handle, { mode: 'spawn' }), 'inactive', 'spawn', 'spawn through the stale handle');
          ctx.rejects(system, await system.spawn(old.handle, { mode: 'fork' }), 'inactive', 'spawn', 'fork through the stale handle');
        });
      }
      if (ctx.capabilities.remote) {
        await ctx.clause('AIK-SUB-003.c2', async () => ctx.rejects(system, await system.spawnRemote(old.handle), 'inactive', 'spawnRemote', 'spawnRemote through the stale handle'));
      }
      await ctx.clause('AIK-DETACH-001.c2', () => {
        ctx.equal(system.getAgent('stale'), agent, 'getAgent(stale) after every operation through the stale handle');
        ctx.equal(system.session('stale'), session, 'the new session of stale (its log) after every operation through the stale handle');
        ctx.equal(ctx.kit.turns.inFlight, turns, 'turns started through the stale handle');
        ctx.equal(runEvents(), 0, 'subagent runs started through the stale handle');
      });
      ctx.ok(await system.prompt(fresh.handle), 'prompt(stale) on the new agent afterwards');
    },
    { remote: fakeAcpChild() },
  ),

  check('AIK-DETACH-002', 'teardown-requested-during-announcement', async (ctx) => {
    const system = await ctx.open();
    const bystander = ctx.ok(await system.create({ sessionId: 'bystander' }), 'create(bystander)');
    const owner = system.owner('announcing');
    system.listen({ name: 'unload-mid', event: 'session/created', action: 'unload', value: owner });
    system.listen({ name: 'after-unload', event: 'session/created', action: 'record' });
    const outcome = await system.create({ sessionId: 'announced', owner });
    // The creation's outcome is §4's "Requests during publication" (AIK-TXN-007); this check judges when the teardown took effect.
    await ctx.clause('AIK-TXN-007.c5', () => ctx.rejects(system, outcome, 'inactive', 'create', 'create(announced) whose owner unloads during session/created'));
    const seen = heardBy(system, 'after-unload').find((event) => event.id === 'announced');
    await ctx.clause('AIK-DETACH-002.c1', () => {
      ctx.assert(seen?.snapshot?.sessions.some((entry) => entry.id === 'announced') === true, 'the teardown took effect before the dispatch unwound');
      // Taking effect when the dispatch unwinds, the teardown leaves nothing for a later announcement of the entry.
      const later = typesOf(system, 'announced').filter((type) => type === 'agent/created' || type === 'agent/session-start');
      ctx.equal(later, [], 'announcements of announced after the dispatch that requested its teardown unwound');
    });
    await ctx.until(() => system.getSession('announced') === undefined, 'the announced entry left once the dispatch unwound');
    await ctx.clause('AIK-DETACH-002.c2', () => ctx.assert(system.getAgent('bystander') !== undefined, 'the teardown touched another entry'));
    ctx.ok(await system.prompt(bystander.handle), 'prompt(bystander)');
  }),
];
