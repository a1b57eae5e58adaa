// The entry of the conform worker: registers tsx (with the adapter's tsconfig), runs the
// --import preloads in order, then loads the TypeScript worker. Plain JavaScript, because a
// worker cannot start from a .ts file before a loader is registered in its own thread.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register(workerData.tsconfig === undefined ? {} : { tsconfig: workerData.tsconfig });
for (const preload of workerData.preloads) await import(preload);
await import('./conform-worker.ts');
