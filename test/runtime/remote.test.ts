import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acpChildServer, isRuntimeError, type RemoteLauncher, type RunInfo, type Runtime } from '../../src/runtime/index.js';
import { counterIds, deferred, rejection, settle, testRuntime, type Heard } from './_support.js';

const dir = mkdtempSync(join(tmpdir(), 'aik-remote-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** A pid file path for one child, unique within this run. */
function pidFile(): string {
  return join(dir, `child-${(files += 1)}.pid`);
}

/** Polls until `ready()` holds (a child wrote its pid file, or an event arrived). */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** The pid the child wrote to `file` (the child writes it whole, by rename). */
function pidIn(file: string): number {
  const pid = Number(readFileSync(file, 'utf8'));
  if (!Number.isSafeInteger(pid) || pid <= 0) throw new Error(`${file} holds no pid`);
  return pid;
}

/** Whether process `pid` still exists (an exited child has been reaped by the time its `close` fired). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** A runtime whose remote runs spawn the simulated ACP child with `plan`, and a published parent. */
async function withParent(plan: readonly string[], launcher: Partial<RemoteLauncher> = {}, meta: { cwd?: string } = {}) {
  const setup = testRuntime({ remote: { ...acpChildServer(plan), ...launcher }, ids: counterIds() });
  const parent = await setup.runtime.create({ sessionId: 'parent', meta });
  return { ...setup, parent };
}

function runEvents(heard: readonly Heard[]): Heard[] {
  return heard.filter(({ type }) => type === 'subagent/start' || type === 'subagent/end');
}

/** Every string reachable from `value` (payload objects included), to prove a value never appears. */
function strings(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  const own = Object.values(value).flatMap((field) => strings(field, seen));
  const derived = 'id' in value ? strings((value as { id: unknown }).id, seen) : [];
  const header = 'header' in value ? strings((value as { header: unknown }).header, seen) : [];
  return [...own, ...derived, ...header];
}

function registryView(runtime: Runtime): string[] {
  return [...runtime.listAgents().map((agent) => `agent:${agent.id}`), ...runtime.listSessions().map((session) => `session:${session.id}`)].sort();
}

describe.concurrent('remote (ACP) runs', () => {
  it('AIK-REMOTE-001: the run id is the id source\'s next output, minted once, never the wire-local id', async () => {
    const { runtime, parent, heard } = await withParent(['--wire-id', 'WIRE-LOCAL-7']);
    const run = await parent.agent.context.spawnRemote();
    expect(run.id).toBe('m1');
    expect(run.id).not.toBe('WIRE-LOCAL-7');
    expect({ provider: run.provider, local: run.local }).toEqual({ provider: 'acp', local: false });
    await run.prompt();
    await run.dispose();
    // Exactly one id was minted for the run: the next spawn gets the following output.
    const next = await parent.agent.context.spawn();
    expect(next.id).toBe('m2');
    expect(runEvents(heard).map(({ type, payload }) => [type, (payload as RunInfo).id])).toEqual([
      ['subagent/start', 'm1'],
      ['subagent/end', 'm1'],
      ['subagent/start', 'm2'],
    ]);
    await runtime.shutdown();
  });

  it('AIK-REMOTE-001: the wire-local id appears in no event, lookup or registry, and nothing of the run is registered', async () => {
    const { runtime, parent, heard } = await withParent(['--wire-id', 'WIRE-LOCAL-7']);
    const before = registryView(runtime);
    const run = await parent.agent.context.spawnRemote();
    await run.prompt();
    expect(registryView(runtime)).toEqual(before);
    expect(runtime.getAgent(run.id)).toBeUndefined();
    expect(runtime.getSession(run.id)).toBeUndefined();
    expect(runtime.getAgent('WIRE-LOCAL-7')).toBeUndefined();
    expect(runtime.getSession('WIRE-LOCAL-7')).toBeUndefined();
    expect(strings(run)).not.toContain('WIRE-LOCAL-7');
    await run.dispose();
    expect(heard.flatMap(({ payload }) => strings(payload))).not.toContain('WIRE-LOCAL-7');
    await runtime.shutdown();
  });

  it('AIK-REMOTE-001: a wire-local id equal to the parent\'s id changes nothing local', async () => {
    const { runtime, parent } = await withParent(['--wire-id', 'parent']);
    const run = await parent.agent.context.spawnRemote();
    await run.prompt();
    expect(run.id).toBe('m1');
    expect(runtime.getAgent('parent')).toBe(parent.agent);
    expect(registryView(runtime)).toEqual(['agent:parent', 'session:parent']);
    await run.dispose();
    expect(runtime.getAgent('parent')).toBe(parent.agent);
    await runtime.shutdown();
  });

  it('AIK-RPC-001: start and end carry the same (runId, provider, id, local); runIds are unique and distinct from ids', async () => {
    const { runtime, parent, heard } = await withParent([]);
    const local = await parent.agent.context.spawn();
    const remote = await parent.agent.context.spawnRemote();
    await remote.dispose();
    await local.handle.dispose();
    const runs = runEvents(heard).map(({ type, payload }) => ({ type, ...(payload as RunInfo), parent: (payload as RunInfo).parent.id }));
    const remoteRuns = runs.filter((run) => run.provider === 'acp');
    expect(remoteRuns).toEqual([
      { type: 'subagent/start', parent: 'parent', runId: remote.runId, provider: 'acp', id: remote.id, local: false },
      { type: 'subagent/end', parent: 'parent', runId: remote.runId, provider: 'acp', id: remote.id, local: false, outcome: 'completed' },
    ]);
    expect(remote.runId).not.toBe(remote.id);
    expect(remote.runId).not.toBe(local.runId);
    // The payload is exactly the run's identity: no wire id or other field rides along.
    expect(Object.keys(runEvents(heard).find(({ payload }) => (payload as RunInfo).provider === 'acp')!.payload).sort()).toEqual(['id', 'local', 'parent', 'provider', 'runId']);
    await runtime.shutdown();
  });

  it('AIK-REMOTE-001: session/new carries the parent\'s cwd when it has one, and the run still publishes', async () => {
    const { runtime, parent, heard } = await withParent([], {}, { cwd: '/tmp' });
    const run = await parent.agent.context.spawnRemote();
    expect(runEvents(heard)).toHaveLength(1);
    await run.dispose();
    await runtime.shutdown();
  });

  it.each([
    ['malformed', /without a non-empty string sessionId/],
    ['empty-id', /without a non-empty string sessionId/],
    ['no-id', /without a non-empty string sessionId/],
    ['not-json', /not a JSON-RPC message while session\/new was pending/],
    ['not-object', /not a JSON-RPC message while session\/new was pending/],
    ['error', /answered session\/new with an error/],
  ])('AIK-REMOTE-002: a %s session/new reply rejects (invalid) only after the child exited; nothing is published', async (reply, message) => {
    const file = pidFile();
    const { runtime, parent, heard } = await withParent(['--reply', reply, '--exit-delay', '100', '--pid-file', file]);
    const before = registryView(runtime);
    const error = await rejection(parent.agent.context.spawnRemote());
    expect(isRuntimeError(error, 'invalid')).toBe(true);
    expect(String(error)).toMatch(message);
    expect(alive(pidIn(file))).toBe(false);
    expect(runEvents(heard)).toEqual([]);
    expect(registryView(runtime)).toEqual(before);
    await runtime.shutdown();
  });

  it('AIK-REMOTE-002: a spawn failure rejects (invalid) after the failed process settled; nothing is published', async () => {
    const { runtime, parent, heard } = await withParent([], { command: join(dir, 'no-such-executable'), args: [] });
    const error = await rejection(parent.agent.context.spawnRemote());
    expect(isRuntimeError(error, 'invalid')).toBe(true);
    expect(String(error)).toMatch(/could not be spawned \(.*ENOENT/);
    expect(runEvents(heard)).toEqual([]);
    // The failed start minted its id and nothing else took it.
    expect((await parent.agent.context.spawn()).id).toBe('m2');
    await runtime.shutdown();
  });

  it('AIK-REMOTE-002: a child that exits before answering rejects (invalid) naming the exit', async () => {
    const { runtime, parent, heard } = await withParent(['--no-such-flag']);
    const error = await rejection(parent.agent.context.spawnRemote());
    expect(isRuntimeError(error, 'invalid')).toBe(true);
    expect(String(error)).toMatch(/exited \(code 2\) before answering initialize/);
    expect(runEvents(heard)).toEqual([]);
    await runtime.shutdown();
  });

  it('AIK-REMOTE-002: a child that never answers fails the start at the handshake timeout; nothing is published', async () => {
    const { runtime, parent, heard } = await withParent(['--silent', 'initialize'], { handshakeTimeoutMs: 50 });
    const error = await rejection(parent.agent.context.spawnRemote());
    expect(isRuntimeError(error, 'invalid')).toBe(true);
    expect(String(error)).toMatch(/did not answer initialize within 50 ms/);
    expect(runEvents(heard)).toEqual([]);
    await runtime.shutdown();
  });

  it('AIK-REMOTE-002: an abort with an Error reason rejects with that object, after the child exited', async () => {
    const file = pidFile();
    const { runtime, parent, heard } = await withParent(['--silent', 'initialize', '--exit-delay', '100', '--pid-file', file]);
    const controller = new AbortController();
    const reason = new Error('stop the remote start');
    const start = rejection(parent.agent.context.spawnRemote({ signal: controller.signal }));
    await until(() => existsSync(file));
    controller.abort(reason);
    expect(await start).toBe(reason);
    expect(alive(pidIn(file))).toBe(false);
    expect(runEvents(heard)).toEqual([]);
    await runtime.shutdown();
  });

  it('AIK-REMOTE-002: an abort with a non-Error reason rejects aborted with that cause, after the child exited', async () => {
    const file = pidFile();
    const { runtime, parent, heard } = await withParent(['--silent', 'session/new', '--pid-file', file]);
    const controller = new AbortController();
    const start = rejection(parent.agent.context.spawnRemote({ signal: controller.signal }));
    await until(() => existsSync(file));
    controller.abort('enough');
    const error = await start;
    expect(isRuntimeError(error, 'aborted')).toBe(true);
    expect((error as Error).cause).toBe('enough');
    expect(alive(pidIn(file))).toBe(false);
    expect(runEvents(heard)).toEqual([]);
    await runtime.shutdown();
  });

  it('AIK-REMOTE-002: an already aborted signal rejects before anything is minted or spawned', async () => {
    const { runtime, parent, heard } = await withParent([]);
    const reason = new Error('too late');
    expect(await rejection(parent.agent.context.spawnRemote({ signal: AbortSignal.abort(reason) }))).toBe(reason);
    const error = await rejection(parent.agent.context.spawnRemote({ signal: AbortSignal.abort(7) }));
    expect(isRuntimeError(error, 'aborted')).toBe(true);
    expect((error as Error).cause).toBe(7);
    expect((await parent.agent.context.spawnRemote()).id).toBe('m1');
    expect(runEvents(heard).map(({ type }) => type)).toEqual(['subagent/start']);
    await runtime.shutdown();
  });

  it('AIK-REMOTE-002: a signal aborted after publication is ignored', async () => {
    const { runtime, parent, heard } = await withParent([]);
    const controller = new AbortController();
    const run = await parent.agent.context.spawnRemote({ signal: controller.signal });
    controller.abort(new Error('late'));
    await run.prompt();
    await run.dispose();
    expect(runEvents(heard).map(({ type, payload }) => `${type}:${(payload as { outcome?: string }).outcome ?? ''}`)).toEqual(['subagent/start:', 'subagent/end:completed']);
    await runtime.shutdown();
  });

  it('spawnRemote options and the launcher are validated (invalid naming the field); a missing launcher is invalid', async () => {
    const { runtime, parent } = await withParent([]);
    const context = parent.agent.context;
    const cases: [Promise<unknown>, RegExp][] = [
      [context.spawnRemote(null as never), /options must be an object/],
      [context.spawnRemote({ timeout: 5 } as never), /unknown field "timeout"/],
      [context.spawnRemote({ signal: 'now' } as never), /options\.signal must be an AbortSignal/],
    ];
    for (const [attempt, message] of cases) {
      const error = await rejection(attempt);
      expect(isRuntimeError(error, 'invalid')).toBe(true);
      expect(String(error)).toMatch(message);
    }
    await runtime.shutdown();
    const launchers: [Partial<RemoteLauncher>, RegExp][] = [
      [{ command: '' }, /remote\.command must not be empty/],
      [{ args: 'x' as never }, /remote\.args must be an array of strings/],
      [{ args: [1] as never }, /remote\.args must be an array of strings/],
      [{ handshakeTimeoutMs: 0 }, /remote\.handshakeTimeoutMs must be a positive integer/],
      [{ killGraceMs: 1.5 }, /remote\.killGraceMs must be a positive integer/],
    ];
    for (const [launcher, message] of launchers) {
      const bad = await withParent([], launcher);
      const error = await rejection(bad.parent.agent.context.spawnRemote());
      expect(isRuntimeError(error, 'invalid')).toBe(true);
      expect(String(error)).toMatch(message);
      await bad.runtime.shutdown();
    }
    const bare = testRuntime();
    const lonely = await bare.runtime.create({ sessionId: 'lonely' });
    const error = await rejection(lonely.agent.context.spawnRemote());
    expect(isRuntimeError(error, 'invalid')).toBe(true);
    expect(String(error)).toMatch(/no remote \(ACP child command\) is configured/);
    await bare.runtime.shutdown();
  });

  it('only a published, non-disposing parent can start a remote run (else inactive): not during setup, not after dispose', async () => {
    const { runtime } = testRuntime({ remote: acpChildServer() });
    let during: unknown;
    const handle = await runtime.create({
      sessionId: 'p',
      setup: async (context) => {
        during = await rejection(context.spawnRemote());
      },
    });
    expect(isRuntimeError(during, 'inactive')).toBe(true);
    const context = handle.agent.context;
    await handle.dispose();
    expect(isRuntimeError(await rejection(context.spawnRemote()), 'inactive')).toBe(true);
    await runtime.shutdown();
  });

  it('dispose cuts an in-flight prompt (the child answers session/cancel): the prompt rejects aborted, the end is cancelled, after the child exited', async () => {
    const file = pidFile();
    const { runtime, parent, heard } = await withParent(['--prompt-delay', '60000', '--exit-delay', '100', '--pid-file', file]);
    const run = await parent.agent.context.spawnRemote();
    const prompt = rejection(run.prompt());
    await until(() => existsSync(file));
    await settle();
    await run.dispose();
    expect(alive(pidIn(file))).toBe(false);
    const error = await prompt;
    expect(isRuntimeError(error, 'aborted')).toBe(true);
    expect(runEvents(heard).map(({ type, payload }) => `${type}:${(payload as { outcome?: string }).outcome ?? ''}`)).toEqual(['subagent/start:', 'subagent/end:cancelled']);
    await runtime.shutdown();
  });

  it('dispose of a prompt the child never answers: cancel, grace period, SIGKILL; the prompt is cut and the end cancelled', async () => {
    const file = pidFile();
    const { runtime, parent, heard } = await withParent(['--silent', 'session/prompt', '--exit-delay', '60000', '--pid-file', file], { killGraceMs: 30 });
    const run = await parent.agent.context.spawnRemote();
    const prompt = rejection(run.prompt());
    await settle();
    await run.dispose();
    expect(alive(pidIn(file))).toBe(false);
    expect(isRuntimeError(await prompt, 'aborted')).toBe(true);
    expect(runEvents(heard).map(({ type, payload }) => `${type}:${(payload as { outcome?: string }).outcome ?? ''}`)).toEqual(['subagent/start:', 'subagent/end:cancelled']);
    await runtime.shutdown();
  });

  it('dispose is memoized: one end event (completed), the child exited, and later prompts are inactive', async () => {
    const file = pidFile();
    const { runtime, parent, heard } = await withParent(['--exit-delay', '100', '--pid-file', file]);
    const run = await parent.agent.context.spawnRemote();
    await run.prompt();
    const first = run.dispose();
    expect(run.dispose()).toBe(first);
    await first;
    expect(alive(pidIn(file))).toBe(false);
    await run.dispose();
    expect(isRuntimeError(await rejection(run.prompt()), 'inactive')).toBe(true);
    expect(runEvents(heard).map(({ type }) => type)).toEqual(['subagent/start', 'subagent/end']);
    await runtime.shutdown();
  });

  it('prompts run one at a time; a prompt queued behind a cut one is refused inactive', async () => {
    const { runtime, parent } = await withParent(['--prompt-delay', '60000']);
    const run = await parent.agent.context.spawnRemote();
    const first = rejection(run.prompt());
    const second = rejection(run.prompt());
    await settle();
    await run.dispose();
    expect(isRuntimeError(await first, 'aborted')).toBe(true);
    expect(isRuntimeError(await second, 'inactive')).toBe(true);
    await runtime.shutdown();
  });

  it('a child crash after publication ends the run failed, once; a later dispose adds nothing', async () => {
    const { runtime, parent, heard } = await withParent(['--crash-after-new']);
    const ended = deferred();
    runtime.on('subagent/end', () => ended.resolve());
    const run = await parent.agent.context.spawnRemote();
    await ended.promise;
    await run.dispose();
    expect(isRuntimeError(await rejection(run.prompt()), 'inactive')).toBe(true);
    expect(runEvents(heard).map(({ type, payload }) => `${type}:${(payload as { outcome?: string }).outcome ?? ''}`)).toEqual(['subagent/start:', 'subagent/end:failed']);
    await runtime.shutdown();
  });

  it('a child crash during a prompt rejects the prompt (invalid) and ends the run failed', async () => {
    const { runtime, parent, heard } = await withParent(['--crash-on-prompt']);
    const run = await parent.agent.context.spawnRemote();
    const error = await rejection(run.prompt());
    expect(isRuntimeError(error, 'invalid')).toBe(true);
    expect(String(error)).toMatch(/exited \(code 1\) before answering session\/prompt/);
    await until(() => heard.some(({ type }) => type === 'subagent/end'));
    expect(runEvents(heard).map(({ type, payload }) => `${type}:${(payload as { outcome?: string }).outcome ?? ''}`)).toEqual(['subagent/start:', 'subagent/end:failed']);
    await runtime.shutdown();
  });

  it('AIK-SUB-004 for remote runs: the parent\'s teardown disposes its live run and resolves after the child exited', async () => {
    const file = pidFile();
    const { runtime, parent, heard } = await withParent(['--exit-delay', '100', '--pid-file', file]);
    const run = await parent.agent.context.spawnRemote();
    await parent.dispose();
    expect(alive(pidIn(file))).toBe(false);
    await run.dispose();
    const ends = runEvents(heard).filter(({ type }) => type === 'subagent/end');
    expect(ends.map(({ payload }) => [(payload as RunInfo).id, (payload as { outcome: string }).outcome, (payload as RunInfo).parent])).toEqual([['m1', 'completed', parent.agent]]);
    await runtime.shutdown();
  });

  it('the parent\'s teardown during the start rejects it (inactive) after the child exited; nothing is published', async () => {
    const file = pidFile();
    const { runtime, parent, heard } = await withParent(['--silent', 'initialize', '--exit-delay', '100', '--pid-file', file]);
    const start = rejection(parent.agent.context.spawnRemote());
    await until(() => existsSync(file));
    await parent.dispose();
    expect(alive(pidIn(file))).toBe(false);
    expect(isRuntimeError(await start, 'inactive')).toBe(true);
    expect(runEvents(heard)).toEqual([]);
    await runtime.shutdown();
  });

  it('shutdown ends every remote run and resolves after its child exited', async () => {
    const file = pidFile();
    const { runtime, parent, heard } = await withParent(['--exit-delay', '50', '--pid-file', file]);
    const run = await parent.agent.context.spawnRemote();
    await runtime.shutdown();
    expect(alive(pidIn(file))).toBe(false);
    expect(runEvents(heard).filter(({ type }) => type === 'subagent/end').map(({ payload }) => (payload as RunInfo).id)).toEqual([run.id]);
  });
});

/**
 * Talks to the simulated ACP child directly: writes `requests` (one per line), waits for
 * `replies` lines, then closes stdin and resolves with the exit code, the replies and stderr.
 */
function converse(plan: readonly string[], requests: readonly string[], replies: number): Promise<{ code: number | null; lines: unknown[]; stderr: string }> {
  const { command, args = [] } = acpChildServer(plan);
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: unknown[] = [];
  let buffered = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const complete = buffered.split('\n');
    buffered = complete.pop() ?? '';
    lines.push(...complete.map((line) => JSON.parse(line) as unknown));
    if (lines.length >= replies) child.stdin.end();
  });
  child.stdin.on('error', () => undefined);
  for (const request of requests) child.stdin.write(`${request}\n`);
  if (replies === 0) child.stdin.end();
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, lines, stderr })));
}

const rpc = (id: number | undefined, method: string, params: object = {}): string => JSON.stringify({ jsonrpc: '2.0', ...(id === undefined ? {} : { id }), method, params });

describe.concurrent('the simulated ACP child server', () => {
  it('answers initialize, session/new and session/prompt (an update, then end_turn), and reports protocol errors', async () => {
    const { code, lines } = await converse(
      ['--wire-id', 'w-1'],
      [
        rpc(1, 'initialize', { protocolVersion: 1 }),
        rpc(2, 'session/new', { cwd: '/', mcpServers: [] }),
        rpc(3, 'session/prompt', { sessionId: 'another', prompt: [] }),
        'not json',
        rpc(4, 'session/fork'),
        rpc(5, 'session/prompt', { sessionId: 'w-1', prompt: [] }),
      ],
      7,
    );
    expect(code).toBe(0);
    expect(lines).toEqual([
      { jsonrpc: '2.0', id: 1, result: { protocolVersion: 1, agentCapabilities: {}, authMethods: [] } },
      { jsonrpc: '2.0', id: 2, result: { sessionId: 'w-1' } },
      { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'unknown session "another"' } },
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } },
      { jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'method not found: session/fork' } },
      { jsonrpc: '2.0', method: 'session/update', params: { sessionId: 'w-1', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'working' } } } },
      { jsonrpc: '2.0', id: 5, result: { stopReason: 'end_turn' } },
    ]);
  });

  it('answers a prompt cancelled by session/cancel with stopReason cancelled', async () => {
    const { lines } = await converse(
      ['--prompt-delay', '60000'],
      [rpc(1, 'session/prompt', { sessionId: 'wire-session-1', prompt: [] }), rpc(undefined, 'session/cancel', { sessionId: 'wire-session-1' })],
      2,
    );
    expect(lines.at(-1)).toEqual({ jsonrpc: '2.0', id: 1, result: { stopReason: 'cancelled' } });
  });

  it.each([
    [['--reply', 'sometimes'], /--reply must be one of/],
    [['--silent', 'session/fork'], /--silent must name one of/],
    [['--exit-delay', '-1'], /--exit-delay must be a non-negative integer/],
    [['--wire-id'], /--wire-id needs a value/],
  ])('refuses the bad plan %j with exit code 2 and a one-line reason', async (plan, message) => {
    const { code, stderr } = await converse(plan, [], 0);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});
