import { runWorker, type WorkerLoss, type WorkerOutput } from '../../src/worker/run-worker.js';
import { GATE_NAMES, type CheckOptions, type Gate } from './gate.js';
import type { GateReport } from './gate-report.js';

/** What `check` sends the process of one gate. */
export interface GateTask {
  /** The module (file URL) whose exported `GATES` record holds the gate's run. */
  readonly module: string;
  readonly gate: string;
  readonly options: CheckOptions;
}

/** What a gate's process posts: heartbeats, then its report, its configuration error, or the error it crashed with. */
export type GateMessage =
  | { readonly kind: 'alive' }
  | { readonly kind: 'report'; readonly report: GateReport }
  | { readonly kind: 'config-error'; readonly message: string }
  | { readonly kind: 'crash'; readonly message: string };

/**
 * A gate's process ended without a report: the gate's configuration error (as its `ConfigError`
 * said it), or a crash (a throw, an exit, a kill), named with the gate. `check` makes it the gate's
 * `error` outcome.
 */
export class GateProcessError extends Error {
  override readonly name = 'GateProcessError';
}

/** What a gate's process prints goes to `check`'s stderr, never into the report on stdout. */
const TO_STDERR: WorkerOutput = {
  add: (_stream, chunk) => {
    process.stderr.write(chunk);
  },
  flush: () => undefined,
};

/** How a gate's process ended without a report, in words (it runs with no time or memory limit, so only an exit or a kill). */
function lossText(loss: WorkerLoss | undefined): string {
  if (loss?.kind === 'exit' && loss.signal !== null) return `its process was killed by ${loss.signal} before it reported`;
  if (loss?.kind === 'exit') return `its process exited with code ${loss.code} before it reported`;
  return `its process ended before it reported (${loss?.kind ?? 'no report'})`;
}

/**
 * The gate `name` of `module` (a module exporting `GATES`, a record of runs by name), run in a
 * process of its own (src/worker/run-worker.ts, entry `gate-worker.mjs`): whatever the gate loaded
 * (a TypeScript program, a module graph) ends with its process, so `check`'s peak memory is its
 * largest gate's, not their sum. Only the report comes back.
 */
export function gateProcess(name: string, module: URL): Gate {
  return {
    name,
    run: async (options) => {
      let delivered: Exclude<GateMessage, { kind: 'alive' }> | undefined;
      const loss = await runWorker<GateMessage>({
        entry: new URL('./gate-worker.mjs', import.meta.url),
        task: { module: module.href, gate: name, options } satisfies GateTask,
        output: TO_STDERR,
        onMessage: (message) => {
          if (message.kind === 'alive') return false;
          delivered = message;
          return true;
        },
      });
      if (delivered === undefined) throw new GateProcessError(`${name}: ${lossText(loss)}`);
      if (delivered.kind === 'config-error') throw new GateProcessError(delivered.message);
      if (delivered.kind === 'crash') throw new GateProcessError(`${name}: the gate crashed: ${delivered.message}`);
      return delivered.report;
    },
  };
}

/** The gates `check` runs: each of `GATE_NAMES`, from `gates.ts`, in its own process. */
export const CHECK_GATES: readonly Gate[] = GATE_NAMES.map((name) => gateProcess(name, new URL('./gates.js', import.meta.url)));
