/**
 * The behaviour of the simulated ACP child server (what `acp-child-server.mjs` runs as a process,
 * and what a `RemoteLauncher` with `inProcess: true` runs inside the runtime's own process): its
 * plan flags and how it answers each JSON-RPC line. Plain JavaScript with no imports, so the child
 * process starts with no loader; the types are in `acp-child-peer.d.mts`.
 */

const REPLIES = ['ok', 'malformed', 'empty-id', 'no-id', 'not-json', 'not-object', 'error'];
const METHODS = ['initialize', 'session/new', 'session/prompt'];

/** A plan flag that is unknown, lacks its value or has a bad one. */
export class PlanError extends Error {}

/** The plan of `argv` (the flags documented in `acp-child-server.mjs`); throws `PlanError`. */
export function parsePlan(argv) {
  const plan = { wireId: 'wire-session-1', reply: 'ok', silent: new Set(), promptDelay: 0, initializeDelay: 0, crashAfterNew: false, crashOnPrompt: false, exitDelay: 0, pidFile: undefined };
  const value = (index, flag) => {
    const next = argv[index + 1];
    if (next === undefined) throw new PlanError(`${flag} needs a value`);
    return next;
  };
  const millis = (index, flag) => {
    const text = value(index, flag);
    const ms = Number(text);
    if (!Number.isSafeInteger(ms) || ms < 0) throw new PlanError(`${flag} must be a non-negative integer of milliseconds, got ${JSON.stringify(text)}`);
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
        if (!REPLIES.includes(plan.reply)) throw new PlanError(`--reply must be one of ${REPLIES.join(', ')}, got ${JSON.stringify(plan.reply)}`);
        index += 1;
        break;
      case '--silent': {
        const method = value(index, flag);
        if (!METHODS.includes(method)) throw new PlanError(`--silent must name one of ${METHODS.join(', ')}, got ${JSON.stringify(method)}`);
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
        throw new PlanError(`unknown flag ${JSON.stringify(flag)}`);
    }
  }
  return plan;
}

/**
 * Serves `plan` over `io`: `io.write(text)` sends output (whole lines), `io.exit(code)` ends the
 * server once what it wrote is delivered. Returns what the transport feeds it: each input line,
 * the end of its input and a termination request (SIGTERM); both end it after `--exit-delay`.
 */
export function serve(plan, io) {
  const send = (message) => io.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  let exiting = false;
  const exitSoon = () => {
    if (exiting) return;
    exiting = true;
    setTimeout(() => io.exit(0), plan.exitDelay);
  };
  /** Prompts in flight: the request id of each, and how to answer it early on `session/cancel`. */
  const prompts = new Map();

  const answerNew = (id) => {
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
        return io.write('this line is not JSON\n');
      case 'not-object':
        return io.write('null\n');
      case 'error':
        return send({ id, error: { code: -32603, message: 'session/new refused by plan' } });
    }
  };

  const handle = (message) => {
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
        if (plan.crashAfterNew) io.exit(1);
        return;
      case 'session/prompt': {
        if (plan.crashOnPrompt) return io.exit(1);
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
  };

  return {
    receive(line) {
      if (line.trim() === '') return;
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        return send({ id: null, error: { code: -32700, message: 'parse error' } });
      }
      handle(message);
    },
    endInput: exitSoon,
    terminate: exitSoon,
  };
}
