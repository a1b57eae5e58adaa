import type { RemoteCommand } from '../../src/contract/adapter.js';
import { mutant } from './_support/mutant.js';

/**
 * The session id the ACP child answers `session/new` with: the fake child's `--wire-id` plan
 * flag, or its documented default (src/runtime/acp-child-server.mjs).
 */
function wireIdOf(remote: RemoteCommand | undefined): string {
  const at = remote?.args.indexOf('--wire-id') ?? -1;
  return (at >= 0 ? remote?.args[at + 1] : undefined) ?? 'wire-session-1';
}

/** The remote run adopts the child's wire-local session id as its lifecycle id. */
export default mutant({
  name: 'remote-run-id-is-wire-id',
  defect: "a remote run's id is replaced by the session id the ACP child answered session/new with",
  requirements: ['AIK-REMOTE-001'],
  clauses: ['AIK-REMOTE-001.c2'],
  inject(inner, env) {
    // runId → the wire id the run took as its id
    const adopted = new Map<string, string>();
    return {
      async spawnRemote(parent, input) {
        const run = await inner.spawnRemote(parent, input);
        if (!run.ok) return run;
        const wireId = wireIdOf(env.remote);
        adopted.set(run.runId, wireId);
        return { ...run, id: wireId };
      },
      events: () =>
        inner.events().map((event) => {
          const wireId = event.run === undefined ? undefined : adopted.get(event.run.runId);
          return wireId === undefined || event.run === undefined ? event : { ...event, run: { ...event.run, id: wireId } };
        }),
    };
  },
});
