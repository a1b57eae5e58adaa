import { controlStep, type Step } from '../runner/step.js';
import type { TurnEvent } from '../../src/contract/adapter.js';

/** What the next turns of one session do; the default completes at once. */
export type TurnPlan = { readonly kind: 'complete' } | { readonly kind: 'hold' } | { readonly kind: 'fail'; readonly value: unknown };

/**
 * The kit's side of `env.turn`: decides, per session id, whether a turn completes at once, is
 * held until released (so teardown can cut it), or fails. A cut turn rejects with the signal's
 * reason. Plans are keyed by id, never by call count.
 */
export class TurnGate {
  readonly #log: (step: Step) => void;
  readonly #plans = new Map<string, TurnPlan>();
  readonly #held = new Map<string, Set<() => void>>();
  #started = 0;
  #settled = 0;
  readonly #onSettle: ((id: string) => void)[] = [];
  readonly #onStart: ((id: string) => void)[] = [];

  /** `log` hears every plan and release, as steps of the check. */
  constructor(log: (step: Step) => void = () => undefined) {
    this.#log = log;
  }

  /** Sets what the turns of session `id` do from now on. */
  plan(id: string, plan: TurnPlan): void {
    this.#log(controlStep('turns', { id, plan: plan.kind === 'fail' ? { fail: plan.value } : plan.kind }, `turns(${id}: ${plan.kind})`));
    this.#plans.set(id, plan);
  }

  /** Completes every held turn of `id` and lets later turns of `id` complete at once. */
  release(id: string): void {
    this.#log(controlStep('release-turns', { id }, `release-turns(${id})`));
    this.#plans.delete(id);
    for (const complete of this.#held.get(id) ?? []) complete();
    this.#held.delete(id);
  }

  /**
   * Calls `listener` whenever a turn settles, as the first reaction to it: before the
   * implementation hears that its turn ended, so what happened by then happened during the turn.
   * It is told the session id of the turn.
   */
  onSettle(listener: (id: string) => void): void {
    this.#onSettle.push(listener);
  }

  /** Calls `listener` with the session id whenever a turn starts, before anything of it happened. */
  onStart(listener: (id: string) => void): void {
    this.#onStart.push(listener);
  }

  /** Turns started and not yet settled (as the kit sees them). */
  get inFlight(): number {
    return this.#started - this.#settled;
  }

  /** The `env.turn` implementation. */
  turn({ id, signal }: { readonly id: string; readonly signal: AbortSignal }): Promise<readonly TurnEvent[]> {
    this.#started += 1;
    for (const listener of this.#onStart) listener(id);
    const plan = this.#plans.get(id) ?? { kind: 'complete' };
    const outcome = new Promise<readonly TurnEvent[]>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      if (plan.kind === 'complete') return resolve([{ kind: 'assistant', data: 'ok' }]);
      if (plan.kind === 'fail') return reject(plan.value);
      const waiting = this.#held.get(id) ?? new Set();
      waiting.add(() => resolve([{ kind: 'assistant', data: 'released' }]));
      this.#held.set(id, waiting);
    });
    const settle = () => {
      this.#settled += 1;
      for (const listener of this.#onSettle) listener(id);
    };
    outcome.then(settle, settle);
    return outcome;
  }
}
