/**
 * What the `conform` worker process does once `conform-worker.mjs` registered tsx and ran the
 * preloads: load the adapter, run the conformance suite, and tell the supervisor everything it
 * needs to know what is in flight (checks started and finished, each step as it starts, a hang
 * being confirmed) and what came of it (the evidence, or a load error). It decides nothing: the
 * supervisor computes every status and the verdict from the evidence.
 */
import type { WorkerStatusMessage } from './worker-process.js';
import type { AdapterFactory } from '../contract/adapter.js';
import type { ConfirmedHang } from '../../properties/runner/confirmed-hangs.js';
import { exploreConformance, type CheckOutcome, type ConformanceEvidence, type ConformanceOptions } from '../../properties/runner/run-conformance.js';
import type { Step } from '../../properties/runner/step.js';
import { brokenBuiltins } from './intact-builtins.js';
import { loadAdapter, type AdapterSpec } from './load-adapter.js';
import { stdioAdapter } from '../stdio/stdio-adapter.js';
import { UsageError } from './usage-error.js';

/** What the supervisor hands a worker. */
export interface ConformWorkerData {
  readonly task: 'conform';
  /** The adapter module; absent for the bundled reference runtime. */
  readonly adapter?: AdapterSpec;
  /** The command of a stdio adapter process (`--adapter-cmd`): the worker starts it as its child. */
  readonly adapterCmd?: string;
  /** Modules to import first, in order (file URLs or package names); `conform-worker.mjs` runs them. */
  readonly preloads: readonly string[];
  /** The tsconfig tsx loads TypeScript with. */
  readonly tsconfig?: string;
  readonly options: Omit<ConformanceOptions, 'onProgress' | 'onCheck'>;
}

/** A step as the supervisor hears of it: plain data, and its index in the check's step log. */
export interface StepNotice {
  readonly index: number;
  readonly step: Step;
}

/** A message from the worker to the supervisor. */
export type ConformWorkerMessage =
  | WorkerStatusMessage
  | { readonly kind: 'check-start'; readonly check: string }
  | { readonly kind: 'step'; readonly notices: readonly StepNotice[] }
  /** The check started a synchronous observation (told once per run of the same name since the last step). */
  | { readonly kind: 'observing'; readonly op: string }
  /** A wait of the check reached its limit: the check runs again to confirm the hang. */
  | { readonly kind: 'confirming'; readonly check: string; readonly reason: string }
  /** The confirming re-run hung too: the operation is not waited for again. */
  | { readonly kind: 'hang'; readonly hang: ConfirmedHang }
  | { readonly kind: 'check-end'; readonly outcome: CheckOutcome }
  | { readonly kind: 'generated' }
  | { readonly kind: 'progress'; readonly progress: Parameters<NonNullable<ConformanceOptions['onProgress']>>[0] }
  /** What the run observed, for the supervisor to decide (its last message). */
  | { readonly kind: 'evidence'; readonly evidence: ConformanceEvidence };

/** `step` as plain data that survives the trip to the supervisor (arguments that cannot be copied are dropped). */
function plainStep(step: Step): Step {
  try {
    return structuredClone(step);
  } catch {
    return { ...step, args: null };
  }
}

/**
 * Reports every step of a check's log as it is added, with the step before it (which has
 * usually settled by then). The log is the engine's own array: its `push` is wrapped on this
 * instance only, so a step reaches the supervisor before the operation it names runs, even when
 * that operation then blocks the thread forever.
 */
function reportSteps(steps: readonly Step[], post: (message: ConformWorkerMessage) => void, onStep: () => void): void {
  const log = steps as Step[];
  log.push = (...added: Step[]): number => {
    onStep();
    const length = Array.prototype.push.apply(log, added);
    const first = Math.max(0, length - added.length - 1);
    post({ kind: 'step', notices: log.slice(first).map((step, offset) => ({ index: first + offset, step: plainStep(step) })) });
    return length;
  };
}

/** At most one sign of life per this many ms from settled operations (the supervisor's silence limit is seconds). */
const SETTLE_BEAT_MS = 100;

/** How long the worker waits after the run for errors still escaping adapter code before it posts the evidence. */
const LAST_STRAYS_MS = 50;

/** Loads the adapter of `data` (the reference runtime without one) and runs the suite, posting what happens; never throws. */
export async function runConformWorker(data: ConformWorkerData, post: (message: ConformWorkerMessage) => void): Promise<void> {
  let factory: AdapterFactory;
  try {
    if (data.adapterCmd !== undefined) {
      // A protocol error ends the run as a usage error: nothing the adapter says after it can be trusted.
      const stdio = stdioAdapter({ command: data.adapterCmd, onProtocolError: (message) => post({ kind: 'usage', message }) });
      await stdio.ready().catch((error: unknown) => {
        throw new UsageError(`--adapter-cmd "${data.adapterCmd}": ${error instanceof Error ? error.message : String(error)}`);
      });
      factory = stdio;
    } else {
      factory = data.adapter === undefined ? (await import('../../properties/reference-adapter.js')).default : await loadAdapter(data.adapter);
    }
  } catch (error) {
    post({ kind: 'usage', message: error instanceof UsageError ? error.message : String(error) });
    return;
  }
  // A built-in the engine relies on, replaced by adapter code with one that answers wrong, is reported once (the run then fails).
  const reported = new Set<string>();
  const probeBuiltins = () => {
    for (const name of brokenBuiltins()) {
      if (reported.has(name)) continue;
      reported.add(name);
      post({ kind: 'stray', origin: 'built-in replaced', message: `${name} no longer behaves as specified (replaced by adapter code or an --import preload); the engine relies on it` });
    }
  };
  // What loading let escape (a rejection at load) surfaces on a later turn of the event loop: one turn lets it surface while loading.
  await new Promise((resolve) => setTimeout(resolve, 1));
  probeBuiltins();
  post({ kind: 'loaded' });
  // The timer heartbeat of adapter-worker.mjs needs the event loop to turn; operations settling in microtasks
  // do not let it, so each settled operation is a sign of life too (`process.send` writes at once).
  let beat = performance.now();
  // The step log of the check in flight: its last step is posted again when the check ends, with the result it settled to.
  let inFlight: readonly Step[] = [];
  // The observation last told since the last step: the supervisor holds it for what runs until the next step, so a
  // run of calls of the same observation is told once (an invariant may read `agents` many times in a row).
  let observed: string | undefined;
  const evidence = await exploreConformance(factory, {
    ...data.options,
    onSettle: () => {
      const now = performance.now();
      if (now - beat < SETTLE_BEAT_MS) return;
      beat = now;
      post({ kind: 'alive' });
    },
    onObserve: (op) => {
      if (op === observed) return;
      observed = op;
      post({ kind: 'observing', op });
    },
    onProgress: (progress) => post({ kind: 'progress', progress }),
    onCheck: (event) => {
      if (event.phase === 'start') {
        post({ kind: 'check-start', check: event.check });
        inFlight = event.steps;
        observed = undefined;
        reportSteps(event.steps, post, () => (observed = undefined));
      } else if (event.phase === 'confirm') {
        post({ kind: 'confirming', check: event.check, reason: event.reason });
      } else if (event.phase === 'hang') {
        post({ kind: 'hang', hang: event.hang });
      } else if (event.phase === 'end') {
        const last = inFlight.at(-1);
        if (last !== undefined) post({ kind: 'step', notices: [{ index: inFlight.length - 1, step: plainStep(last) }] });
        observed = undefined;
        probeBuiltins();
        post({ kind: 'check-end', outcome: event.outcome });
      } else {
        post({ kind: 'generated' });
      }
    },
  });
  // Errors escaping the last operations (a late rejection) surface on later turns: give them a few before the end.
  await new Promise((resolve) => setTimeout(resolve, LAST_STRAYS_MS));
  probeBuiltins();
  post({ kind: 'evidence', evidence });
}
