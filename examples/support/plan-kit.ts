import type {
  AdapterEnv,
  AgentEntry,
  EventType,
  ListenPlan,
  ObservedEvent,
  PlanOutcome,
  SessionEntry,
  SetupPlan,
  SignalPlan,
} from '../../src/contract/adapter.js';
import { RECORDER } from '../../src/contract/adapter.js';
import { settle } from './settle.js';

/** What the plans need from the adapter that uses them. */
export interface PlanHost {
  /** The live entries, for `record` listeners. */
  snapshot(): { readonly agents: readonly AgentEntry[]; readonly sessions: readonly SessionEntry[] };
  /** Unloads the owner of this token (the root owner when absent). */
  unload(owner: string | undefined): Promise<unknown>;
  shutdown(): Promise<unknown>;
  /** What an event's payload says, as the kit observes it (everything but the listener fields). */
  observe(type: EventType, payload: unknown): Omit<ObservedEvent, 'listener' | 'scope' | 'snapshot'>;
}

/**
 * The plain-data plans of the adapter interface turned into setup callbacks, abort signals and
 * listeners, with the event log and plan outcomes the kit reads. Shared by the example adapters:
 * nothing here knows the implementation behind the host.
 */
export class PlanKit {
  readonly events: ObservedEvent[] = [];
  readonly outcomes: PlanOutcome[] = [];
  readonly #env: AdapterEnv;
  readonly #host: PlanHost;
  readonly #signals = new Map<string, { readonly controller: AbortController; readonly reason: unknown }>();

  constructor(env: AdapterEnv, host: PlanHost) {
    this.#env = env;
    this.#host = host;
  }

  /** The adapter's own recorder for `type`: install it before anything else. */
  recorder(type: EventType): (payload: unknown) => void {
    return (payload) => {
      this.events.push({ ...this.#host.observe(type, payload), listener: RECORDER });
    };
  }

  /** An abort signal per plan, aborted with exactly its reason at the planned moment. */
  signal(plan: SignalPlan | undefined): AbortSignal | undefined {
    if (plan === undefined) return undefined;
    const controller = new AbortController();
    this.#signals.set(plan.name, { controller, reason: plan.reason });
    if (plan.at === 'before') controller.abort(plan.reason);
    else if (plan.at !== 'listener') void this.#env.pause(plan.at.pause).then(() => controller.abort(plan.reason));
    return controller.signal;
  }

  /**
   * A listener per plan: it logs what it hears and acts at most once. `plan.event === '*'`
   * means the caller registers it for every type; the act-once state is shared across them.
   * `scope` is the token of the agent whose context it is installed on.
   */
  listener(plan: ListenPlan, scope: string | undefined): (type: EventType) => (payload: unknown) => unknown {
    let acted = false;
    return (type) => (payload) => {
      const observed = { ...this.#host.observe(type, payload), listener: plan.name, ...(scope === undefined ? {} : { scope }) };
      this.events.push(plan.action === 'record' ? { ...observed, snapshot: this.#host.snapshot() } : observed);
      if (acted) return undefined;
      acted = true;
      switch (plan.action) {
        case 'record':
          return undefined;
        case 'throw':
          throw plan.value;
        case 'reject':
          return Promise.reject(plan.value);
        case 'abort': {
          const signal = this.#signals.get(String(plan.value));
          signal?.controller.abort(signal.reason);
          return undefined;
        }
        case 'unload':
          this.#report(plan.name, 'unload', () => this.#host.unload(typeof plan.value === 'string' ? plan.value : undefined));
          return undefined;
        case 'shutdown':
          this.#report(plan.name, 'shutdown', () => this.#host.shutdown());
          return undefined;
        case 'dispose-context':
          this.#report(plan.name, 'dispose-context', () => Promise.reject(new Error('context dispose is not offered by this implementation')));
          return undefined;
      }
    };
  }

  /**
   * A setup callback per plan. `install` puts a listen plan on the context; `spawn` and
   * `dispose-self` are reported as not offered when the implementation lacks them.
   */
  setup<C>(plan: SetupPlan | undefined, install: (listen: ListenPlan, context: C) => void): ((context: C) => Promise<void>) | undefined {
    if (plan === undefined) return undefined;
    return async (context) => {
      if (plan.listen !== undefined) install(plan.listen, context);
      if (plan.pause !== undefined) await this.#env.pause(plan.pause);
      switch (plan.action) {
        case 'resolve':
          return;
        case 'reject':
          throw plan.value;
        case 'never':
          return new Promise<void>(() => undefined);
        case 'dispose-self':
        case 'spawn':
          this.#report(plan.name, plan.action, () => Promise.reject(new Error(`${plan.action} is not offered by this implementation`)));
          return;
      }
    };
  }

  #report(plan: string, op: PlanOutcome['op'], run: () => Promise<unknown>): void {
    void settle(async () => {
      await run();
      return {};
    }).then((outcome) => this.outcomes.push({ plan, op, outcome }));
  }
}
