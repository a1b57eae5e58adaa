import type { Header, LogEvent } from './session.js';

/** The durable store this harness writes through; any call may throw or hang. */
export interface Store {
  load(id: string): Promise<{ readonly header: Header; readonly events: readonly LogEvent[] } | undefined>;
  put(record: { readonly header: Header; readonly events: readonly LogEvent[] }): Promise<void>;
  append(id: string, events: readonly LogEvent[]): Promise<void>;
  flush(id: string): Promise<void>;
}
