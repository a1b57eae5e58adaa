import type { ForwardedMessage } from '../../src/contract/adapter.js';
import { RECORDER } from '../../src/contract/adapter.js';
import { mutant } from './_support/mutant.js';

/** The JSON-RPC forwarder sends subagent.finished for every run, remote ones included. */
export default mutant({
  name: 'forwarder-forwards-non-local',
  defect: 'the forwarder sends subagent.finished on every subagent/end, without testing the run’s local flag',
  requirements: ['AIK-RPC-002'],
  clauses: ['AIK-RPC-002.c1'],
  inject: (inner) => ({
    forwarded: (): readonly ForwardedMessage[] =>
      inner
        .events()
        .filter((event) => event.listener === RECORDER && event.type === 'subagent/end' && event.run !== undefined)
        .map((event) => ({ method: 'subagent.finished', params: { parentSessionId: event.id, childSessionId: event.run!.id } })),
  }),
});
