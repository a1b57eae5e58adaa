import { check, type Check } from '../runner/check.js';
import type { DrivenSystem } from '../runner/driven-system.js';
import { recorded, registries, writesOf } from './_internals/observe.js';
import { persisted } from './_internals/persisted.js';

/** Directed checks of create and resume (docs/contract.md §3, AIK-CREATE-*, AIK-RESUME-*). */
export const createChecks: readonly Check[] = [
  check('AIK-CREATE-001', 'publishes-exactly-the-given-id', async (ctx) => {
    const system = await ctx.open();
    const seed = ctx.kit.env.seed(1);
    ctx.ok(await system.create({ sessionId: 'exact', meta: { cwd: '/work' }, seed }), 'create(exact)');
    await ctx.clause('AIK-CREATE-001.c1', () => {
      ctx.equal(system.agents().map((entry) => entry.id), ['exact'], 'live agent ids');
      ctx.equal(system.sessions().map((entry) => entry.id), ['exact'], 'live session ids');
      ctx.equal(ctx.kit.minted, [], 'ids minted by the id source for a create');
    });
    ctx.ok(await system.create({ sessionId: 'unseeded' }), 'create(unseeded)');
    await ctx.clause('AIK-CREATE-001.c3', () => {
      ctx.equal(system.session('exact')?.header.seedLength, seed.length, 'seedLength of exact, created with a seed');
      ctx.equal(system.session('unseeded')?.header.seedLength, undefined, 'seedLength of unseeded, created without a seed');
    });
  }),

  check('AIK-CREATE-002', 'live-id-conflicts-before-setup', async (ctx) => {
    const system = await ctx.open();
    const live = ctx.ok(await system.create({ sessionId: 'live' }), 'create(live)');
    await system.prompt(live.handle);
    const before = registries(system);
    const heard = system.events().length;
    const loads = () => (ctx.kit.store?.calls ?? []).filter((call) => call.op === 'load' && call.id === 'live').length;
    const loadsBefore = loads();
    const again = await ctx.refusedBeforeSetup(system.create({ sessionId: 'live', setup: { name: 'second', pause: 'second-setup', action: 'resolve' } }), 'second-setup', 'create on a live id');
    await ctx.clause('AIK-CREATE-002.c1', () => ctx.rejects(system, again, 'conflict', 'create', 'create on a live id'));
    await ctx.clause('AIK-CREATE-002.c3', () => ctx.equal(loads(), loadsBefore, 'store loads of live issued by the conflicting create'));
    await ctx.clause('AIK-CREATE-002.c2', () => {
      ctx.equal(registries(system), before, 'registries (the live pair, its log length, the session count)');
      ctx.equal(system.events().length, heard, 'number of events heard (the conflicting create must emit none)');
    });
  }),

  check('AIK-CREATE-003', 'invalid-input-leaves-nothing', async (ctx) => {
    const good = ctx.kit.env.seed(1);
    const cases: readonly [string, Parameters<DrivenSystem['create']>[0]][] = [
      ['empty id', { sessionId: '' }],
      ['relative cwd', { sessionId: 'bad-cwd', meta: { cwd: 'relative/dir' } }],
      ['seed that is not an array', { sessionId: 'bad-seed-1', seed: { seq: 0, kind: 'user' } }],
      ['seed with a seq gap', { sessionId: 'bad-seed-2', seed: [good[0], { ...good[2], seq: 2 }] }],
      ['seed with a repeated seq', { sessionId: 'bad-seed-3', seed: [good[0], { ...good[1], seq: 0 }] }],
      ['seed with an unknown kind', { sessionId: 'bad-seed-4', seed: [{ seq: 0, kind: 'telepathy' }] }],
    ];
    // One system per sub-case: an invalid creation wrongly accepted leaves its agent in its own system only, never in a later sub-case's.
    for (const [what, input] of cases) {
      const system = await ctx.open();
      const outcome = await system.create(input);
      await ctx.clause('AIK-CREATE-003.c1', () => ctx.rejects(system, outcome, 'invalid', 'create', `create with ${what}`));
      await ctx.clause('AIK-CREATE-003.c2', () => {
        ctx.equal(registries(system), { agents: [], sessions: [] }, `registries after create with ${what}`);
        ctx.equal(recorded(system).length, 0, `events after create with ${what}`);
        ctx.equal(writesOf(ctx.kit.store?.calls ?? [], input.sessionId), 0, `store writes after create with ${what}`);
      });
    }
  }),

  check('AIK-RESUME-001', 'publishes-exactly-the-resumed-id', async (ctx) => {
    const system = await ctx.open();
    await persisted(ctx, system, 'back');
    ctx.ok(await system.resume({ resumeSessionId: 'back' }), 'resume(back)');
    await ctx.clause('AIK-RESUME-001.c1', () => {
      ctx.equal(system.agents().map((entry) => entry.id), ['back'], 'live agent ids after resume');
      ctx.equal(system.sessions().map((entry) => entry.id), ['back'], 'live session ids after resume');
    });
    const start = recorded(system, 'back').filter((event) => event.type === 'agent/session-start');
    await ctx.clause('AIK-RESUME-001.c1', () => ctx.equal(start.map((event) => event.source), ['startup', 'resume'], 'agent/session-start sources'));
  }),

  check('AIK-RESUME-002', 'not-persisted-is-not-found', async (ctx) => {
    const system = await ctx.open();
    const ghost = await system.resume({ resumeSessionId: 'ghost' });
    await ctx.clause('AIK-RESUME-002.c1', () => {
      ctx.rejects(system, ghost, 'not-found', 'resume', 'resume of an id never persisted');
      ctx.equal(registries(system), { agents: [], sessions: [] }, 'registries after resume(ghost)');
    });
    await ctx.clause('AIK-RESUME-002.c1', () => ctx.equal(recorded(system, 'ghost').length, 0, 'events of ghost after its failed resume'));
    const empty = await system.resume({ resumeSessionId: '' });
    await ctx.clause('AIK-RESUME-002.c2', () => {
      ctx.rejects(system, empty, 'invalid', 'resume', 'resume of the empty id');
      ctx.equal(recorded(system, '').length, 0, 'events of the empty id after its failed resume');
    });
  }),

  check('AIK-RESUME-003', 'live-id-conflicts-before-any-load', async (ctx) => {
    const store = ctx.store;
    const system = await ctx.open();
    const live = ctx.ok(await system.create({ sessionId: 'busy' }), 'create(busy)');
    await system.prompt(live.handle);
    ctx.ok(await system.flush(live.handle), 'flush(busy)');
    const stored = await store.peek('busy');
    const before = registries(system);
    const loads = store.calls.filter((call) => call.op === 'load' && call.id === 'busy').length;
    // Whatever the store holds: even a load that would fail must not be reached.
    store.inject({ op: 'load', id: 'busy', effect: 'fail', value: ctx.error('load of busy') });
    const again = await system.resume({ resumeSessionId: 'busy' });
    await ctx.clause('AIK-RESUME-003.c1', () => {
      ctx.rejects(system, again, 'conflict', 'resume', 'resume of a live id');
      ctx.equal(store.calls.filter((call) => call.op === 'load' && call.id === 'busy').length, loads, 'loads of busy issued by the conflicting resume');
    });
    await ctx.clause('AIK-RESUME-003.c2', async () => {
      ctx.equal(registries(system), before, 'registries after the conflicting resume');
      ctx.equal(await store.peek('busy'), stored, 'stored record of busy');
    });
  }),

  check('AIK-RESUME-004', 'header-and-history-round-trip', async (ctx) => {
    const system = await ctx.open();
    const variants = [
      { sessionId: 'full', meta: { cwd: '/srv/full', parentSession: 'lineage-only', delegationDepth: 0 }, seed: ctx.kit.env.seed(2) },
      { sessionId: 'bare' },
      { sessionId: 'deep', meta: { delegationDepth: 2 }, seed: ctx.kit.env.seed(0) },
    ];
    // Each variant under an id of its own: one that stops does not hide the next.
    for (const input of variants) {
      await ctx.subcase(async () => {
        const made = ctx.ok(await system.create(input), `create(${input.sessionId})`);
        await system.prompt(made.handle);
        ctx.ok(await system.flush(made.handle), `flush(${input.sessionId})`);
        const live = ctx.present(system.session(input.sessionId), `no live session ${input.sessionId}`);
        const history = system.history(live.token);
        ctx.ok(await system.dispose(made.handle), `dispose(${input.sessionId})`);
        ctx.ok(await system.resume({ resumeSessionId: input.sessionId }), `resume(${input.sessionId})`);
        const back = ctx.present(system.session(input.sessionId), `no live session ${input.sessionId} after resume`);
        await ctx.clause('AIK-RESUME-004.c1', () => ctx.equal(back.header, live.header, `header of ${input.sessionId} after resume`));
        await ctx.clause('AIK-RESUME-004.c2', () => ctx.equal(system.history(back.token).slice(0, history.length), history, `history of ${input.sessionId} after resume (as a prefix)`));
      });
    }
  }),

  check(
    'AIK-RESUME-005',
    'no-store-is-invalid',
    async (ctx) => {
      const system = await ctx.open();
      ctx.ok(await system.create({ sessionId: 'mem' }), 'create(mem) without a store');
      const ofLive = await system.resume({ resumeSessionId: 'mem' });
      const ofOther = await system.resume({ resumeSessionId: 'elsewhere' });
      await ctx.clause('AIK-RESUME-005.c1', () => {
        ctx.rejects(system, ofLive, 'invalid', 'resume', 'resume of a live id without a store');
        ctx.rejects(system, ofOther, 'invalid', 'resume', 'resume without a store');
      });
      await ctx.clause('AIK-RESUME-005.c1', () => ctx.equal(system.agents().map((entry) => entry.id), ['mem'], 'live agents after the refused resumes'));
    },
    { durable: false },
  ),
];
