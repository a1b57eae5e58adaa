/**
 * Synchronous event dispatch (docs/contract.md §2 "Events"): listeners run in registration order,
 * global and scoped together; a listener added during a dispatch does not hear it; a listener
 * removed during a dispatch hears none of its rest; a scoped listener hears only events whose
 * subject its scope owns (by object, never by id).
 */

/** What a scoped listener is bound to: decides by object identity whether it hears a subject. */
export interface ListenerScope {
  owns(subject: object): boolean;
}

/** A listener; a returned promise's rejection is contained (AIK-EVENT-003). */
export type Listener<P> = (payload: P) => unknown;

interface Subscription {
  readonly type: string;
  readonly listener: Listener<never>;
  readonly scope: ListenerScope | undefined;
  removed: boolean;
}

/** An event bus over the event map `M` (event type → payload). */
export class EventBus<M extends { [K in keyof M]: object }> {
  readonly #subscriptions: Subscription[] = [];
  readonly #subjectOf: (type: keyof M, payload: M[keyof M]) => object;
  readonly #log: (message: string, error: unknown) => void;

  constructor(subjectOf: <K extends keyof M>(type: K, payload: M[K]) => object, log: (message: string, error: unknown) => void) {
    this.#subjectOf = subjectOf;
    this.#log = log;
  }

  /** Adds a listener (scoped when `scope` is given); returns its removal, idempotent. */
  on<K extends keyof M & string>(type: K, listener: Listener<M[K]>, scope?: ListenerScope): () => void {
    const subscription: Subscription = { type, listener: listener as Listener<never>, scope, removed: false };
    this.#subscriptions.push(subscription);
    return () => {
      if (subscription.removed) return;
      subscription.removed = true;
      this.#subscriptions.splice(this.#subscriptions.indexOf(subscription), 1);
    };
  }

  /** Removes every listener bound to `scope`. */
  removeScope(scope: ListenerScope): void {
    for (const subscription of [...this.#subscriptions]) {
      if (subscription.scope !== scope) continue;
      subscription.removed = true;
      this.#subscriptions.splice(this.#subscriptions.indexOf(subscription), 1);
    }
  }

  /**
   * Dispatches `payload` to the listeners of `type` present now. With `veto`, a synchronous
   * throw stops the dispatch and propagates (AIK-TXN-004); otherwise every failure is contained
   * and logged (AIK-EVENT-003). A returned rejected promise is always contained.
   */
  dispatch<K extends keyof M & string>(type: K, payload: M[K], options: { veto: boolean }): void {
    const subject = this.#subjectOf(type, payload);
    for (const subscription of this.#subscriptions.filter((s) => s.type === type)) {
      if (subscription.removed) continue;
      if (subscription.scope !== undefined && !subscription.scope.owns(subject)) continue;
      let returned: unknown;
      try {
        returned = (subscription.listener as Listener<M[K]>)(payload);
      } catch (error) {
        if (options.veto) throw error;
        this.#log(`a ${type} listener threw; contained`, error);
        continue;
      }
      if (isThenable(returned)) {
        returned.then(undefined, (error: unknown) => this.#log(`a ${type} listener rejected; contained`, error));
      }
    }
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
