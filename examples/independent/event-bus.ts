/** The lifecycle events of docs/contract.md §2. */
export type EventName =
  | 'session/created'
  | 'agent/created'
  | 'agent/session-start'
  | 'session/event'
  | 'agent/disposed'
  | 'session/disposed';

/** A listener; what it returns is ignored except that a rejected promise is logged. */
export type Listener = (payload: Readonly<Record<string, unknown>>) => unknown;

/** The object a scoped listener belongs to: it hears events whose subject is this agent or its session. */
export interface ListenerScope {
  readonly session: object;
}

interface Entry {
  readonly event: EventName;
  readonly listener: Listener;
  readonly scope: ListenerScope | undefined;
  removed: boolean;
}

const VETOING: ReadonlySet<EventName> = new Set(['session/created', 'agent/created']);

/**
 * Synchronous dispatch to global and scoped listeners together, in registration order. A
 * listener added during a dispatch does not hear it; one removed during a dispatch hears none of
 * its rest. Scoped listeners match their scope by object, never by id.
 */
export class EventBus {
  readonly #entries: Entry[] = [];
  readonly #log: (message: string, error?: unknown) => void;

  constructor(log: (message: string, error?: unknown) => void) {
    this.#log = log;
  }

  /** Adds a listener (scoped when `scope` is given) and returns its remover. */
  on(event: EventName, listener: Listener, scope?: ListenerScope): () => void {
    const entry: Entry = { event, listener, scope, removed: false };
    this.#entries.push(entry);
    return () => this.#remove(entry);
  }

  /** Removes every listener of `scope`. */
  dropScope(scope: ListenerScope): void {
    for (const entry of [...this.#entries]) if (entry.scope === scope) this.#remove(entry);
  }

  /**
   * Dispatches `event` about `subject`. A synchronous throw from a `session/created` or
   * `agent/created` listener stops the dispatch and is returned as the veto; every other failure,
   * and every rejected promise, is logged.
   */
  emit(event: EventName, subject: object, payload: Readonly<Record<string, unknown>>): { readonly veto: unknown } | undefined {
    const hearing = this.#entries.filter((entry) => entry.event === event && this.#hears(entry, subject));
    for (const entry of hearing) {
      if (entry.removed) continue;
      try {
        const returned: unknown = entry.listener(payload);
        if (isThenable(returned)) returned.then(undefined, (error: unknown) => this.#log(`${event} listener rejected`, error));
      } catch (error) {
        if (VETOING.has(event)) return { veto: error };
        this.#log(`${event} listener threw`, error);
      }
    }
    return undefined;
  }

  #hears(entry: Entry, subject: object): boolean {
    return entry.scope === undefined || entry.scope === subject || entry.scope.session === subject;
  }

  #remove(entry: Entry): void {
    entry.removed = true;
    const index = this.#entries.indexOf(entry);
    if (index >= 0) this.#entries.splice(index, 1);
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
