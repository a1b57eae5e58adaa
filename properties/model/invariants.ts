import { RECORDER } from '../../src/contract/adapter.js';
import { eventPairingViolation, liveTokens } from '../checks/_internals/event-pairing.js';
import { writesOf } from '../checks/_internals/observe.js';
import { oneIdentityViolation } from '../checks/_internals/one-identity.js';
import type { GeneratedRun } from './generated-run.js';

/**
 * The invariants checked after every generated command, each tagged with the requirement it
 * decides (check ids `<requirement>/generated-<name>`).
 */
export function checkInvariants(run: GeneratedRun): void {
  const { real } = run;
  const identity = oneIdentityViolation(real);
  run.expect('AIK-ID-001/generated-one-identity', identity !== undefined, () => identity ?? '');
  const agents = real.agents();

  const recorded = real.events().filter((event) => event.listener === RECORDER);
  const live = liveTokens(real);
  for (const requirement of ['AIK-EVENT-001', 'AIK-EVENT-002'] as const) {
    const violation = eventPairingViolation(recorded, live, requirement);
    run.expect(`${requirement}/generated-pairing`, violation !== undefined, () => violation ?? '');
  }

  const announced = new Set<string>();
  for (const event of recorded) {
    if (event.type === 'session/created') announced.add(`session ${event.subject}`);
    if (event.type === 'agent/created') {
      run.expect('AIK-TXN-002/generated-order', event.session !== undefined && !announced.has(`session ${event.session}`), () => `agent/created of ${event.id} before the session/created of its session`);
      announced.add(`agent ${event.subject}`);
    }
    if (event.type === 'agent/session-start') {
      run.expect('AIK-TXN-002/generated-order', !announced.has(`agent ${event.subject}`), () => `agent/session-start of ${event.id} before its agent/created`);
    }
  }

  if (run.declared.capabilities.rpc) {
    // Run ids outlive restarts over the same store: every start this system reported names a run of its own.
    const starts = recorded.filter((event) => event.type === 'subagent/start').map((event) => event.run?.runId);
    const repeated = starts.find((runId, index) => starts.indexOf(runId) !== index);
    run.expect('AIK-RPC-001/generated-run-ids-unique', repeated !== undefined, () => `two subagent/start events carry the runId ${String(repeated)} (run ids are unique over the store's life, restarts included)`);
  }

  // A remote run ends with its parent's dispose (or the system's shutdown) exactly when the model's does, under its start's tuple;
  // an end still missing when the operation resolved is the teardown's (AIK-QUIESCE-001), any other difference the run's events' (AIK-RPC-001).
  if (run.declared.capabilities.rpc) {
    for (const remote of run.remotes) {
      const modelEnded = run.model.events().some((event) => event.listener === RECORDER && event.type === 'subagent/end' && event.run?.runId === remote.model.runId);
      const runEvents = recorded.filter((event) => event.run?.runId === remote.real.runId).map((event) => `${event.type} ${JSON.stringify([event.run?.runId, event.run?.provider, event.run?.id, event.run?.local])}`);
      const tuple = JSON.stringify([remote.real.runId, 'acp', remote.real.id, false]);
      const expected = [`subagent/start ${tuple}`, ...(modelEnded ? [`subagent/end ${tuple}`] : [])];
      // Started as it should be, but not ended, when the dispose, unload or shutdown that ends it (where the model ended it) resolved: its teardown was not complete.
      const settled = run.heardWhenSettled === undefined ? recorded : real.events().slice(0, run.heardWhenSettled).filter((event) => event.listener === RECORDER);
      const unfinished = modelEnded && runEvents[0] === expected[0] && !settled.some((event) => event.type === 'subagent/end' && event.run?.runId === remote.real.runId);
      run.expect('AIK-QUIESCE-001/generated-remote-teardown', unfinished, () => `remote run ${remote.real.id} of ${remote.parent}: the teardown that ends it resolved before its subagent/end (events ${JSON.stringify(runEvents)})`);
      run.expect('AIK-RPC-001/generated-remote-events', !unfinished && runEvents.join('\n') !== expected.join('\n'), () => `remote run ${remote.real.id} of ${remote.parent}: events ${JSON.stringify(runEvents)}, expected ${JSON.stringify(expected)}`);
    }
  }

  const calls = run.realKit.store?.calls ?? [];
  for (const [id, facts] of run.ids) {
    if (facts.published) continue;
    run.expect('AIK-DURABLE-003/generated-no-trace', writesOf(calls, id) > 0, () => `${id} was never published, yet the store saw ${writesOf(calls, id)} writes for it`);
  }

  // Both registries, each against the model's: an entry a rollback left (or one missing) differs here once every command settled.
  for (const [what, realEntries, modelEntries] of [
    ['agents', agents, run.model.agents()],
    ['sessions', real.sessions(), run.model.sessions()],
  ] as const) {
    if (run.declared.capabilities.idSource) {
      const realIds = realEntries.map((entry) => entry.id).sort();
      const modelIds = modelEntries.map((entry) => run.fresh.get(entry.id) ?? entry.id).sort();
      run.expect('AIK-TXN-003/generated-live-set', realIds.join('\u0000') !== modelIds.join('\u0000'), () => `live ${what} ${JSON.stringify(realIds)}, the model has ${JSON.stringify(modelIds)}`);
    } else {
      run.expect('AIK-TXN-003/generated-live-set', realEntries.length !== modelEntries.length, () => `${realEntries.length} live ${what}, the model has ${modelEntries.length}`);
    }
  }
}
