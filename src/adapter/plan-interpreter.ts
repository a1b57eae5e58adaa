import type {
  AdapterEnv,
  AgentEntry,
  AgentToken,
  EventType,
  HandleToken,
  ListenPlan,
  ObservedEvent,
  Outcome,
  PlanOutcome,
  SessionEntry,
  SetupPlan,
  SignalPlan,
} from '../contract/adapter.js';
import { EVENT_TYPES, RECORDER, UnsupportedOperation } from '../contract/adapter.js';
import { misuse } from './misuse.js';
import type { Observation } from './observe-payload.js';
import { settle } from './settle.js';

/** A native listener: what the implementation calls with an event's payload. */
export type NativeListener = (payload: unknown) => unknown;

/**
 * The few things the plan interpreter needs from an adapter. `Scope` is whatever carries an
 * agent's scoped listeners in the implementation (usually the agent's context): it is what a
 * setup callback receives and what a scoped listener is installed on.
 */
export interface PlanHooks<Scope> {
  /** Installs a global listener for `type` on the running implementation; returns its removal. */
  on(type: EventType, listener: NativeListener): () => void;
  /** Installs a listener for `type` on `scope`; returns its removal. Absent: scoped listeners are reported unsupported. */
  onScope?(scope: Scope, type: EventType, listener: NativeListener): () => void;
  /** The token of the agent that `scope` belongs to (an {@link ObservedEvent.scope}); needed with `onScope`. */
  scopeToken?(scope: Scope): AgentToken;
  /** The scope of the agent of `handle` (a `listen` plan with a `target`); throws for an unknown handle. Absent: reported unsupported. */
  scopeOf?(handle: HandleToken): Scope;
  /** What an event says; usually `observePayload(type, payload, names)`. */
  observe(type: EventType, payload: unknown): Observation;
  /** The live entries, for `record` listeners: the system's `agents()` and `sessions()`. */
  snapshot(): { readonly agents: readonly AgentEntry[]; readonly sessions: readonly SessionEntry[] };
  /** Shuts the implementation down (a `shutdown` listener plan). */
  shutdown(): Promise<unknown>;
  /** Unloads the owner of this token (an `unload` listener plan). Absent: reported unsupported. */
  unload?(owner: string): Promise<unknown>;
  /**
   * Disposes an agent's context (capability `contextDispose`): `scope` for a setup's `dispose-self`
   * or a scoped listener, else the subject of the heard `payload`. Absent: reported unsupported.
   */
  disposeContext?(scope: Scope | undefined, payload: unknown): Promise<unknown>;
  /** Spawns a child from `scope` (a setup's `spawn` action, capability `subagents`). Absent: reported unsupported. */
  spawn?(scope: Scope): Promise<object>;
  /** The event types the implementation emits (default: all of `EVENT_TYPES`); `*` plans listen to these. */
  readonly events?: readonly EventType[];
}

/**
 * Interprets the kit's plain-data plans (`SetupPlan`, `SignalPlan`, `ListenPlan`) as setup
 * callbacks, `AbortController`s and native listeners, and keeps what the kit reads back: the event
 * log (the adapter's recorder first, then every plan listener; `record` listeners with a snapshot)
 * and the outcomes of the operations plans started without awaiting.
 *
 * Call {@link attach} once per implementation instance (at boot and after each restart), before
 * anything else: it installs the recorder — so it also hears what `shutdown` disposes — and
 * re-installs the global listener plans.
 */
export class PlanInterpreter<Scope> {
  readonly #env: AdapterEnv;
  readonly #hooks: PlanHooks<Scope>;
  readonly #types: readonly EventType[];
  readonly #log: ObservedEvent[] = [];
  readonly #outcomes: PlanOutcome[] = [];
  readonly #signals = new Map<string, { readonly controller: AbortController; readonly reason: unknown }>();
  readonly #globals = new Map<string, ListenPlan>();
  readonly #removals = new Map<string, (() => void)[]>();

  constructor(env: AdapterEnv, hooks: PlanHooks<Scope>) {
    const helper = 'new PlanInterpreter(env, hooks)';
    if (typeof env !== 'object' || env === null || typeof env.pause !== 'function') throw misuse(helper, "env must be the kit's AdapterEnv (the factory's first argument)", env);
    if (typeof hooks !== 'object' || hooks === null) throw misuse(helper, 'hooks must be an object', hooks);
    const required = (['on', 'observe', 'snapshot', 'shutdown'] as const).filter((name) => typeof hooks[name] !== 'function');
    if (required.length > 0) throw misuse(helper, `hooks must have ${required.join(', ')}`, hooks);
    if (hooks.onScope !== undefined && typeof hooks.scopeToken !== 'function') throw misuse(helper, 'hooks with onScope must have scopeToken (the token of the agent a scope belongs to)', hooks.scopeToken);
    this.#env = env;
    this.#hooks = hooks;
    this.#types = hooks.events ?? EVENT_TYPES;
  }

  /** Installs the recorder and the global listener plans on the implementation now running. */
  attach(): void {
    for (const type of this.#types) this.#hooks.on(type, (payload) => void this.#log.push({ ...this.#hooks.observe(type, payload), listener: RECORDER }));
    for (const plan of this.#globals.values()) this.#install(plan, undefined);
  }

  /**
   * `System.listen`: installs `plan` globally, or on the scope `target` returns (a thunk, so an
   * unknown handle becomes a failed outcome rather than a throw). Global plans survive restarts.
   */
  listen(plan: ListenPlan, target?: () => Scope): Outcome {
    if (target !== undefined) return this.#installOutcome(plan, target);
    try {
      this.#install(plan, undefined);
      this.#globals.set(plan.name, plan);
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    }
  }

  /** `System.unlisten`: removes every listener installed under `name`. */
  unlisten(name: string): void {
    this.#globals.delete(name);
    for (const remove of this.#removals.get(name) ?? []) remove();
    this.#removals.delete(name);
  }

  /** The abort signal of a signal plan, aborted with exactly its reason at the planned moment. */
  signal(plan: SignalPlan | undefined): AbortSignal | undefined {
    if (plan === undefined) return undefined;
    const controller = new AbortController();
    this.#signals.set(plan.name, { controller, reason: plan.reason });
    if (plan.at === 'before') controller.abort(plan.reason);
    else if (plan.at !== 'listener') void this.#env.pause(plan.at.pause).then(() => controller.abort(plan.reason));
    return controller.signal;
  }

  /**
   * The setup callback and abort signal of a creation's plans, absent ones left out: spread them
   * into the implementation's request (`{ sessionId, ...plans.creation(input) }`).
   */
  creation(input: { readonly setup?: SetupPlan; readonly signal?: SignalPlan }): { setup?: (scope: Scope) => Promise<void>; signal?: AbortSignal } {
    const setup = this.setup(input.setup);
    const signal = this.signal(input.signal);
    return { ...(setup === undefined ? {} : { setup }), ...(signal === undefined ? {} : { signal }) };
  }

  /** The setup callback of a setup plan, for the implementation to call with the new agent's scope. */
  setup(plan: SetupPlan | undefined): ((scope: Scope) => Promise<void>) | undefined {
    if (plan === undefined) return undefined;
    return async (scope) => {
      if (plan.listen !== undefined) this.#install(plan.listen, scope);
      if (plan.pause !== undefined) await this.#env.pause(plan.pause);
      switch (plan.action) {
        case 'resolve':
          return;
        case 'reject':
          throw plan.value;
        case 'never':
          return new Promise<never>(() => undefined);
        case 'dispose-self': {
          const dispose = this.#hooks.disposeContext?.bind(this.#hooks);
          return this.#report(plan.name, 'dispose-self', dispose === undefined ? undefined : () => dispose(scope, undefined));
        }
        case 'spawn': {
          const spawn = this.#hooks.spawn?.bind(this.#hooks);
          return this.#report(plan.name, 'spawn', spawn === undefined ? undefined : () => spawn(scope));
        }
      }
    };
  }

  /** `System.events`: every event heard so far, in hearing order, across restarts. */
  events(): readonly ObservedEvent[] {
    return [...this.#log];
  }

  /** `System.planOutcomes`: outcomes of the operations plans started, in settlement order. */
  planOutcomes(): readonly PlanOutcome[] {
    return [...this.#outcomes];
  }

  /** Installs `plan` on the scope `target` returns; a throw (an unknown handle, an inactive scope) is a failed outcome. */
  #installOutcome(plan: ListenPlan, target: () => Scope): Outcome {
    try {
      this.#install(plan, target());
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    }
  }

  #install(plan: ListenPlan, scope: Scope | undefined): void {
    const onScope = this.#hooks.onScope?.bind(this.#hooks);
    if (scope !== undefined && onScope === undefined) throw new UnsupportedOperation('scoped listeners');
    const types = plan.event === '*' ? this.#types : this.#types.filter((type) => type === plan.event);
    const listener = this.#listener(plan, scope);
    const removals = types.map((type) => (scope === undefined ? this.#hooks.on(type, listener(type)) : onScope!(scope, type, listener(type))));
    this.#removals.set(plan.name, [...(this.#removals.get(plan.name) ?? []), ...removals]);
  }

  /** A listener per event type for one plan: it logs what it hears and acts once, across all its types. */
  #listener(plan: ListenPlan, scope: Scope | undefined): (type: EventType) => NativeListener {
    const token = scope === undefined ? undefined : this.#hooks.scopeToken?.(scope);
    let acted = false;
    return (type) => (payload) => {
      const heard: ObservedEvent = { ...this.#hooks.observe(type, payload), listener: plan.name, ...(token === undefined ? {} : { scope: token }) };
      this.#log.push(plan.action === 'record' ? { ...heard, snapshot: this.#hooks.snapshot() } : heard);
      if (acted || plan.action === 'record') return undefined;
      acted = true;
      switch (plan.action) {
        case 'throw':
          throw plan.value;
        case 'reject':
          return Promise.reject(plan.value);
        case 'abort': {
          const signal = this.#signals.get(String(plan.value));
          signal?.controller.abort(signal.reason);
          return undefined;
        }
        case 'unload': {
          const unload = this.#hooks.unload?.bind(this.#hooks);
          return void this.#report(plan.name, 'unload', unload === undefined ? undefined : () => unload(String(plan.value)));
        }
        case 'shutdown':
          return void this.#report(plan.name, 'shutdown', () => this.#hooks.shutdown());
        case 'dispose-context': {
          const dispose = this.#hooks.disposeContext?.bind(this.#hooks);
          return void this.#report(plan.name, 'dispose-context', dispose === undefined ? undefined : () => dispose(scope, payload));
        }
        case 'listen': {
          const added = plan.value as ListenPlan;
          if (plan.target === undefined) return void this.#install(added, undefined);
          // A scope operation from inside the dispatch: its outcome is what the kit judges.
          const scopeOf = this.#hooks.scopeOf?.bind(this.#hooks);
          const target = plan.target;
          const outcome: Outcome = scopeOf === undefined ? { ok: false, error: new UnsupportedOperation('listen on a scope from a listener') } : this.#installOutcome(added, () => scopeOf(target));
          return void this.#outcomes.push({ plan: plan.name, op: 'listen', outcome });
        }
      }
    };
  }

  /** Runs `run` (unsupported when absent) and logs its outcome when it settles; setup waits for it. */
  async #report(plan: string, op: PlanOutcome['op'], run: (() => Promise<unknown>) | undefined): Promise<void> {
    const outcome = await settle(run ?? (() => Promise.reject(new UnsupportedOperation(op))), (result) => (typeof result === 'object' && result !== null ? result : {}));
    this.#outcomes.push({ plan, op, outcome });
  }
}
