import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parsePlan, PlanError, serve } from './acp-child-peer.mjs';
import { RuntimeError } from './errors.js';
import type { Kernel } from './kernel.js';
import type { AgentLifecycle } from './lifecycle.js';
import type { RunOutcome } from './runtime-events.js';
import { toSessionId, type SessionId } from './session-id.js';

/** How the runtime starts a remote (ACP) child server process for `context.spawnRemote()`. */
export interface RemoteLauncher {
  /** The executable to spawn (e.g. `process.execPath`). */
  readonly command: string;
  /** Its arguments. Default: none. */
  readonly args?: readonly string[];
  /**
   * How long the child may take to answer `initialize`, and then `session/new`, before the start
   * fails (`invalid`, after the child exited): a child that never answers must not hang the
   * parent. Default: 5000 ms.
   */
  readonly handshakeTimeoutMs?: number;
  /**
   * How long a child gets to answer a `session/cancel`, and to exit after SIGTERM, before it is
   * killed with SIGKILL. Default: 2000 ms.
   */
  readonly killGraceMs?: number;
  /**
   * Runs the bundled simulated ACP child server ({@link acpChildServer}) inside this process instead
   * of starting it as a child process: the same replies, delays, crashes and exits, without the
   * cost of a process start. Only for launchers made by {@link acpChildServer}. Default: false.
   */
  readonly inProcess?: boolean;
}

/** Options of `context.spawnRemote()`. */
export interface RemoteSpawnOptions {
  /** Aborts the start; the run then rejects only after the child process exited. Ignored once published. */
  readonly signal?: AbortSignal;
}

/** A published remote run: no local agent or session; its id is parent-minted (AIK-REMOTE-001). */
export interface RemoteRun {
  readonly runId: string;
  readonly id: SessionId;
  readonly provider: 'acp';
  readonly local: false;
  /** Sends one prompt to the child over the wire; cut by dispose → `aborted`; after the run ended → `inactive`. */
  prompt(): Promise<void>;
  /** Cancels the prompt, kills the child, awaits its exit; then `subagent/end`. Memoized. */
  dispose(): Promise<void>;
}

const ACP_CHILD_SERVER = fileURLToPath(new URL('./acp-child-server.mjs', import.meta.url));

/**
 * The simulated ACP child server shipped with the runtime (`acp-child-server.mjs`), run by this
 * Node executable with the plan flags `plan` (documented at the top of that file).
 */
export function acpChildServer(plan: readonly string[] = []): RemoteLauncher {
  return { command: process.execPath, args: [ACP_CHILD_SERVER, ...plan] };
}

/**
 * The environment variable naming a folder the kit's supervisor made for one worker process and
 * removes with it, however the worker ends (killed for a hang, the CLI interrupted): what the
 * worker writes there is never left behind.
 */
export const KIT_TEMP_ENV = 'AGENT_IDENTITY_KIT_TEMP';

/**
 * Where a fake ACP child started by this process writes its pid (`--pid-file`): a file named after
 * `name` in the folder {@link KIT_TEMP_ENV} names, else in the system's temp folder.
 */
export function acpPidFile(name: string): string {
  return join(process.env[KIT_TEMP_ENV] ?? tmpdir(), `agent-identity-kit-${name}.pid`);
}

const OPTION_FIELDS = new Set(['signal']);
const DEFAULT_HANDSHAKE_TIMEOUT_MS = 5000;
const DEFAULT_KILL_GRACE_MS = 2000;

interface Launch {
  readonly command: string;
  readonly args: readonly string[];
  readonly handshakeTimeoutMs: number;
  readonly killGraceMs: number;
  readonly inProcess: boolean;
}

function toLaunch(launcher: RemoteLauncher | undefined, subject: string): Launch {
  if (launcher === undefined) throw new RuntimeError('invalid', `${subject}: no remote (ACP child command) is configured in the runtime options`);
  const { command, args = [], handshakeTimeoutMs = DEFAULT_HANDSHAKE_TIMEOUT_MS, killGraceMs = DEFAULT_KILL_GRACE_MS, inProcess = false } = launcher;
  if (command.length === 0) throw new RuntimeError('invalid', `${subject}: runtime options remote.command must not be empty`);
  if (!Array.isArray(args) || args.some((arg) => typeof arg !== 'string')) throw new RuntimeError('invalid', `${subject}: runtime options remote.args must be an array of strings`);
  for (const [field, value] of [['handshakeTimeoutMs', handshakeTimeoutMs], ['killGraceMs', killGraceMs]] as const) {
    if (!Number.isSafeInteger(value) || value <= 0) throw new RuntimeError('invalid', `${subject}: runtime options remote.${field} must be a positive integer of milliseconds`);
  }
  if (inProcess !== false && (inProcess !== true || args[0] !== ACP_CHILD_SERVER)) {
    throw new RuntimeError('invalid', `${subject}: runtime options remote.inProcess runs only the bundled simulated ACP child server (a launcher made by acpChildServer())`);
  }
  return { command, args, handshakeTimeoutMs, killGraceMs, inProcess };
}

function toSignal(options: unknown, subject: string): AbortSignal | undefined {
  if (typeof options !== 'object' || options === null) throw new RuntimeError('invalid', `${subject}: options must be an object`);
  for (const key of Object.keys(options)) {
    if (!OPTION_FIELDS.has(key)) throw new RuntimeError('invalid', `${subject}: options have an unknown field ${JSON.stringify(key)} (allowed: signal)`);
  }
  const { signal } = options as { signal?: unknown };
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw new RuntimeError('invalid', `${subject}: options.signal must be an AbortSignal`);
  return signal;
}

/** An abort reason as the caller observes it (docs/contract.md §4): an Error is that object, anything else the `cause` of `aborted`. */
function abortRejection(reason: unknown, subject: string): unknown {
  return reason instanceof Error ? reason : new RuntimeError('aborted', `${subject}: the start was aborted`, { cause: reason });
}

/** A JSON-RPC message from the child, as far as the runtime reads it. */
interface Message {
  readonly id?: unknown;
  readonly result?: unknown;
  readonly error?: { readonly message?: unknown };
}

/** One line of the child's output as a message: a JSON object, or `undefined`. */
function toMessage(line: string): Message | undefined {
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

interface Pending {
  readonly method: string;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/**
 * The child's end of a connection: its stdin (lines, then its end), SIGTERM and SIGKILL, its
 * output lines, and `closed`, which settles with how it ended once its output was read to the end.
 */
interface ChildLink {
  write(text: string): void;
  endInput(): void;
  terminate(): void;
  kill(): void;
  onLine(listener: (line: string) => void): void;
  readonly closed: Promise<string>;
}

/** The child as a process of its own. */
function processLink(launch: Launch): ChildLink {
  const child: ChildProcessByStdio<Writable, Readable, null> = spawn(launch.command, launch.args, { stdio: ['pipe', 'pipe', 'ignore'] });
  let spawnError: Error | undefined;
  // Writes to a child that died fail with EPIPE; the exit itself is what the run acts on.
  child.stdin.on('error', () => undefined);
  child.on('error', (error) => {
    spawnError ??= error;
  });
  const lines = createInterface({ input: child.stdout });
  return {
    write: (text) => void child.stdin.write(text),
    endInput: () => void child.stdin.end(),
    terminate: () => void child.kill('SIGTERM'),
    kill: () => void child.kill('SIGKILL'),
    onLine: (listener) => void lines.on('line', listener),
    closed: new Promise((resolve) => {
      child.once('close', (code: number | null, signal: NodeJS.Signals | null) => {
        resolve(child.pid === undefined ? `could not be spawned (${String(spawnError?.message)})` : `exited (${signal ?? `code ${code}`})`);
      });
    }),
  };
}

/**
 * The bundled simulated child served in this process: each direction is a queue delivered on a
 * later turn of the event loop, as a pipe delivers, and output written before an exit is read
 * before the close.
 */
function simulatedLink(launch: Launch): ChildLink {
  let exited = false;
  const listeners: ((line: string) => void)[] = [];
  let pending = '';
  let close: (how: string) => void = () => undefined;
  const closed = new Promise<string>((resolve) => (close = resolve));
  const later = (deliver: () => void): void => void setImmediate(() => deliver());
  const end = (how: string): void => {
    if (exited) return;
    exited = true;
    close(how);
  };
  const io = {
    write: (text: string): void => {
      if (exited) return;
      later(() => {
        pending += text;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) for (const listener of listeners) listener(line);
      });
    },
    exit: (code: number): void => later(() => end(`exited (code ${code})`)),
  };
  let server: ReturnType<typeof serve> | undefined;
  try {
    server = serve(parsePlan(launch.args.slice(1)), io);
  } catch (error) {
    if (!(error instanceof PlanError)) throw error;
    io.exit(2);
  }
  const toServer = (deliver: (input: NonNullable<typeof server>) => void): void => later(() => {
    if (!exited && server !== undefined) deliver(server);
  });
  return {
    write: (text) => toServer((input) => text.split('\n').filter((line) => line !== '').forEach((line) => input.receive(line))),
    endInput: () => toServer((input) => input.endInput()),
    terminate: () => toServer((input) => input.terminate()),
    kill: () => end('exited (SIGKILL)'),
    onLine: (listener) => void listeners.push(listener),
    closed,
  };
}

/**
 * One ACP child and its JSON-RPC 2.0 stream (one JSON object per line). `closed` resolves once
 * the child exited and its output was read to the end (also after a spawn failure); every request
 * still pending then rejects (`invalid`).
 */
class AcpConnection {
  readonly name: string;
  readonly closed: Promise<void>;
  readonly #child: ChildLink;
  readonly #grace: number;
  readonly #pending = new Map<number, Pending>();
  #requests = 0;
  #exited = false;

  constructor(launch: Launch, name: string) {
    this.name = name;
    this.#grace = launch.killGraceMs;
    this.#child = launch.inProcess ? simulatedLink(launch) : processLink(launch);
    this.#child.onLine((line) => this.#receive(line));
    this.closed = this.#child.closed.then((how) => {
      this.#exited = true;
      this.#failPending((method) => new RuntimeError('invalid', `${name} ${how} before answering ${method}`));
    });
  }

  /** Sends a request; resolves with its result, rejects (`invalid`) on an error reply or when the child exits first. */
  request(method: string, params: object): Promise<unknown> {
    if (this.#exited) return Promise.reject(new RuntimeError('invalid', `${this.name} has exited: cannot send ${method}`));
    const id = (this.#requests += 1);
    const reply = new Promise<unknown>((resolve, reject) => this.#pending.set(id, { method, resolve, reject }));
    this.#write({ id, method, params });
    return reply;
  }

  /** Sends a notification (no reply). */
  notify(method: string, params: object): void {
    this.#write({ method, params });
  }

  /**
   * Closes stdin, sends SIGTERM, and SIGKILL after the grace period; resolves once the child
   * exited. Called at most once per connection (a failed start, or the run's memoized dispose).
   */
  kill(): Promise<void> {
    if (!this.#exited) {
      this.#child.endInput();
      this.#child.terminate();
      const timer = setTimeout(() => this.#child.kill(), this.#grace);
      void this.closed.then(() => clearTimeout(timer));
    }
    return this.closed;
  }

  #write(message: object): void {
    this.#child.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  }

  #receive(line: string): void {
    const message = toMessage(line);
    if (message === undefined) {
      // A line that is not a JSON object breaks the stream: nothing later can be trusted.
      this.#failPending((method) => new RuntimeError('invalid', `${this.name} wrote a line that is not a JSON-RPC message while ${method} was pending`));
      return;
    }
    const pending = typeof message.id === 'number' ? this.#pending.get(message.id) : undefined;
    if (pending === undefined) return;
    this.#pending.delete(message.id as number);
    if (message.error !== undefined) {
      pending.reject(new RuntimeError('invalid', `${this.name} answered ${pending.method} with an error: ${String(message.error?.message)}`));
    } else {
      pending.resolve(message.result);
    }
  }

  #failPending(error: (method: string) => unknown): void {
    for (const pending of this.#pending.values()) pending.reject(error(pending.method));
    this.#pending.clear();
  }
}

/** One handshake request, bounded by the handshake timeout and the start's cancellation. */
function call(connection: AcpConnection, method: string, params: object, stop: AbortSignal, timeoutMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    stop.throwIfAborted();
    const timer = setTimeout(() => reject(new RuntimeError('invalid', `${connection.name} did not answer ${method} within ${timeoutMs} ms`)), timeoutMs);
    const onStop = (): void => reject(stop.reason);
    stop.addEventListener('abort', onStop, { once: true });
    void connection
      .request(method, params)
      .then(resolve, reject)
      .finally(() => {
        clearTimeout(timer);
        stop.removeEventListener('abort', onStop);
      });
  });
}

/** The wire-local session id of a `session/new` reply: a non-empty string, or the start fails. */
function toWireId(reply: unknown, connection: AcpConnection): string {
  const wireId = (reply as { sessionId?: unknown } | null | undefined)?.sessionId;
  if (typeof wireId !== 'string' || wireId.length === 0) {
    throw new RuntimeError('invalid', `${connection.name} answered session/new without a non-empty string sessionId`);
  }
  return wireId;
}

/**
 * A published remote run. The wire-local session id stays in this object, used only by its
 * `prompt`/`cancel` calls: never the run id, never in an event, a lookup or a registry
 * (AIK-REMOTE-001).
 */
class AcpRun implements RemoteRun {
  readonly runId: string;
  readonly id: SessionId;
  readonly provider = 'acp';
  readonly local = false;
  readonly #kernel: Kernel;
  readonly #parent: AgentLifecycle;
  readonly #connection: AcpConnection;
  readonly #wireId: string;
  readonly #grace: number;
  readonly #release: () => void;
  #state: 'live' | 'ending' | 'ended' = 'live';
  #queue: Promise<unknown> = Promise.resolve();
  #inFlight: Promise<unknown> | undefined;
  #cancelled = false;
  #cut = false;
  #disposal: Promise<void> | undefined;

  constructor(kernel: Kernel, parent: AgentLifecycle, connection: AcpConnection, run: { readonly id: SessionId; readonly runId: string; readonly wireId: string; readonly grace: number }) {
    this.#kernel = kernel;
    this.#parent = parent;
    this.#connection = connection;
    this.id = run.id;
    this.runId = run.runId;
    this.#wireId = run.wireId;
    this.#grace = run.grace;
    this.#release = parent.scope.holdRemoteRun(this);
    // A child that exits on its own after publication ends the run: failed, one end event.
    void connection.closed.then(() => {
      if (this.#state === 'live') this.#end('failed');
    });
  }

  prompt(): Promise<void> {
    if (this.#state !== 'live') return Promise.reject(this.#ended());
    const turn = this.#queue.then(() => this.#prompt());
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  dispose(): Promise<void> {
    this.#disposal ??= this.#dispose();
    return this.#disposal;
  }

  async #prompt(): Promise<void> {
    if (this.#state !== 'live') throw this.#ended();
    const reply = this.#connection.request('session/prompt', { sessionId: this.#wireId, prompt: [{ type: 'text', text: 'continue' }] });
    this.#inFlight = reply.catch(() => undefined);
    try {
      const result = await reply;
      if ((result as { stopReason?: unknown } | undefined)?.stopReason !== 'cancelled') return;
    } catch (error) {
      // Once dispose cancelled the prompt, a child that died before answering also cut it.
      if (!this.#cancelled) throw error;
    } finally {
      this.#inFlight = undefined;
    }
    this.#cut = true;
    throw new RuntimeError('aborted', `a prompt of remote run ${JSON.stringify(this.id)} was cut`);
  }

  async #dispose(): Promise<void> {
    if (this.#state === 'ended') return;
    this.#state = 'ending';
    const inFlight = this.#inFlight;
    if (inFlight !== undefined) {
      this.#cancelled = true;
      this.#connection.notify('session/cancel', { sessionId: this.#wireId });
      // The child answers `cancelled`; one that does not within the grace period is killed anyway.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([inFlight, new Promise((resolve) => (timer = setTimeout(resolve, this.#grace)))]);
      clearTimeout(timer);
    }
    await this.#connection.kill();
    await this.#queue;
    this.#end(this.#cut ? 'cancelled' : 'completed');
  }

  #end(outcome: RunOutcome): void {
    this.#state = 'ended';
    this.#release();
    this.#kernel.bus.dispatch('subagent/end', { parent: this.#parent.agent, runId: this.runId, provider: 'acp', id: this.id, local: false, outcome }, { veto: false });
  }

  #ended(): RuntimeError {
    return new RuntimeError('inactive', `remote run ${JSON.stringify(this.id)} has ended: no new prompts`);
  }
}

/**
 * Starts a remote (ACP) run of `parent` (docs/contract.md §3 "Subagents (remote, ACP child
 * process)"): the parent mints the run's `id` (one id from the id source) and `runId` before the
 * child exists, spawns the child, then `initialize` and `session/new`. Any failure of the start
 * (a reply without a valid session id, a spawn failure, an exit, a timeout, an abort, the
 * parent's teardown) rejects only after the child exited, with nothing published
 * (AIK-REMOTE-002). On success `subagent/start` fires and the parent's scope owns the run.
 */
export async function spawnRemote(kernel: Kernel, parent: AgentLifecycle, options: RemoteSpawnOptions = {}): Promise<RemoteRun> {
  const subject = `spawnRemote from ${JSON.stringify(parent.session.id)}`;
  parent.scope.children.admit();
  const launch = toLaunch(kernel.remote, subject);
  const signal = toSignal(options, subject);
  if (signal?.aborted === true) throw abortRejection(signal.reason, subject);
  // AIK-REMOTE-001: the run's id is minted by the parent before the child process exists.
  const id = toSessionId(kernel.ids(), 'the id source');
  const runId = kernel.nextRunId();
  const connection = new AcpConnection(launch, `the ACP child of remote run ${JSON.stringify(id)}`);
  const stop = new AbortController();
  const start = {
    dispose: (): Promise<void> => {
      stop.abort(new RuntimeError('inactive', `${subject}: the parent was torn down during the start of remote run ${JSON.stringify(id)}`));
      return connection.closed;
    },
  };
  const release = parent.scope.holdRemoteRun(start);
  const onAbort = (): void => stop.abort(abortRejection(signal?.reason, subject));
  signal?.addEventListener('abort', onAbort, { once: true });
  let wireId: string;
  try {
    await call(connection, 'initialize', { protocolVersion: 1, clientCapabilities: {} }, stop.signal, launch.handshakeTimeoutMs);
    const reply = await call(connection, 'session/new', { cwd: parent.session.header.cwd ?? process.cwd(), mcpServers: [] }, stop.signal, launch.handshakeTimeoutMs);
    wireId = toWireId(reply, connection);
    // A cancellation that raced with the last reply (an abort, or the parent's scope disposed) still wins.
    stop.signal.throwIfAborted();
  } catch (error) {
    // AIK-REMOTE-002: reject only once the child process has exited; nothing was published.
    await connection.kill();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    release();
  }
  const run = new AcpRun(kernel, parent, connection, { id, runId, wireId, grace: launch.killGraceMs });
  kernel.bus.dispatch('subagent/start', { parent: parent.agent, runId, provider: 'acp', id, local: false }, { veto: false });
  return run;
}
