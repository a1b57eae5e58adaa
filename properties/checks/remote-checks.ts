import { existsSync, readFileSync } from 'node:fs';
import { check, type Check } from '../runner/check.js';
import type { CheckContext } from '../runner/check-context.js';
import { fakeAcpChild } from './_internals/fake-acp-child.js';
import { recorded, registries } from './_internals/observe.js';

const WIRE_ID = 'wire-local-7f3a';

/** Whether the process whose pid the fake ACP child wrote is still running. */
function childAlive(ctx: CheckContext): boolean {
  if (!existsSync(ctx.pidFile)) return false;
  const pid = Number(readFileSync(ctx.pidFile, 'utf8').trim());
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * AIK-REMOTE-002 for one bad `session/new` reply of the fake ACP child (`--reply <reply>`): a
 * reply without a non-empty string session id is refused (`invalid`) after the child exited,
 * and nothing is published.
 */
function badReplyCheck(name: string, reply: 'no-id' | 'malformed' | 'empty-id', what: string): Check {
  return check(
    'AIK-REMOTE-002',
    name,
    async (ctx) => {
      const system = await ctx.open();
      const parent = ctx.ok(await system.create({ sessionId: 'caller' }), 'create(caller)');
      const before = registries(system);
      const outcome = await system.spawnRemote(parent.handle);
      await ctx.clause('AIK-REMOTE-002.c3', () => ctx.rejects(system, outcome, 'invalid', 'spawnRemote', `spawnRemote whose child answers session/new ${what}`));
      await ctx.clause('AIK-REMOTE-002.c1', () => {
        ctx.assert(existsSync(ctx.pidFile), 'the ACP child never started');
        ctx.assert(!childAlive(ctx), 'spawnRemote rejected while its child process was still running');
      });
      await ctx.clause('AIK-REMOTE-002.c2', () => {
        ctx.equal(registries(system), before, 'registries after the failed remote start');
        ctx.equal(recorded(system).filter((event) => event.type.startsWith('subagent/')), [], 'subagent events of the failed remote start');
      });
    },
    { remote: fakeAcpChild('--reply', reply, '--exit-delay', '150') },
  );
}

/** Directed checks of remote runs and the ACP bridge (AIK-REMOTE-*). */
export const remoteChecks: readonly Check[] = [
  check(
    'AIK-REMOTE-001',
    'run-id-parent-minted-wire-id-private',
    async (ctx) => {
      const system = await ctx.open();
      const parent = ctx.ok(await system.create({ sessionId: 'caller' }), 'create(caller)');
      const before = registries(system);
      const minted = ctx.kit.minted.length;
      const run = ctx.ok(await system.spawnRemote(parent.handle), 'spawnRemote(caller)');
      await ctx.clause('AIK-REMOTE-001.c2', () => ctx.assert(run.id !== WIRE_ID && run.runId !== WIRE_ID, `the run took the wire-local session id ${WIRE_ID} as its id or runId`));
      if (ctx.capabilities.idSource) await ctx.clause('AIK-REMOTE-001.c1', () => ctx.equal(run.id, ctx.kit.minted.slice(minted).find((id) => id !== run.runId), "the run id (the id source's next output, minted by the parent)"));
      await ctx.clause('AIK-REMOTE-001.c3', () => {
        ctx.equal(registries(system), before, 'registries after the remote run started (nothing of it enters them)');
        for (const id of [run.id, WIRE_ID]) {
          ctx.equal(system.getAgent(id), undefined, `getAgent(${id})`);
          ctx.equal(system.getSession(id), undefined, `getSession(${id})`);
        }
      });
      ctx.ok(await system.prompt(run.handle), 'prompt the remote run');
      ctx.ok(await system.dispose(run.handle), 'dispose the remote run');
      const runEvents = recorded(system).filter((event) => event.run?.runId === run.runId);
      await ctx.clause('AIK-REMOTE-001.c4', () => {
        ctx.equal(runEvents.map((event) => [event.type, event.run?.provider, event.run?.id, event.run?.local]), [['subagent/start', 'acp', run.id, false], ['subagent/end', 'acp', run.id, false]], 'the run events');
        ctx.assert(!childAlive(ctx), 'the ACP child still runs after the run was disposed');
      });
      await ctx.clause('AIK-REMOTE-001.c2', () => ctx.assert(!JSON.stringify(system.events()).includes(WIRE_ID), `the wire-local session id ${WIRE_ID} appears in an event`));
    },
    { remote: fakeAcpChild('--wire-id', WIRE_ID) },
  ),

  badReplyCheck('bad-reply-rejects-after-exit', 'no-id', 'without a session id'),
  badReplyCheck('numeric-id-reply-rejects-after-exit', 'malformed', 'with a numeric session id (42)'),
  badReplyCheck('empty-id-reply-rejects-after-exit', 'empty-id', 'with an empty session id'),

  check(
    'AIK-REMOTE-002',
    'abort-rejects-after-exit',
    async (ctx) => {
      const system = await ctx.open();
      const parent = ctx.ok(await system.create({ sessionId: 'caller' }), 'create(caller)');
      const reason = ctx.error('abort the remote start');
      const started = system.spawnRemote(parent.handle, { signal: { name: 'stop-remote', at: { pause: 'abort-remote' }, reason } });
      for (let turn = 0; turn < 200 && !existsSync(ctx.pidFile); turn += 1) await new Promise((resolve) => setTimeout(resolve, 5));
      ctx.kit.pauses.release('abort-remote');
      const outcome = await started;
      await ctx.clause('AIK-REMOTE-002.c1', () => {
        ctx.rejectsWith(outcome, reason, 'spawnRemote aborted while its child never answers');
        ctx.assert(!childAlive(ctx), 'the aborted spawnRemote rejected while its child process was still running');
        ctx.equal(recorded(system).filter((event) => event.type.startsWith('subagent/')), [], 'subagent events of the aborted remote start');
      });
    },
    { remote: fakeAcpChild('--silent', 'session/new', '--exit-delay', '150') },
  ),

  check(
    'AIK-REMOTE-002',
    'spawn-failure-publishes-nothing',
    async (ctx) => {
      const system = await ctx.open();
      const parent = ctx.ok(await system.create({ sessionId: 'caller' }), 'create(caller)');
      const before = registries(system);
      const outcome = await system.spawnRemote(parent.handle);
      await ctx.clause('AIK-REMOTE-002.c1', () => ctx.assert(!outcome.ok, 'spawnRemote with a command that cannot start succeeded'));
      await ctx.clause('AIK-REMOTE-002.c2', () => {
        ctx.equal(registries(system), before, 'registries after the failed spawn');
        ctx.equal(recorded(system).filter((event) => event.type.startsWith('subagent/')), [], 'subagent events of the failed spawn');
      });
    },
    { remote: () => ({ command: '/nonexistent/agent-identity-kit-acp-child', args: [] }) },
  ),

  check('AIK-REMOTE-003', 'bridge-serves-the-winner-not-a-same-id-loser', async (ctx) => {
    const system = await ctx.open();
    // Both creations pass the live check; the first enters, the second is built under the same id and loses.
    const first = system.create({ sessionId: 'duel', setup: { name: 'winner', pause: 'first', action: 'resolve' } });
    const second = system.create({ sessionId: 'duel', setup: { name: 'loser', pause: 'second', action: 'resolve' } });
    await ctx.paused('first');
    await ctx.paused('second');
    ctx.kit.pauses.release('first');
    const won = ctx.ok(await first, 'the first create(duel)');
    ctx.ok(await system.bridgeOpen(won.handle), 'bridgeOpen(duel)');
    ctx.kit.pauses.release('second');
    await ctx.clause('AIK-REMOTE-003.c1', async () => ctx.rejects(system, await second, 'conflict', 'create', 'the second create(duel)'));
    const winner = ctx.present(system.getAgent('duel'), 'duel is not live');
    await ctx.clause('AIK-REMOTE-003.c1', () => ctx.equal(system.raw.bridgeServes?.(winner), true, 'bridge serves the winner of duel after a same-id creation lost'));
    ctx.ok(await system.dispose(won.handle), 'dispose(duel)');
  }, { needs: ['bridge'] }),

  check('AIK-REMOTE-003', 'bridge-serves-the-exact-object', async (ctx) => {
    const system = await ctx.open();
    const first = ctx.ok(await system.create({ sessionId: 'served' }), 'create(served)');
    const other = ctx.ok(await system.create({ sessionId: 'other' }), 'create(other)');
    ctx.ok(await ctx.present(system.raw.bridgeOpen, 'the adapter declares bridge but offers no bridgeOpen').call(system.raw, first.handle), 'bridgeOpen(served)');
    const serves = (id: string) => {
      const token = system.getAgent(id);
      return token !== undefined && system.raw.bridgeServes?.(token) === true;
    };
    await ctx.clause('AIK-REMOTE-003.c1', () => ctx.equal([serves('served'), serves('other')], [true, false], 'bridge serves [served, other]'));
    const old = ctx.present(system.getAgent('served'), 'served is not live');
    ctx.ok(await system.dispose(first.handle), 'dispose(served)');
    const again = await system.create({ sessionId: 'served' });
    ctx.ok(again.ok ? again : await system.resume({ resumeSessionId: 'served' }), 'a new agent under served');
    await ctx.clause('AIK-REMOTE-003.c1', () => ctx.assert(system.getAgent('served') !== old, 'the new agent under served is the old object'));
    await ctx.clause('AIK-REMOTE-003.c1', () => {
      ctx.equal(serves('served'), false, 'bridge serves the same-id foreign agent');
      ctx.equal(system.raw.bridgeServes?.(old), false, 'bridge still serves the disposed agent');
    });
    ctx.ok(await system.dispose(other.handle), 'dispose(other)');
  }, { needs: ['bridge'] }),
];
