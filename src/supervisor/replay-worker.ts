/**
 * What the `replay` worker process does once `adapter-worker.mjs` registered tsx: load the
 * adapter, replay the scenarios from the one it is told to start at, and post each result (and
 * each scenario as it starts, so the supervisor knows which one is in flight).
 */
import type { WorkerStatusMessage } from './worker-process.js';
import type { Scenario } from '../contract/scenario.js';
import { HistoryRecorder } from '../../scenarios/history/history-recorder.js';
import { formatResult } from '../../scenarios/replay/format-result.js';
import { replayDetail, type ReplayDetail } from '../../scenarios/replay/replay-html-report.js';
import { replayScenario } from '../../scenarios/replay/replay-scenario.js';
import { loadAdapter, type AdapterSpec } from './load-adapter.js';
import { stdioAdapter } from '../stdio/stdio-adapter.js';
import { UsageError } from './usage-error.js';

/** What the supervisor hands a replay worker. */
export interface ReplayWorkerData {
  readonly task: 'replay';
  /** The adapter module; absent when `adapterCmd` names a stdio adapter process instead. */
  readonly adapter?: AdapterSpec;
  /** The command of a stdio adapter process (`--adapter-cmd`): the worker starts it as its child. */
  readonly adapterCmd?: string;
  /** Modules to import first, in order (file URLs or package names); `adapter-worker.mjs` runs them. */
  readonly preloads: readonly string[];
  /** The tsconfig tsx loads TypeScript with. */
  readonly tsconfig?: string;
  readonly scenarios: readonly { readonly file: string; readonly scenario: Scenario }[];
  /** The index of the first scenario to replay (the ones before it are decided). */
  readonly from: number;
  /** Whether to record each replay's history. */
  readonly record: boolean;
}

/** A message from the replay worker to the supervisor. */
export type ReplayWorkerMessage =
  | WorkerStatusMessage
  | { readonly kind: 'scenario-start'; readonly index: number }
  | { readonly kind: 'scenario-end'; readonly index: number; readonly status: 'PASS' | 'FAIL' | 'SKIP'; readonly text: string; readonly detail: ReplayDetail; readonly history?: readonly string[] }
  | { readonly kind: 'done' };

/** Loads the adapter of `data` and replays its scenarios from `data.from`, posting each result; never throws. */
export async function runReplayWorker(data: ReplayWorkerData, post: (message: ReplayWorkerMessage) => void): Promise<void> {
  let adapter;
  try {
    if (data.adapterCmd !== undefined) {
      const stdio = stdioAdapter({ command: data.adapterCmd, onProtocolError: (message) => post({ kind: 'usage', message }) });
      await stdio.ready().catch((error: unknown) => {
        throw new UsageError(`--adapter-cmd "${data.adapterCmd}": ${error instanceof Error ? error.message : String(error)}`);
      });
      adapter = stdio;
    } else {
      adapter = await loadAdapter(data.adapter!);
    }
  } catch (error) {
    post({ kind: 'usage', message: error instanceof UsageError ? error.message : String(error) });
    return;
  }
  post({ kind: 'loaded' });
  for (let index = data.from; index < data.scenarios.length; index += 1) {
    const { file, scenario } = data.scenarios[index]!;
    post({ kind: 'scenario-start', index });
    const lines: string[] = [];
    const record = data.record ? new HistoryRecorder((line) => lines.push(line)) : undefined;
    const result = await replayScenario(scenario, adapter, record === undefined ? {} : { record });
    post({ kind: 'scenario-end', index, status: result.status, text: formatResult(file, scenario, result), detail: replayDetail(scenario, result), ...(record === undefined || result.status === 'SKIP' ? {} : { history: lines }) });
  }
  // A rejection nobody handled surfaces only after the turn it happened in: give those of the last scenario a turn to show.
  await new Promise((resolve) => setTimeout(resolve, 1));
  post({ kind: 'done' });
}
