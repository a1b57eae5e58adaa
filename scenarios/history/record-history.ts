import { closeSync, openSync, writeSync } from 'node:fs';
import type { Runtime, RuntimeEventType } from '../../src/runtime/index.js';
import { HISTORY_EVENT_TYPES } from './history-format.js';
import { HistoryRecorder } from './history-recorder.js';

/** A recorder attached to a runtime: stop it with `close()`. */
export interface AttachedRecorder {
  readonly recorder: HistoryRecorder;
  /** Stops listening and closes the file. */
  close(): void;
}

/**
 * Records the lifecycle events of `runtime` (or anything with the runtime's `on`) into `file`
 * as a history for `trace`, one JSON line per record, written as it happens. Each event's
 * subject gets a token per object (agents and sessions by identity, never by id). Operations
 * are recorded by wrapping calls with `recorder.track(...)`.
 */
export function recordHistory(runtime: Pick<Runtime, 'on'>, file: string): AttachedRecorder {
  const descriptor = openSync(file, 'w');
  const recorder = new HistoryRecorder((line) => writeSync(descriptor, `${line}\n`));
  const tokens = new WeakMap<object, number>();
  let objects = 0;
  const tokenOf = (object: object): number => {
    let token = tokens.get(object);
    if (token === undefined) {
      objects += 1;
      token = objects;
      tokens.set(object, token);
    }
    return token;
  };
  const offs = HISTORY_EVENT_TYPES.map((type) =>
    runtime.on(type as RuntimeEventType, (payload: unknown) => {
      const fields = payload as Partial<Record<'agent' | 'session' | 'parent', { readonly id: string }>>;
      const subject = type.startsWith('agent/') ? fields.agent : type.startsWith('session/') ? fields.session : fields.parent;
      if (subject !== undefined) recorder.event(type, subject.id, tokenOf(subject));
    }),
  );
  return {
    recorder,
    close() {
      offs.forEach((off) => off());
      closeSync(descriptor);
    },
  };
}
