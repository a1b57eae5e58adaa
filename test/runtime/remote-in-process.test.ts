/**
 * The simulated ACP child served in process (`RemoteLauncher.inProcess`, what the generated runs'
 * model uses) behaves as the same child spawned as a process: for every plan of
 * `acp-child-server.mjs`, the same script of remote operations gives the same outcomes, error
 * messages and events over both transports.
 */
import { describe, expect, it } from 'vitest';
import { acpChildServer, isRuntimeError, type RemoteLauncher } from '../../src/runtime/index.js';
import { counterIds, lines, rejection, testRuntime } from './_support.js';

/** What one call came to: `ok`, or the error's code and message. */
async function outcome(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    return isRuntimeError(error) ? `${error.code}: ${error.message}` : `thrown: ${String(error)}`;
  }
}

/**
 * Starts a remote run with `plan`, prompts it (cut by a dispose after 30 ms when `cut`), prompts
 * again, disposes it, then shuts the runtime down; returns every outcome and every event heard.
 */
async function transcript(plan: readonly string[], inProcess: boolean, launcher: Partial<RemoteLauncher> = {}, cut = false): Promise<string[]> {
  // A process may start slowly on a loaded machine: only a plan silent in its handshake meets the limit, and a
  // silent session/new only after initialize was answered, however slowly the process started.
  const handshakeTimeoutMs = plan.includes('initialize') ? 300 : plan.includes('session/new') ? 10_000 : 30_000;
  const { runtime, heard } = testRuntime({ remote: { ...acpChildServer(plan), handshakeTimeoutMs, killGraceMs: 50, ...launcher, inProcess }, ids: counterIds() });
  const parent = await runtime.create({ sessionId: 'parent' });
  const said: string[] = [];
  let run: Awaited<ReturnType<typeof parent.agent.context.spawnRemote>> | undefined;
  said.push(`start ${await outcome(async () => (run = await parent.agent.context.spawnRemote()))}`);
  if (run !== undefined) {
    const started = run;
    const prompt = outcome(() => started.prompt());
    const dispose = cut ? new Promise((resolve) => setTimeout(resolve, 30)).then(() => outcome(() => started.dispose())) : undefined;
    said.push(`prompt ${await prompt}`);
    if (dispose !== undefined) said.push(`dispose ${await dispose}`);
    said.push(`prompt again ${await outcome(() => started.prompt())}`);
    said.push(`dispose ${await outcome(() => started.dispose())}`);
  }
  said.push(`shutdown ${await outcome(() => runtime.shutdown())}`);
  return [...said, ...lines(heard), ...heard.filter(({ type }) => type === 'subagent/end').map(({ payload }) => `outcome ${(payload as { outcome: string }).outcome}`)];
}

const PLANS: readonly { readonly name: string; readonly plan: readonly string[]; readonly cut?: boolean }[] = [
  { name: 'a child that answers everything', plan: [] },
  { name: 'a slow first answer', plan: ['--initialize-delay', '20'] },
  ...['malformed', 'empty-id', 'no-id', 'not-json', 'not-object', 'error'].map((reply) => ({ name: `session/new answered ${reply}`, plan: ['--reply', reply] })),
  { name: 'a silent initialize (the handshake limit)', plan: ['--silent', 'initialize'] },
  { name: 'a silent session/new (the handshake limit)', plan: ['--silent', 'session/new'] },
  { name: 'a crash right after session/new', plan: ['--crash-after-new'] },
  { name: 'a crash on the prompt', plan: ['--crash-on-prompt'] },
  { name: 'a prompt cut by dispose (session/cancel answered)', plan: ['--prompt-delay', '60000'], cut: true },
  { name: 'a prompt never answered, cut by dispose (grace, then kill)', plan: ['--silent', 'session/prompt'], cut: true },
  { name: 'a child slow to exit', plan: ['--exit-delay', '20'] },
  { name: 'a plan the child refuses (exit code 2)', plan: ['--no-such-flag'] },
];

describe.concurrent('the simulated ACP child in process', () => {
  it.each(PLANS)('matches the spawned child: $name', async ({ plan, cut = false }) => {
    const [spawned, served] = await Promise.all([transcript(plan, false, {}, cut), transcript(plan, true, {}, cut)]);
    expect(served).toEqual(spawned);
    expect(spawned[0]).toMatch(/^start /);
  });

  it('starts no process: a command that does not exist still serves the child', async () => {
    const said = await transcript([], true, { command: '/no/such/node' });
    expect(said.slice(0, 4)).toEqual(['start ok', 'prompt ok', 'prompt again ok', 'dispose ok']);
  });

  it('serves only the bundled child: inProcess with other arguments is invalid', async () => {
    const { runtime } = testRuntime({ remote: { command: process.execPath, args: ['other-server.mjs'], inProcess: true } });
    const parent = await runtime.create({ sessionId: 'parent' });
    const error = await rejection(parent.agent.context.spawnRemote());
    expect(isRuntimeError(error) && error.code).toBe('invalid');
    expect(String((error as Error).message)).toMatch(/remote\.inProcess runs only the bundled simulated ACP child server/);
    await runtime.shutdown();
  });
});
