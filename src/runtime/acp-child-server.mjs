#!/usr/bin/env node
/**
 * The simulated ACP child server: what a remote (ACP) subagent run spawns. Plain JavaScript, run
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

const REPLIES = ['ok', 'malformed', 'empty-id', 'no-id', 'not-json', 'not-object', 'error'];
const METHODS = ['initialize', 'session/new', 'session/prompt'];

function usage(message) {
  process.stderr.write(`acp-child-server: ${message}\n`);
  process.exit(2);
}

function parsePlan(argv) {
  const plan = { wireId: 'wire-session-1', reply: 'ok', silent: new Set(), promptDelay: 0, initializeDelay: 0, crashAfterNew: false, crashOnPrompt: false, exitDelay: 0, pidFile: undefined };
  const value = (index, flag) => {
    const next = argv[index + 1];
    if (next === undefined) usage(`${flag} needs a value`);
    return next;
  };
  const millis = (index, flag) => {
    const text = value(index, flag);
    const ms = Number(text);
    if (!Number.isSafeInteger(ms) || ms < 0) usage(`${flag} must be a non-negative integer of milliseconds, got ${JSON.stringify(text)}`);
    return ms;
  };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    switch (flag) {
      case '--wire-id':
        plan.wireId = value(index, flag);
        index += 1;
        break;
      case '--reply':
        plan.reply = value(index, flag);
        if (!REPLIES.includes(plan.reply)) usage(`--reply must be one of ${REPLIES.join(', ')}, got ${JSON.stringify(plan.reply)}`);
        index += 1;
        break;
      case '--silent': {
        const method = value(index, flag);
        if (!METHODS.includes(method)) usage(`--silent must name one of ${METHODS.join(', ')}, got ${JSON.stringify(method)}`);
        plan.silent.add(method);
        index += 1;
        break;
      }
      case '--prompt-delay':
        plan.promptDelay = millis(index, flag);
        index += 1;
        break;
      case '--initialize-delay':
        plan.initializeDelay = millis(index, flag);
        index += 1;
        break;
      case '--crash-after-new':
        plan.crashAfterNew = true;
        break;
      case '--crash-on-prompt':
        plan.crashOnPrompt = true;
        break;
      case '--exit-delay':
        plan.exitDelay = millis(index, flag);
        index += 1;
        break;
      case '--pid-file':
        plan.pidFile = value(index, flag);
        index += 1;
        break;
      default:
        usage(`unknown flag ${JSON.stringify(flag)}`);
    }
  }
  return plan;
}

const plan = parsePlan(process.argv.slice(2));

function send(message) {
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
}

/** Exits with `code` once everything written so far reached the pipe. */
function exitAfterFlush(code) {
  process.stdout.write('', () => process.exit(code));
}

let exiting = false;
function exitSoon() {
  if (exiting) return;
  exiting = true;
  setTimeout(() => process.exit(0), plan.exitDelay);
}
process.on('SIGTERM', exitSoon);
if (plan.pidFile !== undefined) {
  // Written whole or not at all (a reader never sees an empty file), after SIGTERM is handled.
  writeFileSync(`${plan.pidFile}.tmp`, String(process.pid));
  renameSync(`${plan.pidFile}.tmp`, plan.pidFile);
}

/** Prompts in flight: the request id of each, and how to answer it early on `session/cancel`. */
const prompts = new Map();

function answerNew(id) {
  switch (plan.reply) {
    case 'ok':
      return send({ id, result: { sessionId: plan.wireId } });
    case 'malformed':
      return send({ id, result: { sessionId: 42 } });
    case 'empty-id':
      return send({ id, result: { sessionId: '' } });
    case 'no-id':
      return send({ id, result: {} });
    case 'not-json':
      return process.stdout.write('this line is not JSON\n');
    case 'not-object':
      return process.stdout.write('null\n');
    case 'error':
      return send({ id, error: { code: -32603, message: 'session/new refused by plan' } });
  }
}

function handle(message) {
  const { id, method, params } = message;
  if (id === undefined) {
    // A notification: only session/cancel means something here.
    if (method === 'session/cancel' && params?.sessionId === plan.wireId) {
      for (const [requestId, cancel] of prompts) {
        prompts.delete(requestId);
        cancel();
      }
    }
    return;
  }
  if (plan.silent.has(method)) return;
  switch (method) {
    case 'initialize': {
      const answer = () => send({ id, result: { protocolVersion: 1, agentCapabilities: {}, authMethods: [] } });
      if (plan.initializeDelay === 0) return answer();
      return void setTimeout(answer, plan.initializeDelay);
    }
    case 'session/new':
      answerNew(id);
      if (plan.crashAfterNew) exitAfterFlush(1);
      return;
    case 'session/prompt': {
      if (plan.crashOnPrompt) return exitAfterFlush(1);
      if (params?.sessionId !== plan.wireId) return send({ id, error: { code: -32602, message: `unknown session ${JSON.stringify(params?.sessionId)}` } });
      send({ method: 'session/update', params: { sessionId: plan.wireId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'working' } } } });
      const timer = setTimeout(() => {
        prompts.delete(id);
        send({ id, result: { stopReason: 'end_turn' } });
      }, plan.promptDelay);
      prompts.set(id, () => {
        clearTimeout(timer);
        send({ id, result: { stopReason: 'cancelled' } });
      });
      return;
    }
    default:
      return send({ id, error: { code: -32601, message: `method not found: ${String(method)}` } });
  }
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim() === '') return;
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return send({ id: null, error: { code: -32700, message: 'parse error' } });
  }
  handle(message);
});
lines.on('close', exitSoon);
