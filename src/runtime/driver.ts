import { RuntimeError } from './errors.js';
import type { Model } from './kernel.js';
import type { RunOutcome } from './runtime-events.js';
import type { LogEvent, Session } from './session.js';

/**
 * The simulated driver of one agent: runs turns one at a time (docs/contract.md §2 "Turns"). A turn
 * appends a `user` event, awaits the model (raced with its cancel signal), appends the model's
 * events and a `turn-end`. Once stopped it refuses turns with `inactive`.
 */
export class Driver {
  readonly #session: Session;
  readonly #model: Model;
  readonly #appended: (event: LogEvent) => void;
  #queue: Promise<unknown> = Promise.resolve();
  #inFlight: AbortController | undefined;
  #stopped = false;
  #cut = false;
  #failed = false;

  /** `appended` is told of every event right after it is appended. */
  constructor(session: Session, model: Model, appended: (event: LogEvent) => void) {
    this.#session = session;
    this.#model = model;
    this.#appended = appended;
  }

  /** `running` while a turn is in flight. */
  get status(): 'idle' | 'running' {
    return this.#inFlight === undefined ? 'idle' : 'running';
  }

  /** How the agent's turns went: a cut turn wins over a failed one. */
  get outcome(): RunOutcome {
    if (this.#cut) return 'cancelled';
    return this.#failed ? 'failed' : 'completed';
  }

  /** Runs one turn after the ones already queued. */
  prompt(): Promise<void> {
    if (this.#stopped) return Promise.reject(this.#refusal());
    const turn = this.#queue.then(() => this.#turn());
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  /** Refuses new turns, cancels the in-flight one and resolves once it settled. Idempotent. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#inFlight?.abort();
    await this.#queue;
  }

  #refusal(): RuntimeError {
    return new RuntimeError('inactive', `agent ${JSON.stringify(this.#session.id)} is tearing down: no new turns`);
  }

  async #turn(): Promise<void> {
    if (this.#stopped) throw this.#refusal();
    const controller = new AbortController();
    this.#inFlight = controller;
    try {
      this.#appended(this.#session.append('user'));
      const cut = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(new RuntimeError('aborted', `turn of ${JSON.stringify(this.#session.id)} was cut by teardown`)), { once: true });
      });
      const events = await Promise.race([this.#model({ session: this.#session, signal: controller.signal }), cut]);
      if (!Array.isArray(events)) throw new RuntimeError('invalid', `the model of ${JSON.stringify(this.#session.id)} returned ${typeof events}, not an array of events`);
      for (const { kind, data } of events as readonly { kind: unknown; data?: unknown }[]) {
        if (kind !== 'assistant' && kind !== 'tool') throw new RuntimeError('invalid', `the model returned an event of kind ${JSON.stringify(kind)}`);
        this.#appended(this.#session.append(kind, data));
      }
      this.#appended(this.#session.append('turn-end'));
    } catch (error) {
      if (controller.signal.aborted) this.#cut = true;
      else this.#failed = true;
      throw error;
    } finally {
      this.#inFlight = undefined;
    }
  }
}
