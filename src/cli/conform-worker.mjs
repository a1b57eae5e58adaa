// The entry of the conform worker: registers tsx (with the adapter's tsconfig), runs the
// --import preloads in order, then hands over to the TypeScript worker. Plain JavaScript,
// because a worker cannot start from a .ts file before a loader is registered in its own thread.
import { register } from 'tsx/esm/api';
import { parentPort, workerData } from 'node:worker_threads';

register(workerData.tsconfig === undefined ? {} : { tsconfig: workerData.tsconfig });
// An adapter's stray rejection must not end the worker: the suite reports what the adapter did.
process.on('unhandledRejection', () => undefined);
for (const preload of workerData.preloads) await import(preload);
// './conform-worker.js' is the compiled module in dist/, and (through tsx) the .ts source in a checkout.
const { runConformWorker } = await import('./conform-worker.js');
await runConformWorker(workerData, (message) => parentPort.postMessage(message));
