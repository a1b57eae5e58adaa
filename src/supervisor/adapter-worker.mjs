// The entry of the worker process that runs adapter code (forked by src/supervisor/worker-process.ts for
// `conform` and `replay`). Plain JavaScript, because a process cannot start from a .ts file before
// a loader is registered. It waits for its task, registers tsx for both module systems when
// TypeScript may be loaded (with the adapter's tsconfig), runs the --import preloads in order, then
// hands over to the TypeScript task (conform-worker.ts or replay-worker.ts). Whatever the adapter does here is the supervisor's to judge: an exit, a blocked thread,
// what it prints, a stray rejection.
import { existsSync, rmSync } from 'node:fs';
import { register as registerHooks } from 'node:module';

// Safe copies, taken before any foreign code runs (the --import preloads, the adapter): what the
// worker talks to its supervisor with must not be what adapter code can replace or call.
const send = process.send.bind(process);
const { parse, stringify } = JSON;
const rss = process.memoryUsage.rss.bind(process.memoryUsage);
const every = setInterval;

const source = existsSync(new URL('./conform-worker.ts', import.meta.url));

/** The channel token of this worker (from its task): every message carries it; adapter code never gets it. */
let token;

/** Sends to the supervisor, with the token; a message the structured clone cannot copy goes as JSON instead. */
function post(message) {
  try {
    send({ ...message, token });
  } catch {
    send({ ...parse(stringify(message)), token });
  }
}

// An adapter's stray rejection or uncaught throw must not end the worker: the supervisor reports it.
process.on('unhandledRejection', (reason) => post({ kind: 'stray', origin: 'unhandled rejection', message: describe(reason) }));
process.on('uncaughtException', (error) => post({ kind: 'stray', origin: 'uncaught exception', message: describe(error) }));
// The watchdog's heartbeat: it stops only when the thread is blocked (a synchronous loop). It carries the memory in use.
every(() => post({ kind: 'alive', rss: rss() }), 200);
// Without its supervisor (killed, even with SIGKILL), a worker has no one to report to: it ends with
// what the adapter started in its process group, and removes its temp folder (the supervisor's
// KIT_TEMP_ENV, src/runtime/remote.ts), which nobody else will.
process.on('disconnect', () => {
  const temp = process.env.AGENT_IDENTITY_KIT_TEMP;
  if (temp !== undefined) rmSync(temp, { recursive: true, force: true });
  try {
    if (process.platform !== 'win32') process.kill(-process.pid, 'SIGKILL');
  } finally {
    process.exit(0);
  }
});

function describe(value) {
  if (value instanceof Error) return `${value.name}: ${value.message.split('\n')[0]}`;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

const { token: given, ...data } = await new Promise((resolve) => process.once('message', resolve));
token = given;
try {
  if (source || data.adapter !== undefined || data.preloads.length > 0) {
    const [{ register }, { register: registerCommonJs }] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]);
    register(data.tsconfig === undefined ? {} : { tsconfig: data.tsconfig });
    // tsx's CommonJS hook reads the tsconfig from TSX_TSCONFIG_PATH (the supervisor sets it).
    registerCommonJs();
  }
  // In a checkout, its own code importing the kit by name runs the sources (registered after tsx, so its hook runs first).
  if (source) registerHooks(new URL('./checkout-sources.mjs', import.meta.url), { data: { root: new URL('../../', import.meta.url).href } });
  // The engine's safe copies of built-ins are taken now, before any preload or adapter code can replace one.
  await import('../../properties/runner/safe-builtins.js');
  for (const preload of data.preloads) {
    try {
      await import(preload);
    } catch (error) {
      throw new Error(`--import ${preload}: cannot load the preload (${describe(error)})`);
    }
  }
  // The task modules are compiled .js in dist/, and (through tsx) the .ts sources in a checkout.
  if (data.task === 'replay') await (await import('./replay-worker.js')).runReplayWorker(data, post);
  else await (await import('./conform-worker.js')).runConformWorker(data, post);
} catch (error) {
  // Never left running silently: the supervisor hears why the worker could not go on.
  post({ kind: 'usage', message: error instanceof Error ? error.message : String(error) });
}
