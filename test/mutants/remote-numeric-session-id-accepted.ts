import type { AdapterFactory, RemoteCommand } from '../../src/contract/adapter.js';
import referenceAdapter from '../../properties/reference-adapter.js';
import type { Mutant } from './_support/mutant.js';

/**
 * The child's `session/new` reply is taken when it has any session id at all (`!== undefined`),
 * so a numeric id (the fake ACP child's `--reply malformed`, `sessionId: 42`) starts the run. The
 * reference validates the reply itself: the mutant lets its child answer as if the number were
 * accepted (a valid id), which is what such a runtime goes on with.
 */
function acceptingNumericIds(remote: RemoteCommand | undefined): RemoteCommand | undefined {
  if (remote === undefined) return undefined;
  return { ...remote, args: remote.args.map((arg, index) => (arg === 'malformed' && remote.args[index - 1] === '--reply' ? 'ok' : arg)) };
}

const adapter: AdapterFactory = (env, options) => referenceAdapter({ ...env, remote: acceptingNumericIds(env.remote) }, options);

const remoteNumericSessionIdAccepted: Mutant = {
  name: 'remote-numeric-session-id-accepted',
  defect: "a remote child's session/new reply is accepted whenever it carries a session id, also a number",
  requirements: ['AIK-REMOTE-002'],
  clauses: ['AIK-REMOTE-002.c1', 'AIK-REMOTE-002.c3'],
  adapter,
};

export default remoteNumericSessionIdAccepted;
