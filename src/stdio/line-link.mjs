// The thread that carries the JSON lines of the stdio adapter protocol (src/stdio/link.ts starts
// it). Plain JavaScript: a worker thread starts from a file before any loader is registered.
// On the kit's side it spawns the adapter command and owns its stdin and stdout; on the adapter's
// side it reads the process's stdin. It posts every line it reads to its owner, except the one
// answer the owner waits for synchronously (a kit observation, an adapter's id or clock
// request): that one it writes into the shared buffer and wakes the owner, which is blocked.
// While the owner is blocked, a request the owner must answer at once for the other side to go
// on (`interject`: the adapter's own synchronous id, clock and seed requests) wakes it too.
//
// The shared state: 0 idle, 1 the owner waits, 2 the answer is in the buffer, 3 the other side
// ended, 4 the answer did not fit, 5 an interjection is in the buffer (the owner sets 1 again).
import { spawn } from 'node:child_process';
import { createReadStream, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parentPort, workerData } from 'node:worker_threads';

const { mode, command, shared, answer, interject } = workerData;
const state = new Int32Array(shared, 0, 2);
const bytes = new Uint8Array(shared, 8);
const encoder = new TextEncoder();

/** The id of the answer the owner waits for, or undefined. */
let awaited;

/** Hands `line` to the owner: into the shared buffer when it is the awaited answer, else as a message. */
function deliver(line) {
  if (awaited !== undefined) {
    let parsed;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    const interjection = interject !== undefined && parsed?.type === interject.type && interject.ops.includes(parsed.op);
    if ((parsed?.type === answer && parsed.id === awaited) || interjection) {
      // The owner may still be busy with an earlier interjection: the buffer is its until it waits again.
      while (Atomics.load(state, 0) === 5) Atomics.wait(state, 0, 5, 1000);
      if (Atomics.load(state, 0) !== 1) return parentPort.postMessage({ line });
      const encoded = encoder.encode(line);
      if (!interjection) awaited = undefined;
      if (encoded.length > bytes.length) {
        Atomics.store(state, 0, 4);
      } else {
        bytes.set(encoded);
        Atomics.store(state, 1, encoded.length);
        Atomics.store(state, 0, interjection ? 5 : 2);
      }
      Atomics.notify(state, 0);
      return;
    }
  }
  parentPort.postMessage({ line });
}

/** The end of input: a blocked owner wakes and learns it. */
function closed(message) {
  awaited = undefined;
  Atomics.store(state, 0, 3);
  Atomics.notify(state, 0);
  parentPort.postMessage(message);
}

let write;
if (mode === 'spawn') {
  const child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.on('error', () => undefined);
  child.on('error', (error) => closed({ exit: { error: error.message } }));
  child.on('exit', (code, signal) => closed({ exit: { code, signal } }));
  createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', deliver);
  write = (line) => child.stdin.write(`${line}\n`);
  parentPort.on('message', (message) => {
    if (message.kill === true) child.kill('SIGKILL');
  });
  parentPort.postMessage({ pid: child.pid });
} else {
  createInterface({ input: createReadStream('', { fd: 0 }), crlfDelay: Infinity })
    .on('line', deliver)
    .on('close', () => closed({ exit: { code: 0, signal: null } }));
  write = (line) => {
    try {
      writeSync(1, `${line}\n`);
    } catch {
      // The kit is gone (EPIPE): so is the reason to go on.
      closed({ exit: { code: 0, signal: null } });
    }
  };
}

parentPort.on('message', (message) => {
  if (message.await !== undefined) awaited = message.await;
  if (message.write !== undefined) write(message.write);
});
