import { check, type Check } from '../runner/check.js';
import type { CheckContext } from '../runner/check-context.js';
import type { DrivenSystem } from '../runner/driven-system.js';
import { eventPairingViolation, liveTokens } from './_internals/event-pairing.js';
import { heardBy, recorded } from './_internals/observe.js';

/** A lifecycle with vetoes, aborts, races and disposals, for the pairing checks. */
async function busyLifecycle(ctx: CheckContext, system: DrivenSystem): Promise<void> {
  const veto = ctx.error('veto');
  system.listen({ name: 'veto', event: 'agent/created', action: 'throw', value: veto });
  await system.create({ sessionId: 'vetoed' });
  system.unlisten('veto');
  await system.create({ sessionId: 'aborted', signal: { name: 'x', at: 'before', reason: ctx.error('abort') } });
  const kept = ctx.ok(await system.create({ sessionId: 'kept' }), 'create(kept)');
  const gone = ctx.ok(await system.create({ sessionId: 'gone' }), 'create(gone)');
  await Promise.all([system.create({ sessionId: 'race' }), system.create({ sessionId: 'race' })]);
  ctx.ok(await system.dispose(gone.handle), 'dispose(gone)');
  await system.create({ sessionId: 'gone' });
  await system.prompt(kept.handle);
}

/** Directed checks of events (AIK-EVENT-*). */
export const eventChecks: readonly Check[] = [
  check('AIK-EVENT-001', 'created-disposed-pairing', async (ctx) => {
    const system = await ctx.open();
    await busyLifecycle(ctx, system);
    const violation = eventPairingViolation(recorded(system), liveTokens(system), 'AIK-EVENT-001');
    await ctx.clause('AIK-EVENT-001.c1', () => ctx.assert(violation === undefined, violation ?? ''));
    ctx.ok(await system.shutdown(), 'shutdown()');
    const after = eventPairingViolation(recorded(system), liveTokens(system), 'AIK-EVENT-001');
    await ctx.clause('AIK-EVENT-001.c1', () => ctx.assert(after === undefined, `after shutdown: ${after ?? ''}`));
  }),

  check('AIK-EVENT-002', 'no-object-created-twice', async (ctx) => {
    const system = await ctx.open();
    await busyLifecycle(ctx, system);
    const violation = eventPairingViolation(recorded(system), liveTokens(system), 'AIK-EVENT-002');
    await ctx.clause('AIK-EVENT-002.c1', () => ctx.assert(violation === undefined, violation ?? ''));
  }),

  check('AIK-EVENT-003', 'listener-failures-contained', async (ctx) => {
    const system = await ctx.open();
    system.listen({ name: 'reject-session', event: 'session/created', action: 'reject', value: ctx.error('rejected at session/created') });
    system.listen({ name: 'reject-agent', event: 'agent/created', action: 'reject', value: ctx.value('rejected at agent/created') });
    system.listen({ name: 'throw-start', event: 'agent/session-start', action: 'throw', value: ctx.error('thrown at session-start') });
    system.listen({ name: 'throw-event', event: 'session/event', action: 'throw', value: ctx.error('thrown at session/event') });
    system.listen({ name: 'throw-disposed', event: 'agent/disposed', action: 'throw', value: ctx.error('thrown at agent/disposed') });
    system.listen({ name: 'reject-session-disposed', event: 'session/disposed', action: 'reject', value: ctx.error('rejected at session/disposed') });
    await ctx.clause('AIK-EVENT-003.c1', async () => {
      const made = ctx.ok(await system.create({ sessionId: 'calm' }), 'create(calm) with failing non-vetoing listeners');
      ctx.ok(await system.prompt(made.handle), 'prompt(calm)');
      ctx.ok(await system.flush(made.handle), 'flush(calm)');
      ctx.ok(await system.dispose(made.handle), 'dispose(calm)');
    });
    await ctx.clause('AIK-EVENT-003.c1', () => ctx.equal(system.getAgent('calm'), undefined, 'getAgent(calm) after dispose'));
  }),

  check('AIK-EVENT-004', 'scoped-listener-hears-its-own-object', async (ctx) => {
    const system = await ctx.open();
    const first = ctx.ok(await system.create({ sessionId: 'reused', setup: { name: 's', listen: { name: 'first-scope', event: '*', action: 'record' }, action: 'resolve' } }), 'create(reused)');
    const own = ctx.present(system.agent('reused'), 'no live reused');
    const other = ctx.ok(await system.create({ sessionId: 'neighbour' }), 'create(neighbour)');
    ctx.ok(await system.prompt(other.handle), 'prompt(neighbour)');
    ctx.ok(await system.prompt(first.handle), 'prompt(reused)');
    ctx.ok(await system.dispose(first.handle), 'dispose(reused)');
    const again = await system.create({ sessionId: 'reused' });
    const second = ctx.ok(again.ok ? again : await system.resume({ resumeSessionId: 'reused' }), 'a new agent under reused');
    ctx.ok(await system.prompt(second.handle), 'prompt(reused) on the new agent');
    ctx.ok(await system.dispose(second.handle), 'dispose(reused) new agent');
    const mine = new Set([own.token, own.session.token]);
    const foreign = heardBy(system, 'first-scope').filter((event) => !mine.has(event.subject));
    await ctx.clause('AIK-EVENT-004.c1', () => {
      ctx.equal(foreign.map((event) => `${event.type} ${event.id}`), [], "events of other objects heard by the first agent's scoped listener");
      ctx.assert(heardBy(system, 'first-scope').some((event) => event.type === 'session/event'), "the scoped listener heard none of its own agent's session events");
    });
  }),

  check('AIK-EVENT-005', 'session-event-per-append', async (ctx) => {
    const system = await ctx.open();
    system.listen({ name: 'appends', event: 'session/event', action: 'record' });
    const seed = ctx.kit.env.seed(2);
    const made = ctx.ok(await system.create({ sessionId: 'log', seed }), 'create(log) with a seed');
    // The seed and any bookkeeping event appended before publication are history: no session/event for them.
    const published = ctx.present(system.session('log'), 'no live log after create').length;
    await ctx.clause('AIK-EVENT-005.c2', () => ctx.assert(published >= seed.length, `the log holds ${published} events after create, fewer than its seed of ${seed.length}`));
    ctx.ok(await system.prompt(made.handle), 'prompt(log) #1');
    ctx.ok(await system.prompt(made.handle), 'prompt(log) #2');
    const session = ctx.present(system.session('log'), 'no live log');
    const history = system.history(session.token);
    const heard = heardBy(system, 'appends').filter((event) => event.id === 'log');
    const seqs = heard.map((event) => event.event?.seq ?? -1);
    await ctx.clause('AIK-EVENT-005.c2', () => ctx.equal(seqs, history.slice(published).map((event) => event.seq), 'session/event seqs (once per event appended after publication, in seq order, none for the seed)'));
    await ctx.clause('AIK-EVENT-005.c1', () => {
      for (const event of heard) {
        const length = event.snapshot?.sessions.find((entry) => entry.id === 'log')?.length ?? -1;
        ctx.assert(length > (event.event?.seq ?? Infinity), `session/event seq ${event.event?.seq} fired before its append (log length ${length})`);
      }
    });
    ctx.ok(await system.dispose(made.handle), 'dispose(log)');
  }),
];
