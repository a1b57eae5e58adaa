import type { DurableStore } from '../contract/durable-store.js';
import { RuntimeError } from './errors.js';
import type { Logger } from './kernel.js';
import type { LogEvent, Session } from './session.js';

/**
 * The durable writes of one published session (docs/contract.md §3 "flush", "dispose"). Writes are
 * issued in order from publication on and never awaited by the creation; a failed write
 * surfaces at the next `flush`, or is logged when no flush follows it.
 */
export class SessionWriter {
  readonly #store: DurableStore | undefined;
  readonly #session: Session;
  readonly #log: Logger;
  readonly #withheld: boolean;
  #chain: Promise<void> = Promise.resolve();
  #failures: { readonly error: unknown }[] = [];

  /**
   * `withheld` is the `reject-at-flush` profile over a persisted id (AIK-CONFLICT-003): nothing
   * of this session is ever written and every flush rejects `conflict`.
   */
  constructor(store: DurableStore | undefined, session: Session, log: Logger, withheld: boolean) {
    this.#store = store;
    this.#session = session;
    this.#log = log;
    this.#withheld = withheld;
  }

  /** Issues the record of a newly created session (phase 12). */
  putRecord(): void {
    const store = this.#store;
    if (store !== undefined) this.#issue(() => store.put(this.#session.toRecord()));
  }

  /** Issues the append of one event. */
  append(event: LogEvent): void {
    const store = this.#store;
    if (store !== undefined) this.#issue(() => store.append(this.#session.id, [event]));
  }

  /** The durability barrier: resolves when every write issued so far is durable. */
  async flush(): Promise<void> {
    if (this.#withheld) {
      throw new RuntimeError('conflict', `${JSON.stringify(this.#session.id)} is persisted by an earlier session; this one is never written (reject-at-flush)`);
    }
    await this.#chain;
    const [failure] = this.#failures;
    this.#failures = [];
    if (failure !== undefined) throw failure.error;
    await this.#store?.flush(this.#session.id);
  }

  /** Resolves once every issued write settled; failures no flush reported are logged. */
  async settle(): Promise<void> {
    await this.#chain;
    for (const { error } of this.#failures) this.#log(`a durable write of ${JSON.stringify(this.#session.id)} failed after its last flush`, error);
    this.#failures = [];
  }

  #issue(write: () => Promise<void>): void {
    if (this.#withheld) return;
    this.#chain = this.#chain.then(write).catch((error: unknown) => {
      this.#failures.push({ error });
    });
  }
}
