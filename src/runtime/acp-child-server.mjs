#!/usr/bin/env node
/**
 * The simulated ACP child server: what a remote (ACP) subagent run spawns (its behaviour is
 * `acp-child-peer.mjs`, also served in process by `RemoteLauncher.inProcess`). Plain JavaScript, run
 * with `process.execPath` and no loader. It speaks JSON-RPC 2.0 over stdio, one JSON object per
 * line, and serves one session:
 *
 * - `initialize` → `{ protocolVersion: 1, agentCapabilities: {}, authMethods: [] }`
 * - `session/new` → `{ sessionId: <wire-local id> }` (the wire id is private to the protocol)
 * - `session/prompt` → a `session/update` notification (an agent message chunk) at once, then
 *   `{ stopReason: 'end_turn' }` after `--prompt-delay`, or
 *   `{ stopReason: 'cancelled' }` at once when a `session/cancel` notification names the session
 * - any other method → JSON-RPC error -32601; a line that is not JSON → error -32700
 *
 * Its behaviour is a plan given on the command line (flags are stable: the conformance engine
 * builds them as `env.remote`):
 *
 *   --wire-id <id>        the session id `session/new` answers (default `wire-session-1`)
 *   --reply <mode>        how `session/new` answers: `ok` (default), `malformed` (a number as
 *                         the session id), `empty-id` (`''`), `no-id` (no session id),
 *                         `not-json` (a line that is not JSON), `not-object` (the JSON line
 *                         `null`), `error` (a JSON-RPC error)
 *   --silent <method>     never answer `method` (`initialize`, `session/new`, `session/prompt`)
 *   --prompt-delay <ms>   wait this long before answering `session/prompt` (default 0)
 *   --initialize-delay <ms>  wait this long before answering `initialize` (default 0)
 *   --crash-after-new     exit with code 1 right after answering `session/new`
 *   --crash-on-prompt     exit with code 1 on receiving `session/prompt`, without answering
 *   --exit-delay <ms>     when stdin closes or SIGTERM arrives, wait this long before exiting
 *                         (default 0): proves that the parent waits for the exit
 *   --pid-file <path>     write this process's pid to `path` at start (lets a test prove the
 *                         process is gone)
 *
 * A bad flag is reported on standard error with exit code 2.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parsePlan, PlanError, serve } from './acp-child-peer.mjs';

let plan;
try {
  plan = parsePlan(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof PlanError)) throw error;
  process.stderr.write(`acp-child-server: ${error.message}\n`);
  process.exit(2);
}

const server = serve(plan, {
  write: (text) => process.stdout.write(text),
  // Exits once everything written so far reached the pipe.
  exit: (code) => process.stdout.write('', () => process.exit(code)),
});
process.on('SIGTERM', server.terminate);
if (plan.pidFile !== undefined) {
  // Written whole or not at all (a reader never sees an empty file), after SIGTERM is handled.
  writeFileSync(`${plan.pidFile}.tmp`, String(process.pid));
  renameSync(`${plan.pidFile}.tmp`, plan.pidFile);
}
const lines = createInterface({ input: process.stdin });
lines.on('line', server.receive);
lines.on('close', server.endInput);
