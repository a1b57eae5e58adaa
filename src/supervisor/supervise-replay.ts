import type { Scenario } from '../contract/scenario.js';
import type { AdapterLoading, AdapterSpec } from './load-adapter.js';
import type { ReplayWorkerData, ReplayWorkerMessage } from './replay-worker.js';
import type { ReplayDetail } from '../../scenarios/replay/replay-html-report.js';
import { WATCHDOG_GRACE_MS, lossText } from './supervise-conformance.js';
import { UsageError } from './usage-error.js';
import { KIT_TEMP_ENV } from '../runtime/remote.js';
import { runWorker } from '../worker/run-worker.js';
import { AdapterOutput, DEFAULT_MEMORY_LIMIT_MB } from './worker-process.js';

/** One scenario's result as the supervisor hands it on. */
export interface SupervisedReplayResult {
  readonly index: number;
  readonly status: 'PASS' | 'FAIL' | 'SKIP';
  /** The result for a person (formatResult's text, or the loss of the worker). */
  readonly text: string;
  /** What the HTML report draws of it; absent when the worker was lost in it. */
  readonly detail?: ReplayDetail;
  readonly history?: readonly string[];
}

/** The per-operation limit of a replay (replayScenario's default), which the watchdog adds its grace to. */
const REPLAY_TIMEOUT_MS = 5000;

/**
 * Replays scenarios against an adapter in a supervised worker process (DESIGN.md "Supervisor and
 * worker"): results come back in order through `onResult`; a worker lost in a scenario (an exit,
 * a crash, a hang the watchdog stopped) makes that scenario FAIL with what happened, and the rest
 * run in a fresh worker. Adapter output and stray errors go to `log`. An error escaping adapter code
 * (a stray rejection or throw) during a scenario fails that scenario, as it fails a conformance run;
 * those that surfaced outside any scenario are returned, one line each, for the caller to fail the
 * run with. A worker lost while loading the adapter, or a load error, is a usage error.
 */
export async function superviseReplay(run: {
  /** The adapter module, or (`adapterCmd`) the command of a stdio adapter process. */
  readonly adapter: AdapterSpec | { readonly command: string };
  /** How the worker loads the adapter (`--import`, `--tsconfig`); none when absent. */
  readonly loading?: AdapterLoading;
  readonly scenarios: readonly { readonly file: string; readonly scenario: Scenario }[];
  readonly record: boolean;
  readonly log: (text: string) => void;
  readonly onResult: (result: SupervisedReplayResult) => void;
}): Promise<readonly string[]> {
  const output = new AdapterOutput(run.log);
  /** Escaped errors per scenario index, and those outside any scenario. */
  const during = new Map<number, string[]>();
  const outside: string[] = [];
  /** The scenario that ended last, handed on once the next one starts or the worker ends. */
  let ended: SupervisedReplayResult | undefined;
  const settle = () => {
    if (ended === undefined) return;
    const escaped = during.get(ended.index) ?? [];
    run.onResult(escaped.length === 0 ? ended : { ...ended, status: 'FAIL', text: `${ended.text.replace(/^(PASS|SKIP) /, 'FAIL ')}${escaped.map((line) => `      adapter: ${line}\n`).join('')}` });
    ended = undefined;
  };
  let from = 0;
  while (from < run.scenarios.length) {
    const tsconfig = run.loading?.tsconfig;
    const data: ReplayWorkerData = { task: 'replay', ...('command' in run.adapter ? { adapterCmd: run.adapter.command } : { adapter: run.adapter }), preloads: run.loading?.preloads ?? [], ...(tsconfig === undefined ? {} : { tsconfig }), scenarios: run.scenarios, from, record: run.record };
    let flight: number | 'load' | 'between' = 'load';
    let usage: string | undefined;
    const loss = await runWorker<ReplayWorkerMessage>({
      entry: new URL('./adapter-worker.mjs', import.meta.url),
      task: data,
      // tsx's CommonJS hook reads the tsconfig from the environment.
      ...(tsconfig === undefined ? {} : { env: { TSX_TSCONFIG_PATH: tsconfig } }),
      silenceLimitMs: REPLAY_TIMEOUT_MS + WATCHDOG_GRACE_MS,
      memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB,
      tempEnv: KIT_TEMP_ENV,
      output,
      onMessage: (message) => {
        if (message.kind === 'loaded') flight = 'between';
        if (message.kind === 'scenario-start') {
          settle();
          flight = message.index;
        }
        if (message.kind === 'scenario-end') {
          settle();
          flight = 'between';
          from = message.index + 1;
          ended = { index: message.index, status: message.status, text: message.text, detail: message.detail, ...(message.history === undefined ? {} : { history: message.history }) };
        }
        if (message.kind === 'stray') {
          const line = `${message.origin} escaped from adapter code: ${message.message}`;
          // One that surfaces after a scenario ended and before the next began is that scenario's (a rejection left behind by it).
          const owner = typeof flight === 'number' ? flight : ended?.index;
          if (owner === undefined) outside.push(line);
          else during.set(owner, [...(during.get(owner) ?? []), line]);
          run.log(`agent-identity-kit: ${message.origin} from adapter code ${owner === undefined ? 'outside any scenario' : `during ${run.scenarios[owner]!.file}`}: ${message.message}\n`);
        }
        if (message.kind === 'usage') usage = message.message;
        return message.kind === 'usage' || message.kind === 'done';
      },
    });
    settle();
    if (usage !== undefined) throw new UsageError(usage);
    if (loss === undefined) return outside;
    const current = flight as number | 'load' | 'between';
    if (current === 'load') throw new UsageError(`${'command' in run.adapter ? `--adapter-cmd "${run.adapter.command}"` : run.adapter.file}: ${lossText(loss)} while loading the adapter module`);
    // Lost between two scenarios, the next one is blamed: it is the one that could not run.
    const index = current === 'between' ? from : current;
    const { file, scenario } = run.scenarios[index]!;
    run.onResult({ index, status: 'FAIL', text: `FAIL  ${scenario.id} — ${scenario.title}\n      ${file}\n      adapter: ${lossText(loss)}\n` });
    run.log(`agent-identity-kit: ${lossText(loss)} in ${file}; going on in a fresh worker\n`);
    from = index + 1;
  }
  return outside;
}
