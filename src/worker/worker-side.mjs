// The worker's side of src/worker/run-worker.ts, for the entry module of a forked worker (the
// supervisor's adapter-worker.mjs, `check`'s gate-worker.mjs). Plain JavaScript, because a process
// cannot start from a .ts file before a loader is registered: the entry opens its channel, registers
// tsx when it runs from the kit's checkout (its TypeScript sources; the installed package runs the
// compiled .js of dist/), then imports its TypeScript task.
import { rmSync } from 'node:fs';

/**
 * Opens the channel to the parent: `post` sends a message with the worker's token, `task` is the
 * parent's first message (the token taken out). Call it before any other code runs in the worker:
 * what it talks to its parent with are its own copies, which code the worker runs later cannot
 * replace or call. It also sends the watchdog's heartbeat (`alive`, with the resident set size, every
 * 200 ms while the event loop turns), and ends the worker with its process group when the parent is
 * gone.
 */
export function openChannel() {
  const send = process.send.bind(process);
  const { parse, stringify } = JSON;
  const rss = process.memoryUsage.rss.bind(process.memoryUsage);
  const every = setInterval;
  /** The channel token of this worker (from its task): every message carries it; the code the worker runs never gets it. */
  let token;
  /** Sends to the parent, with the token; a message the structured clone cannot copy goes as JSON instead. */
  const post = (message) => {
    try {
      send({ ...message, token });
    } catch {
      send({ ...parse(stringify(message)), token });
    }
  };
  every(() => post({ kind: 'alive', rss: rss() }), 200);
  // Without its parent (killed, even with SIGKILL), a worker has no one to report to: it ends with
  // what it started in its process group, and removes its temp folder (run-worker.ts `tempEnv`: the
  // supervisor's KIT_TEMP_ENV, src/runtime/remote.ts), which nobody else will.
  process.on('disconnect', () => {
    const temp = process.env.AGENT_IDENTITY_KIT_TEMP;
    if (temp !== undefined) rmSync(temp, { recursive: true, force: true });
    try {
      if (process.platform !== 'win32') process.kill(-process.pid, 'SIGKILL');
    } finally {
      process.exit(0);
    }
  });
  const task = new Promise((resolve) => process.once('message', resolve)).then(({ token: given, ...data }) => {
    token = given;
    return data;
  });
  return { post, task };
}

/** Registers tsx for both module systems, with `tsconfig` when given (its CommonJS hook reads it from TSX_TSCONFIG_PATH, which the parent sets). */
export async function registerTypeScript(tsconfig) {
  const [{ register }, { register: registerCommonJs }] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]);
  register(tsconfig === undefined ? {} : { tsconfig });
  registerCommonJs();
}

/** One line for a thrown value: an error's name and the first line of its message. */
export function describe(value) {
  if (value instanceof Error) return `${value.name}: ${value.message.split('\n')[0]}`;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
