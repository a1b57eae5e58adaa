import { check, type Check } from '../runner/check.js';
import { oneIdentityViolation } from './_internals/one-identity.js';
import { persisted } from './_internals/persisted.js';

/** Directed checks of the Identity area. */
export const identityChecks: readonly Check[] = [
  check('AIK-ID-001', 'one-key-everywhere', async (ctx) => {
    const system = await ctx.open();
    const parent = ctx.ok(await system.create({ sessionId: 'one', meta: { cwd: '/work' } }), 'create(one)');
    await system.prompt(parent.handle);
    if (ctx.capabilities.subagents) await system.spawn(parent.handle, { mode: 'spawn' });
    await ctx.clause('AIK-ID-001.c1', () => {
      ctx.assert(system.agents().length >= 1, 'no live agent after create(one)');
      ctx.assert(oneIdentityViolation(system) === undefined, oneIdentityViolation(system) ?? '');
    });
  }),

  check('AIK-ID-002', 'stored-header-with-another-id-refused', async (ctx) => {
    const store = ctx.store;
    const system = await ctx.open();
    await persisted(ctx, system, 'other');
    const record = await store.peek('other');
    ctx.assert(record !== undefined, 'nothing persisted for "other" after prompt, flush and dispose');
    // Every load of "alias" returns the record whose header says "other".
    store.inject({ op: 'load', id: 'alias', effect: 'return', value: record });
    const resumed = await system.resume({ resumeSessionId: 'alias' });
    await ctx.clause('AIK-ID-002.c2', () => {
      ctx.rejects(system, resumed, 'invalid', 'resume', 'resume of a record whose header id differs from its key');
      ctx.equal(system.getAgent('alias'), undefined, 'getAgent(alias) after the refused resume');
      ctx.equal(system.getSession('alias'), undefined, 'getSession(alias) after the refused resume');
      ctx.equal(system.getAgent('other'), undefined, 'getAgent(other) after the refused resume');
    });
  }),

  check('AIK-ID-003', 'ids-are-opaque', async (ctx) => {
    const system = await ctx.open();
    // Prefixes of each other, a look-alike of a config-minted id, non-ASCII and astral text.
    const ids = ['a', 'ab', 'a-session-minted-1', 'minted-1', 'ünï cødé 🦀', ' ', '/'];
    const handles = new Map<string, string>();
    for (const id of ids) {
      const made = ctx.ok(await system.create({ sessionId: id }), `create(${JSON.stringify(id)})`);
      handles.set(id, made.handle);
    }
    await ctx.clause('AIK-ID-003.c1', () => {
      ctx.equal(ctx.sortedIds(system.agents().map((entry) => entry.id)), ctx.sortedIds(ids), 'live agent ids');
      ctx.assert(oneIdentityViolation(system) === undefined, oneIdentityViolation(system) ?? '');
    });
    const first = ctx.present(handles.get('a'), 'no handle for "a"');
    ctx.ok(await system.dispose(first), 'dispose(a)');
    await ctx.clause('AIK-ID-003.c1', () => {
      ctx.equal(system.getAgent('a'), undefined, 'getAgent(a) after its dispose');
      ctx.equal(ctx.sortedIds(system.agents().map((entry) => entry.id)), ctx.sortedIds(ids.filter((id) => id !== 'a')), 'agents left after dispose(a)');
    });
    await ctx.clause('AIK-ID-003.c1', () => {
      for (const id of ['a-', 'minted-2', 'ünï']) ctx.equal(system.getAgent(id), undefined, `getAgent(${JSON.stringify(id)})`);
    });
  }),
];
