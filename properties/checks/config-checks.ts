import type { ConfigInput } from '../../src/contract/adapter.js';
import { check, type Check } from '../runner/check.js';
import { recorded, registries, writesOf } from './_internals/observe.js';

/** Directed checks of the config-driven start (docs/contract.md §3, AIK-CONFIG-*). */
export const configChecks: readonly Check[] = [
  check('AIK-CONFIG-001', 'label-is-never-a-key', async (ctx) => {
    const config: ConfigInput = { agents: [{ id: 'main' }, { id: 'main' }] };
    const first = await ctx.open(config);
    const outcome = first.configResults();
    await ctx.clause('AIK-CONFIG-001.c3', () => ctx.assert(outcome.ok, 'the configuration was refused'));
    const entries = outcome.ok ? outcome.entries : [];
    await ctx.clause('AIK-CONFIG-001.c3', () => ctx.equal(entries.map((entry) => [entry.label, entry.ok]), [['main', true], ['main', true]], 'entry outcomes (labels may repeat)'));
    const ids = entries.flatMap((entry) => (entry.ok ? [entry.id] : []));
    await ctx.clause('AIK-CONFIG-001.c1', () => {
      ctx.assert(!ids.includes('main'), `a fresh start published the label itself as an id: ${ids.join(', ')}`);
      ctx.assert(new Set(ids).size === ids.length, `two entries got the same fresh id: ${ids.join(', ')}`);
      ctx.equal(first.getAgent('main'), undefined, 'getAgent(label)');
      ctx.equal(first.getSession('main'), undefined, 'getSession(label)');
    });
    await ctx.clause('AIK-CONFIG-001.c2', () => ctx.equal(ctx.sortedIds(first.agents().map((entry) => entry.id)), ctx.sortedIds(ids), 'live agents are exactly the published ids'));
    // Configured agents without handles (`configHandles` absent) cannot be prompted: their ids are checked as they are.
    for (const entry of entries) if (entry.ok && entry.handle !== undefined) await first.prompt(entry.handle);
    ctx.ok(await first.restart(config), 'restart with the same configuration');
    const again = first.configResults();
    const next = again.ok ? again.entries.flatMap((entry) => (entry.ok ? [entry.id] : [])) : [];
    await ctx.clause('AIK-CONFIG-001.c2', () => ctx.equal(next.length, 2, 'entries published after restart'));
    await ctx.clause('AIK-CONFIG-001.c2', () => {
      for (const id of next) ctx.assert(!ids.includes(id) && id !== 'main', `restart reused the id ${id} instead of a new fresh one`);
    });
    await ctx.clause('AIK-CONFIG-001.c1', async () => ctx.equal(await ctx.store.peek('main'), undefined, 'the store holds nothing under the label'));
  }),

  check('AIK-CONFIG-002', 'whole-config-validated-up-front', async (ctx) => {
    // Each configuration's valid entry has an id of its own, so its store calls are told apart from every other sub-case's (a system of an earlier one may still be writing).
    const valid = (n: number) => ({ id: 'ok-entry', sessionId: `would-start-${n}` });
    const broken: readonly [string, ConfigInput][] = [
      ['an empty label', { agents: [valid(1), { id: '' }] }],
      ['a relative cwd', { agents: [valid(2), { id: 'x', cwd: 'relative' }] }],
      ['both exact ids', { agents: [valid(3), { id: 'x', sessionId: 'a', resumeSessionId: 'b' }] }],
      ['an empty exact id', { agents: [valid(4), { id: 'x', sessionId: '' }] }],
      ['an exact id used twice', { agents: [valid(5), { id: 'x', resumeSessionId: 'would-start-5' }] }],
    ];
    for (const [what, config] of broken) {
      const starts = config.agents[0]?.sessionId;
      const system = await ctx.open(config);
      const outcome = system.configResults();
      await ctx.clause('AIK-CONFIG-002.c2', () => {
        ctx.assert(!outcome.ok, `a configuration with ${what} was accepted`);
        if (!outcome.ok) ctx.rejects(system, outcome, 'invalid', 'config', `configuration with ${what}`);
        ctx.equal(registries(system), { agents: [], sessions: [] }, `registries after refusing a configuration with ${what}`);
        ctx.equal(ctx.store.calls.filter((call) => call.id === starts), [], `store calls for the valid entry of a configuration with ${what}`);
        ctx.equal(recorded(system).map((event) => `${event.type} ${event.id}`), [], `events announced by a configuration refused for ${what}`);
      });
    }
    // The validation is exactly §3's: a configuration that passes every rule is not refused.
    const accepted: readonly [string, ConfigInput][] = [
      ['a repeated label', { agents: [{ id: 'twin' }, { id: 'twin' }] }],
      ["a label equal to another entry's exact id", { agents: [{ id: 'named', sessionId: 'taken-name' }, { id: 'taken-name' }] }],
    ];
    for (const [what, config] of accepted) {
      const system = await ctx.open(config);
      await ctx.clause('AIK-CONFIG-002.c1', () => ctx.assert(system.configResults().ok, `a valid configuration with ${what} was refused`));
    }
  }),

  check('AIK-CONFIG-003', 'exact-id-resumes-or-creates', async (ctx) => {
    const config: ConfigInput = { agents: [{ id: 'main', sessionId: 'pinned', cwd: '/srv' }] };
    // The second start names another cwd: on resume, storage wins.
    const moved: ConfigInput = { agents: [{ id: 'main', sessionId: 'pinned', cwd: '/moved' }] };
    const system = await ctx.open(config);
    const first = system.configResults();
    const entry = first.ok ? first.entries[0] : undefined;
    await ctx.clause('AIK-CONFIG-003.c1', () => ctx.assert(entry?.ok === true && entry.id === 'pinned', `first start: expected pinned to be created, got ${JSON.stringify(first)}`));
    if (entry?.ok !== true) return;
    if (entry.handle === undefined) {
      // Without a handle the kit cannot give pinned a history: the second start resumes or creates it, under the same id.
      ctx.ok(await system.restart(moved), 'restart');
      const second = system.configResults();
      const again = second.ok ? second.entries[0] : undefined;
      await ctx.clause('AIK-CONFIG-003.c1', () => ctx.assert(again?.ok === true && again.id === 'pinned', `second start: expected pinned to be resumed or created, got ${JSON.stringify(second)}`));
      return;
    }
    ctx.ok(await system.prompt(entry.handle), 'prompt(pinned)');
    ctx.ok(await system.flush(entry.handle), 'flush(pinned)');
    const session = ctx.present(system.session('pinned'), 'no live session pinned');
    const history = system.history(session.token);
    ctx.ok(await system.restart(moved), 'restart with the entry naming another cwd');
    const second = system.configResults();
    const again = second.ok ? second.entries[0] : undefined;
    await ctx.clause('AIK-CONFIG-003.c1', async () => {
      ctx.assert(again?.ok === true && again.id === 'pinned', `second start: expected pinned to be resumed, got ${JSON.stringify(second)}`);
      const back = ctx.present(system.session('pinned'), 'no live session pinned after restart');
      ctx.equal(system.history(back.token).slice(0, history.length), history, 'history of pinned after the second start (as a prefix)');
      await ctx.clause('AIK-CONFIG-003.c3', () => ctx.equal(back.header, session.header, 'header of pinned after the second start (cwd /srv stored, /moved configured)'));
    });
  }),

  check('AIK-CONFIG-003', 'store-failure-is-the-entry-failure', async (ctx) => {
    const fault = ctx.error('load of pinned failed');
    // Every load of pinned fails (not with not-found): the entry fails with it, nothing is created.
    ctx.store.inject({ op: 'load', id: 'pinned', effect: 'fail', value: fault });
    const system = await ctx.open({ agents: [{ id: 'main', sessionId: 'pinned' }, { id: 'other' }] });
    const outcome = system.configResults();
    const entries = outcome.ok ? outcome.entries : [];
    await ctx.clause('AIK-CONFIG-003.c2', () => {
      ctx.assert(outcome.ok, 'the configuration was refused as a whole');
      const [pinned] = entries;
      ctx.assert(pinned !== undefined && !pinned.ok, `the entry of pinned, whose load fails, did not fail: ${JSON.stringify(pinned)}`);
      if (pinned !== undefined && !pinned.ok) ctx.rejectsWith(pinned, fault, 'the entry of pinned whose load fails');
      ctx.equal(system.getAgent('pinned'), undefined, 'getAgent(pinned) after its load failed');
      ctx.equal(writesOf(ctx.store.calls, 'pinned'), 0, 'store writes for pinned after its load failed');
    });
    await ctx.clause('AIK-CONFIG-003.c2', () => ctx.equal(entries.map((entry) => entry.ok), [false, true], 'entry outcomes (the other entry is unaffected)'));
  }),

  check('AIK-CONFIG-004', 'entry-failures-contained-in-order', async (ctx) => {
    const config: ConfigInput = {
      agents: [{ id: 'first' }, { id: 'missing', resumeSessionId: 'never-persisted' }, { id: 'pinned', sessionId: 'fine' }, { id: 'last' }],
    };
    const system = await ctx.open(config);
    const outcome = system.configResults();
    const entries = outcome.ok ? outcome.entries : [];
    await ctx.clause('AIK-CONFIG-004.c1', () => {
      ctx.assert(outcome.ok, 'the configuration was refused as a whole');
      ctx.equal(entries.map((entry) => [entry.label, entry.ok]), [['first', true], ['missing', false], ['pinned', true], ['last', true]], 'entry outcomes in entry order');
    });
    const failed = entries[1];
    await ctx.clause('AIK-CONFIG-004.c3', () => {
      if (failed !== undefined && !failed.ok) ctx.rejects(system, failed, 'not-found', 'config', 'resume entry of an id never persisted');
    });
    await ctx.clause('AIK-CONFIG-004.c2', () => {
      ctx.equal(system.getAgent('never-persisted'), undefined, 'getAgent of the failed entry');
      ctx.equal(system.getSession('never-persisted'), undefined, 'getSession of the failed entry');
      ctx.equal(system.agents().length, 3, 'live agents (the three other entries)');
    });
  }),
];
