// The entry of the worker process that runs adapter code (forked through src/worker/run-worker.ts for
// `conform` and `replay`). It opens its channel (src/worker/worker-side.mjs), waits for its task,
// registers tsx for both module systems when TypeScript may be loaded (with the adapter's tsconfig),
// runs the --import preloads in order, then hands over to the TypeScript task (conform-worker.ts or
// replay-worker.ts). Whatever the adapter does here is the supervisor's to judge: an exit, a blocked
// thread, what it prints, a stray rejection.
import { existsSync } from 'node:fs';
import { register as registerHooks } from 'node:module';
import { describe, openChannel, registerTypeScript } from '../worker/worker-side.mjs';

// First, before any foreign code runs (the --import preloads, the adapter).
const { post, task } = openChannel();

const source = existsSync(new URL('./conform-worker.ts', import.meta.url));

// An adapter's stray rejection or uncaught throw must not end the worker: the supervisor reports it.
process.on('unhandledRejection', (reason) => post({ kind: 'stray', origin: 'unhandled rejection', message: describe(reason) }));
process.on('uncaughtException', (error) => post({ kind: 'stray', origin: 'uncaught exception', message: describe(error) }));

const data = await task;
try {
  if (source || data.adapter !== undefined || data.preloads.length > 0) await registerTypeScript(data.tsconfig);
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
