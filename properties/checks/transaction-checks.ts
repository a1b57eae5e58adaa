import { check, type Check } from '../runner/check.js';
import { show, type CheckContext } from '../runner/check-context.js';
import type { DrivenSystem } from '../runner/driven-system.js';
import { heardBy, recorded, registries, typesOf, writesOf } from './_internals/observe.js';
import { persisted } from './_internals/persisted.js';

/** Asserts total rollback of `id`: nothing live, no created edge left unpaired, no store writes, id reusable. */
async function rolledBack(ctx: CheckContext, system: DrivenSystem, id: string, writesBefore: number, what: string): Promise<void> {
  ctx.equal(system.getAgent(id), undefined, `${what}: getAgent(${id})`);
  ctx.equal(system.getSession(id), undefined, `${what}: getSession(${id})`);
  ctx.equal(writesOf(ctx.kit.store?.calls ?? [], id), writesBefore, `${what}: store writes for ${id}`);
  const types = typesOf(system, id);
  const count = (type: string) => types.filter((seen) => seen === type).length;
  ctx.equal(count('agent/created') - count('agent/disposed'), 0, `${what}: agent created/disposed edges for ${id}`);
  ctx.equal(count('session/created') - count('session/disposed'), 0, `${what}: session created/disposed edges for ${id}`);
}

/** Directed checks of the creation transaction (docs/contract.md §4, AIK-TXN-*). */
export const transactionChecks: readonly Check[] = [
  check('AIK-TXN-001', 'nothing-partial-during-load-and-setup', async (ctx) => {
    const system = await ctx.open();
    const pending = system.create({ sessionId: 'private', setup: { name: 'hold', pause: 'setup-private', action: 'resolve' } });
    await ctx.paused('setup-private');
    await ctx.clause('AIK-TXN-001.c1', () => ctx.equal(registries(system), { agents: [], sessions: [] }, 'registries during setup'));
    await ctx.clause('AIK-TXN-001.c2', () => ctx.equal(recorded(system, 'private').length, 0, 'events for the creation during setup'));
    ctx.kit.pauses.release('setup-private');
    const made = ctx.ok(await pending, 'create(private)');
    await persisted(ctx, system, 'stored');
    ctx.store.inject({ op: 'load', id: 'stored', effect: 'hang', once: true });
    const giveUp = ctx.error('give up');
    const mark = ctx.mark();
    const loading = system.resume({ resumeSessionId: 'stored', signal: { name: 'give-up', at: { pause: 'stop-loading' }, reason: giveUp } });
    await ctx.untilAfter(mark, { store: { ops: ['load'], id: 'stored' } }, 'the resume of stored loaded it');
    await ctx.clause('AIK-TXN-001.c1', () => {
      ctx.equal(system.getAgent('stored'), undefined, 'getAgent(stored) while its load hangs');
      ctx.equal(system.getSession('stored'), undefined, 'getSession(stored) while its load hangs');
    });
    ctx.kit.pauses.release('stop-loading');
    await ctx.clause('AIK-TXN-003.c6', async () => ctx.rejectsWith(await loading, giveUp, 'resume(stored) aborted while its load hangs'));
    ctx.ok(await system.dispose(made.handle), 'dispose(private)');
  }),

  check('AIK-TXN-002', 'announcement-order', async (ctx) => {
    const system = await ctx.open();
    const made = await system.create({ sessionId: 'ordered' });
    const seenAtReturn = typesOf(system, 'ordered');
    ctx.ok(made, 'create(ordered)');
    await ctx.clause('AIK-TXN-002.c1', () => ctx.equal(seenAtReturn, ['session/created', 'agent/created', 'agent/session-start'], 'events for ordered when the handle was returned'));
    await persisted(ctx, system, 'again');
    const resumed = ctx.ok(await system.resume({ resumeSessionId: 'again' }), 'resume(again)');
    await ctx.clause('AIK-TXN-002.c1', () => ctx.equal(typesOf(system, 'again').slice(-3), ['session/created', 'agent/created', 'agent/session-start'], 'events of resume(again)'));
    ctx.ok(await system.dispose(resumed.handle), 'dispose(again)');
  }),

  check('AIK-TXN-003', 'failure-at-any-phase-rolls-back', async (ctx) => {
    const system = await ctx.open();
    const faults = [
      ['setup rejects', () => ({ setup: { name: 'fail', action: 'reject' as const, value: ctx.error('setup failed') } })],
      ['abort during setup', () => ({ setup: { name: 'slow', action: 'never' as const }, signal: { name: 'stop', at: { pause: 'abort-now' }, reason: ctx.error('stopped') } })],
    ] as const;
    // Ids of their own per sub-case: a creation wrongly left live by one fault is never what a later sub-case judges.
    const idsOf = (n: number) => ({ fresh: `fresh-${n + 1}`, res: `res-${n + 1}` });
    for (const n of faults.keys()) await persisted(ctx, system, idsOf(n).res);
    for (const [n, [what, plans]] of faults.entries()) {
      ctx.kit.pauses.release('abort-now');
      const { fresh, res } = idsOf(n);
      for (const [op, id] of [['create', fresh], ['resume', res]] as const) {
        const writes = writesOf(ctx.store.calls, id);
        const outcome = op === 'create' ? await system.create({ sessionId: id, ...plans() }) : await system.resume({ resumeSessionId: id, ...plans() });
        await ctx.clause('AIK-TXN-003.c3', async () => {
          ctx.assert(!outcome.ok, `${op}(${id}) with ${what} succeeded`);
          await rolledBack(ctx, system, id, writes, `${op}(${id}) with ${what}`);
        });
      }
    }
    await persisted(ctx, system, 'res-load');
    const loadFault = ctx.error('load failed');
    // Every load (not only the next): a late load of an earlier, already settled resume must not use it up.
    ctx.store.inject({ op: 'load', id: 'res-load', effect: 'fail', value: loadFault });
    await ctx.clause('AIK-TXN-003.c2', async () => {
      ctx.rejectsWith(await system.resume({ resumeSessionId: 'res-load' }), loadFault, 'resume(res-load) with a failing load');
      await rolledBack(ctx, system, 'res-load', writesOf(ctx.store.calls, 'res-load'), 'resume(res-load) with a failing load');
    });
    ctx.store.heal('res-load');
    // The id is free again once each creation settled (a creation a fault did not roll back is judged above, not here).
    const reusable = [...faults.keys()].flatMap((n) => [['create', idsOf(n).fresh], ['resume', idsOf(n).res]] as const);
    for (const [op, id] of [...reusable, ['resume', 'res-load'] as const]) {
      if (system.getAgent(id) !== undefined) continue;
      const outcome = op === 'create' ? await system.create({ sessionId: id }) : await system.resume({ resumeSessionId: id });
      await ctx.clause('AIK-TXN-003.c1', () => ctx.assert(outcome.ok, `${op}(${id}) after its rolled-back ${op}s: expected success, got ${outcome.ok ? '' : show(outcome.error)}`));
      if (outcome.ok) ctx.ok(await system.dispose(outcome.handle), `dispose(${id})`);
    }
    // A failure after the collision boundary (phase 7): a veto at session/created. The session entry was entered, and goes too.
    await persisted(ctx, system, 'res-veto');
    for (const [op, id] of [['create', 'vetoed'], ['resume', 'res-veto']] as const) {
      const creation = () => (op === 'create' ? system.create({ sessionId: id }) : system.resume({ resumeSessionId: id }));
      const veto = ctx.error(`veto of ${op}(${id}) at session/created`);
      system.listen({ name: `veto-${op}`, event: 'session/created', action: 'throw', value: veto });
      const vetoed = await creation();
      system.unlisten(`veto-${op}`);
      await ctx.clause('AIK-TXN-003.c3', () => {
        ctx.assert(!vetoed.ok, `${op}(${id}) vetoed at session/created succeeded`);
        ctx.equal(system.getAgent(id), undefined, `getAgent(${id}) after its ${op} was vetoed at session/created`);
        ctx.equal(system.getSession(id), undefined, `getSession(${id}) after its ${op} was vetoed at session/created`);
      });
      // A veto that did not roll back is judged above: the id is then still live, and no reuse to judge.
      if (system.getAgent(id) !== undefined) continue;
      const again = await creation();
      await ctx.clause('AIK-TXN-003.c1', () => ctx.assert(again.ok, `${op}(${id}) after its ${op} was vetoed at session/created: expected success, got ${again.ok ? '' : show(again.error)}`));
      if (again.ok) ctx.ok(await system.dispose(again.handle), `dispose(${id})`);
    }
  }),

  check('AIK-TXN-003', 'rollback-failure-keeps-the-rejection', async (ctx) => {
    const system = await ctx.open();
    await persisted(ctx, system, 'again');
    // Every disposed edge of the rollback fails: the rollback goes on, the rejection stays the veto.
    system.listen({ name: 'throw-agent-disposed', event: 'agent/disposed', action: 'throw', value: ctx.error('thrown at agent/disposed') });
    system.listen({ name: 'reject-session-disposed', event: 'session/disposed', action: 'reject', value: ctx.error('rejected at session/disposed') });
    const veto = ctx.value('veto');
    await ctx.clause('AIK-TXN-003.c5', async () => {
      // A listener plan throws once: one plan per vetoed creation.
      system.listen({ name: 'veto-create', event: 'agent/created', action: 'throw', value: veto });
      ctx.rejectsWith(await system.create({ sessionId: 'first' }), veto, 'create(first) vetoed, with failing disposed listeners');
      system.listen({ name: 'veto-resume', event: 'agent/created', action: 'throw', value: veto });
      ctx.rejectsWith(await system.resume({ resumeSessionId: 'again' }), veto, 'resume(again) vetoed, with failing disposed listeners');
      for (const id of ['first', 'again']) {
        ctx.equal(system.getAgent(id), undefined, `getAgent(${id}) after its rollback`);
        ctx.equal(system.getSession(id), undefined, `getSession(${id}) after its rollback`);
      }
    });
    // An id a rollback left live is judged above: only a rolled-back one is there to reuse.
    await ctx.clause('AIK-TXN-003.c1', async () => {
      if (system.getSession('first') === undefined) ctx.ok(await system.create({ sessionId: 'first' }), 'create(first) after its rollback');
      if (system.getSession('again') === undefined) ctx.ok(await system.resume({ resumeSessionId: 'again' }), 'resume(again) after its rollback');
    });
  }),

  check('AIK-TXN-004', 'listener-veto', async (ctx) => {
    const system = await ctx.open();
    const onSession = ctx.error('veto at session/created');
    system.listen({ name: 'veto-session', event: 'session/created', action: 'throw', value: onSession });
    system.listen({ name: 'after-veto', event: 'session/created', action: 'record' });
    await ctx.clause('AIK-TXN-004.c3', async () => ctx.rejectsWith(await system.create({ sessionId: 'v1' }), onSession, 'create(v1) vetoed at session/created'));
    await ctx.clause('AIK-TXN-004.c1', () => ctx.equal(typesOf(system, 'v1'), ['session/created', 'session/disposed'], 'events of v1'));
    await ctx.clause('AIK-TXN-004.c5', () => ctx.equal(heardBy(system, 'after-veto').filter((event) => event.id === 'v1').length, 0, 'session/created of v1 heard by a listener registered after the vetoing one'));
    system.unlisten('veto-session');
    system.unlisten('after-veto');
    const onAgent = ctx.error('veto at agent/created');
    system.listen({ name: 'veto-agent', event: 'agent/created', action: 'throw', value: onAgent });
    await ctx.clause('AIK-TXN-004.c3', async () => ctx.rejectsWith(await system.create({ sessionId: 'v2' }), onAgent, 'create(v2) vetoed at agent/created'));
    await ctx.clause('AIK-TXN-004.c2', () => ctx.equal(typesOf(system, 'v2'), ['session/created', 'agent/created', 'agent/disposed', 'session/disposed'], 'events of v2'));
    system.unlisten('veto-agent');
    await ctx.clause('AIK-TXN-004.c3', () => {
      for (const id of ['v1', 'v2']) ctx.equal(writesOf(ctx.store.calls, id), 0, `store writes for vetoed ${id}`);
    });
    system.listen({ name: 'late-throw', event: 'agent/session-start', action: 'throw', value: ctx.error('thrown at session-start') });
    const v3 = await ctx.clause('AIK-TXN-004.c4', async () => ctx.ok(await system.create({ sessionId: 'v3' }), 'create(v3) with a throwing agent/session-start listener'));
    await ctx.clause('AIK-TXN-004.c4', () => ctx.assert(system.getAgent('v3') !== undefined, 'v3 is not live after a contained session-start throw'));
    ctx.ok(await system.dispose(v3.handle), 'dispose(v3)');
  }),

  check('AIK-TXN-004', 'listener-added-in-a-dispatch-misses-it', async (ctx) => {
    const system = await ctx.open();
    system.listen({ name: 'adder', event: 'session/created', action: 'listen', value: { name: 'added', event: '*', action: 'record' } });
    const made = ctx.ok(await system.create({ sessionId: 'late-ear' }), 'create(late-ear)');
    system.unlisten('adder');
    system.unlisten('added');
    const heard = heardBy(system, 'added')
      .filter((event) => event.id === 'late-ear')
      .map((event) => event.type);
    // The added listener hears the later dispatches (agent/created, …); an adapter that does not carry out `listen` installed nothing, and there is nothing to judge.
    if (heard.length > 0) await ctx.clause('AIK-TXN-004.c6', () => ctx.assert(!heard.includes('session/created'), `a listener added during the session/created dispatch heard that dispatch: ${heard.join(', ')}`));
    ctx.ok(await system.dispose(made.handle), 'dispose(late-ear)');
  }),

  check('AIK-TXN-004', 'seeded-and-resumed-vetoes-write-nothing', async (ctx) => {
    const system = await ctx.open();
    for (const event of ['session/created', 'agent/created'] as const) {
      const veto = ctx.error(`veto at ${event}`);
      const id = `seeded-${event.split('/')[0]}`;
      // A record of its own per veto: each sub-case judges its own veto, not what an earlier one's rollback left (AIK-TXN-003's).
      const stored = `stored-${event.split('/')[0]}`;
      await persisted(ctx, system, stored);
      const record = await ctx.store.peek(stored);
      // A listener plan throws once: one plan per vetoed creation.
      system.listen({ name: `veto-create-${event}`, event, action: 'throw', value: veto });
      await ctx.clause('AIK-TXN-004.c3', async () => ctx.rejectsWith(await system.create({ sessionId: id, meta: { cwd: '/vetoed' }, seed: ctx.kit.env.seed(2) }), veto, `create(${id}) with a seed, vetoed at ${event}`));
      const writes = writesOf(ctx.store.calls, stored);
      system.listen({ name: `veto-resume-${event}`, event, action: 'throw', value: veto });
      await ctx.clause('AIK-TXN-004.c3', async () => ctx.rejectsWith(await system.resume({ resumeSessionId: stored }), veto, `resume(${stored}) vetoed at ${event}`));
      system.unlisten(`veto-create-${event}`);
      system.unlisten(`veto-resume-${event}`);
      // A late write would still be a write: give the rolled-back creations time to misbehave.
      await ctx.settle();
      await ctx.clause('AIK-TXN-004.c3', async () => {
        ctx.equal(writesOf(ctx.store.calls, id), 0, `store writes for the seeded ${id} vetoed at ${event}`);
        ctx.equal(await ctx.store.peek(id), undefined, `stored record of the seeded ${id} vetoed at ${event}`);
        ctx.equal(writesOf(ctx.store.calls, stored), writes, `store writes for ${stored} by its resume vetoed at ${event}`);
        ctx.equal(await ctx.store.peek(stored), record, `stored record of ${stored} after its resume vetoed at ${event}`);
      });
    }
  }),

  check('AIK-TXN-005', 'abort-before-and-after-publication', async (ctx) => {
    const system = await ctx.open();
    const reason = ctx.error('abort reason');
    await ctx.clause('AIK-TXN-005.c1', async () => ctx.rejectsWith(await system.create({ sessionId: 'a1', signal: { name: 'pre', at: 'before', reason } }), reason, 'create(a1) with an aborted signal'));
    const during = ctx.error('abort during setup');
    const pending = system.create({ sessionId: 'a2', setup: { name: 'wait', action: 'never' }, signal: { name: 'mid', at: { pause: 'abort-a2' }, reason: during } });
    ctx.kit.pauses.release('abort-a2');
    await ctx.clause('AIK-TXN-005.c1', async () => ctx.rejectsWith(await pending, during, 'create(a2) aborted during setup'));
    const plain = ctx.value('non-Error reason');
    const wrapped = await system.create({ sessionId: 'a3', signal: { name: 'plain', at: 'before', reason: plain } });
    await ctx.clause('AIK-TXN-005.c2', () => {
      ctx.rejects(system, wrapped, 'aborted', 'create', 'create(a3) aborted with a non-Error reason');
      if (!wrapped.ok) ctx.assert((wrapped.error as { cause?: unknown } | null)?.cause === plain, 'the aborted error of a3 does not carry the non-Error reason as its cause');
    });
    await ctx.clause('AIK-TXN-005.c1', () => {
      for (const id of ['a1', 'a2', 'a3']) ctx.equal(system.getAgent(id), undefined, `getAgent(${id}) after its abort`);
    });
    const live = ctx.ok(await system.create({ sessionId: 'a4', signal: { name: 'late', at: { pause: 'abort-a4' }, reason: ctx.error('too late') } }), 'create(a4)');
    ctx.kit.pauses.release('abort-a4');
    await ctx.settle();
    await ctx.clause('AIK-TXN-005.c3', async () => {
      ctx.assert(system.getAgent('a4') !== undefined, 'an abort after publication removed a4');
      ctx.ok(await system.prompt(live.handle), 'prompt(a4) after its signal aborted');
      ctx.equal(typesOf(system, 'a4').filter((type) => type.endsWith('/disposed')), [], 'disposed edges of a4 after the late abort');
    });
    // §4: "signal not aborted" is admission (phase 1), before the live check (phase 2): over the live a4, the signal decides.
    const early = ctx.error('abort before admission');
    await ctx.clause('AIK-TXN-005.c1', async () => {
      ctx.rejectsWith(await system.create({ sessionId: 'a4', signal: { name: 'pre-live', at: 'before', reason: early } }), early, 'create(a4) with an aborted signal while a4 is live');
      ctx.rejectsWith(await system.resume({ resumeSessionId: 'a4', signal: { name: 'pre-live-resume', at: 'before', reason: early } }), early, 'resume(a4) with an aborted signal while a4 is live');
      ctx.assert(system.getAgent('a4') !== undefined, 'a refused creation over the live a4 removed it');
    });
  }),

  check('AIK-TXN-006', 'non-error-values-reach-the-caller', async (ctx) => {
    const system = await ctx.open();
    await persisted(ctx, system, 'r6');
    const fromSetup = ctx.value('setup rejection');
    await ctx.clause('AIK-TXN-006.c1', async () => {
      ctx.rejectsWith(await system.create({ sessionId: 'n1', setup: { name: 's', action: 'reject', value: fromSetup } }), fromSetup, 'create(n1) whose setup rejects a non-Error');
      ctx.rejectsWith(await system.resume({ resumeSessionId: 'r6', setup: { name: 's2', action: 'reject', value: fromSetup } }), fromSetup, 'resume(r6) whose setup rejects a non-Error');
    });
    const thrown = 'a thrown string';
    system.listen({ name: 'throw-string', event: 'agent/created', action: 'throw', value: thrown });
    await ctx.clause('AIK-TXN-006.c1', async () => ctx.rejectsWith(await system.create({ sessionId: 'n2' }), thrown, 'create(n2) whose agent/created listener throws a string'));
    system.unlisten('throw-string');
    for (const id of ['n1', 'n2']) {
      await ctx.clause('AIK-TXN-006.c1', () => ctx.equal(system.getSession(id), undefined, `getSession(${id}) after rollback`));
      // An id the rollback left live is judged just above, not again by a conflicting create.
      if (system.getSession(id) === undefined) ctx.ok(await system.create({ sessionId: id }), `create(${id}) again after its rollback`);
    }
  }),

  check('AIK-TXN-007', 'abort-during-publication', async (ctx) => {
    const system = await ctx.open();
    const reason = ctx.error('abort from a listener');
    system.listen({ name: 'aborter', event: 'session/created', action: 'abort', value: 'pub-signal' });
    system.listen({ name: 'later', event: 'session/created', action: 'record' });
    const outcome = await system.create({ sessionId: 'p1', signal: { name: 'pub-signal', at: 'listener', reason } });
    await ctx.clause('AIK-TXN-007.c3', () => ctx.rejectsWith(outcome, reason, 'create(p1) aborted while session/created dispatched'));
    const later = heardBy(system, 'later').find((event) => event.id === 'p1');
    await ctx.clause('AIK-TXN-007.c1', () => ctx.assert(later?.snapshot?.sessions.some((entry) => entry.id === 'p1') === true, 'a later listener of the same dispatch did not see the session live'));
    await ctx.clause('AIK-TXN-007.c2', () => {
      ctx.equal(typesOf(system, 'p1'), ['session/created', 'session/disposed'], 'events of p1 (later announcements suppressed)');
      ctx.equal(system.getSession('p1'), undefined, 'getSession(p1) after the rollback');
    });
  }),

  check('AIK-TXN-007', 'unload-and-shutdown-during-publication', async (ctx) => {
    const system = await ctx.open();
    const owner = system.owner('team');
    system.listen({ name: 'unloader', event: 'agent/created', action: 'unload', value: owner });
    const unloaded = await system.create({ sessionId: 'u1', owner });
    await ctx.clause('AIK-TXN-007.c5', () => ctx.rejects(system, unloaded, 'inactive', 'create', 'create(u1) whose owner unloads during agent/created'));
    await ctx.clause('AIK-TXN-007.c2', () => ctx.equal(typesOf(system, 'u1'), ['session/created', 'agent/created', 'agent/disposed', 'session/disposed'], 'events of u1'));
    system.unlisten('unloader');
    system.listen({ name: 'stopper', event: 'session/created', action: 'shutdown' });
    const shut = await system.create({ sessionId: 'u2' });
    await ctx.clause('AIK-TXN-007.c5', () => ctx.rejects(system, shut, 'inactive', 'create', 'create(u2) during whose session/created the system shuts down'));
    await ctx.clause('AIK-TXN-007.c2', () => ctx.equal(typesOf(system, 'u2'), ['session/created', 'session/disposed'], 'events of u2'));
  }),

  check('AIK-TXN-007', 'veto-and-first-request-win', async (ctx) => {
    const system = await ctx.open();
    const veto = ctx.error('veto after an abort');
    system.listen({ name: 'abort-first', event: 'session/created', action: 'abort', value: 'w1-signal' });
    system.listen({ name: 'then-veto', event: 'session/created', action: 'throw', value: veto });
    const vetoed = await system.create({ sessionId: 'w1', signal: { name: 'w1-signal', at: 'listener', reason: ctx.error('abort before the veto') } });
    await ctx.clause('AIK-TXN-007.c6', () => ctx.rejectsWith(vetoed, veto, 'create(w1) aborted, then vetoed, in one dispatch'));
    system.unlisten('abort-first');
    system.unlisten('then-veto');
    const owner = system.owner('w2-owner');
    const reason = ctx.error('abort before the unload');
    system.listen({ name: 'abort-then', event: 'agent/created', action: 'abort', value: 'w2-signal' });
    system.listen({ name: 'unload-second', event: 'agent/created', action: 'unload', value: owner });
    const first = await system.create({ sessionId: 'w2', owner, signal: { name: 'w2-signal', at: 'listener', reason } });
    await ctx.clause('AIK-TXN-007.c7', () => ctx.rejectsWith(first, reason, 'create(w2) aborted, then its owner unloaded, in one dispatch'));
    system.unlisten('abort-then');
    system.unlisten('unload-second');
    const plain = ctx.value('non-Error reason in a dispatch');
    system.listen({ name: 'abort-plain', event: 'agent/created', action: 'abort', value: 'w3-signal' });
    const wrapped = await system.create({ sessionId: 'w3', signal: { name: 'w3-signal', at: 'listener', reason: plain } });
    await ctx.clause('AIK-TXN-007.c3', () => {
      ctx.rejects(system, wrapped, 'aborted', 'create', 'create(w3) aborted with a non-Error reason during agent/created');
      if (!wrapped.ok) ctx.assert((wrapped.error as { cause?: unknown } | null)?.cause === plain, 'the aborted error of w3 does not carry the non-Error reason as its cause');
    });
    await ctx.clause('AIK-TXN-007.c6', () => {
      for (const id of ['w1', 'w2', 'w3']) ctx.equal(system.getSession(id), undefined, `getSession(${id}) after its rollback`);
    });
  }),

  check(
    'AIK-TXN-007',
    'context-dispose-during-publication',
    async (ctx) => {
      const system = await ctx.open();
      system.listen({ name: 'self-dispose', event: 'agent/created', action: 'dispose-context' });
      const outcome = await system.create({ sessionId: 'd1' });
      await ctx.clause('AIK-TXN-007.c4', () => {
        ctx.rejects(system, outcome, 'aborted', 'create', 'create(d1) whose context is disposed during agent/created');
        ctx.equal(typesOf(system, 'd1'), ['session/created', 'agent/created', 'agent/disposed', 'session/disposed'], 'events of d1');
      });
    },
    { needs: ['contextDispose'] },
  ),
];
