import type { Hearer, Topic } from './dispatch.js';

/** A message to the JSON-RPC client. */
export interface RpcMessage {
  readonly method: 'subagent.finished';
  readonly params: { readonly parentSessionId: string; readonly childSessionId: string };
}

/**
 * The JSON-RPC forwarder (CONTRACT.md §3 "JSON-RPC forwarding"): `subagent.finished` on every
 * `subagent/end` whose run is local, the parent read from the event's subject; it keeps nothing.
 */
export function forwardRuns(subscribe: (topic: Topic, hearer: Hearer) => () => void, send: (message: RpcMessage) => void): () => void {
  return subscribe('subagent/end', (payload) => {
    const { parent, id, local } = payload as { readonly parent: { readonly id: string }; readonly id: string; readonly local: boolean };
    if (local) send({ method: 'subagent.finished', params: { parentSessionId: parent.id, childSessionId: id } });
  });
}
