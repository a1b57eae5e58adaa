/** The lifecycle event names of CONTRACT.md §2 "Events". */
export type Topic =
  | 'session/created'
  | 'agent/created'
  | 'agent/session-start'
  | 'session/event'
  | 'agent/disposed'
  | 'session/disposed'
  | 'subagent/start'
  | 'subagent/end';

/** A listener; its return value matters only when it is a rejected promise (then it is logged). */
export type Hearer = (payload: Readonly<Record<string, unknown>>) => unknown;

/** The subject a scoped listener belongs to: its agent object, and that agent's session object. */
export interface Scope {
  readonly agent: object;
  readonly session: object;
}

interface Subscription {
  readonly topic: Topic;
  readonly hearer: Hearer;
  readonly scope: Scope | undefined;
  live: boolean;
}

/** Only these topics veto, and only by a synchronous throw. */
const VETO_TOPICS: ReadonlySet<Topic> = new Set(['session/created', 'agent/created']);

/**
 * Synchronous dispatch in registration order, global and scoped listeners interleaved. A
 * listener added during a dispatch misses it; one removed during a dispatch misses its rest.
 */
export class Dispatch {
  #subscriptions: Subscription[] = [];
  readonly #log: (message: string, error: unknown) => void;

  constructor(log: (message: string, error: unknown) => void) {
    this.#log = log;
  }

  /** Subscribes `hearer` to `topic`, scoped when `scope` is given; returns the unsubscriber. */
  subscribe(topic: Topic, hearer: Hearer, scope?: Scope): () => void {
    const subscription: Subscription = { topic, hearer, scope, live: true };
    this.#subscriptions = [...this.#subscriptions, subscription];
    return () => this.#drop((candidate) => candidate === subscription);
  }

  /** Unsubscribes every listener of `scope`. */
  dropScope(scope: Scope): void {
    this.#drop((candidate) => candidate.scope === scope);
  }

  /**
   * Dispatches `topic` about `subject` (an agent or a session object). Returns the thrown value
   * of a vetoing listener (the dispatch stops there); contains every other failure.
   */
  publish(topic: Topic, subject: object, payload: Readonly<Record<string, unknown>>): { readonly thrown: unknown } | undefined {
    const snapshot = this.#subscriptions;
    for (const subscription of snapshot) {
      if (!subscription.live || subscription.topic !== topic) continue;
      const scope = subscription.scope;
      if (scope !== undefined && scope.agent !== subject && scope.session !== subject) continue;
      let returned: unknown;
      try {
        returned = subscription.hearer(payload);
      } catch (error) {
        if (VETO_TOPICS.has(topic)) return { thrown: error };
        this.#log(`a ${topic} listener threw`, error);
        continue;
      }
      if (returned !== null && (typeof returned === 'object' || typeof returned === 'function') && typeof (returned as { then?: unknown }).then === 'function') {
        (returned as PromiseLike<unknown>).then(undefined, (error: unknown) => this.#log(`a ${topic} listener rejected`, error));
      }
    }
    return undefined;
  }

  #drop(match: (subscription: Subscription) => boolean): void {
    for (const subscription of this.#subscriptions) if (match(subscription)) subscription.live = false;
    this.#subscriptions = this.#subscriptions.filter((subscription) => subscription.live);
  }
}
