/**
 * The worker `conform` starts when the adapter needs preloads (`--import`) or its own tsconfig
 * (`--tsconfig`): it loads the adapter under those, runs the conformance suite and posts the
 * report back. Progress is posted as it goes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { AdapterFactory } from '../contract/adapter.js';
import { runConformance, type ConformanceOptions } from '../../properties/runner/run-conformance.js';

/** What the parent hands the worker. */
export interface ConformWorkerData {
  /** The adapter module as a file URL. */
  readonly url: string;
  /** The named export holding the factory. */
  readonly exportName: string;
  readonly options: Omit<ConformanceOptions, 'onProgress'>;
  /** Modules to import first, in order (file URLs or package names); `conform-worker.mjs` runs them. */
  readonly preloads: readonly string[];
  /** The tsconfig tsx loads TypeScript with. */
  readonly tsconfig?: string;
}

const data = workerData as ConformWorkerData;
const port = parentPort;
if (port !== null) {
  process.on('unhandledRejection', () => undefined);
  try {
    const module = (await import(data.url)) as Record<string, unknown>;
    const factory = module[data.exportName];
    if (typeof factory !== 'function') {
      port.postMessage({ kind: 'usage', message: `exports no adapter factory named "${data.exportName}"` });
    } else {
      const report = await runConformance(factory as AdapterFactory, { ...data.options, onProgress: (progress) => port.postMessage({ kind: 'progress', progress }) });
      port.postMessage({ kind: 'report', report });
    }
  } catch (error) {
    port.postMessage({ kind: 'usage', message: `cannot load the adapter module (${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)})` });
  }
}
