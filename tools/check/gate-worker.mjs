// The entry of the process `check` runs one gate in (forked by gate-process.ts through
// src/worker/run-worker.ts). It opens its channel, registers tsx when it runs from the kit's
// checkout (the gates are TypeScript sources there; the installed package runs dist/'s compiled
// .js), runs the gate (gate-task.ts) and posts its report. A throw is posted as the gate's crash,
// its stack on stderr (which `check` passes on).
import { existsSync } from 'node:fs';
import { describe, openChannel, registerTypeScript } from '../../src/worker/worker-side.mjs';

const { post, task } = openChannel();
const data = await task;
try {
  if (existsSync(new URL('./gate-task.ts', import.meta.url))) await registerTypeScript();
  post(await (await import('./gate-task.js')).runGateTask(data));
} catch (error) {
  if (error instanceof Error && error.stack !== undefined) process.stderr.write(`${error.stack}\n`);
  post({ kind: 'crash', message: describe(error) });
}
