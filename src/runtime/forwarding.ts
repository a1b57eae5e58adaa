import type { ForwardedMessage } from '../contract/adapter.js';
import { RuntimeError } from './errors.js';
import type { Runtime } from './runtime.js';

/**
 * The JSON-RPC forwarder (docs/contract.md §3 "JSON-RPC forwarding"): on every `subagent/end` of a run
 * whose `local` is true it sends `subagent.finished { parentSessionId, childSessionId }`. The
 * parent is the event's subject and the child is the run's own id, read from the event itself:
 * no cache of child identities or lineage, so a child already disposed is still reported, and a
 * remote run is never reported, also when its id equals a local child's id (AIK-RPC-002).
 * Returns the removal of its listener.
 */
export function forwardSubagentRuns(runtime: Pick<Runtime, 'on'>, send: (message: ForwardedMessage) => void): () => void {
  if (typeof send !== 'function') throw new RuntimeError('invalid', 'forwardSubagentRuns: send must be a function');
  return runtime.on('subagent/end', (run) => {
    if (run.local !== true) return;
    send({ method: 'subagent.finished', params: { parentSessionId: run.parent.session.id, childSessionId: run.id } });
  });
}
