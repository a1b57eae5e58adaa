/**
 * What the `conform` worker does once `conform-worker.mjs` registered tsx and ran the preloads:
 * load the adapter, run the conformance suite, post progress and the report (or a usage error).
 */
import type { AdapterFactory } from '../contract/adapter.js';
import type { ConformanceReport } from '../../properties/report/conformance-report.js';
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

/** A message from the worker to `conform`. */
export type ConformWorkerMessage =
  | { readonly kind: 'progress'; readonly progress: Parameters<NonNullable<ConformanceOptions['onProgress']>>[0] }
  | { readonly kind: 'usage'; readonly message: string }
  | { readonly kind: 'report'; readonly report: ConformanceReport };

/** Loads the adapter of `data` and runs the suite, posting what happens through `post`; never throws. */
export async function runConformWorker(data: ConformWorkerData, post: (message: ConformWorkerMessage) => void): Promise<void> {
  let module: Record<string, unknown>;
  try {
    module = (await import(data.url)) as Record<string, unknown>;
  } catch (error) {
    post({ kind: 'usage', message: `cannot load the adapter module (${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)})` });
    return;
  }
  const factory = module[data.exportName];
  if (typeof factory !== 'function') {
    post({ kind: 'usage', message: `exports no adapter factory named "${data.exportName}"` });
    return;
  }
  const report = await runConformance(factory as AdapterFactory, { ...data.options, onProgress: (progress) => post({ kind: 'progress', progress }) });
  post({ kind: 'report', report });
}
