/**
 * The one translation between the harness's session log and the kit's: the harness logs typed
 * events (`{ type, seq, time, data, surfaceOp? … }`), the kit reads `{ seq, kind, data? }`. Every
 * harness event stays one kit event with the same `seq`, so lengths, `seedLength` and prefixes
 * mean the same on both sides:
 *
 * - harness → kit: `user/message` is `user`, `assistant/message` is `assistant`, `tool/result` is
 *   `tool`, `turn/end` is `turn-end`; every other type is kept as its own kind (the harness's
 *   bookkeeping, e.g. `turn/start`, `request/header`, `session/end-seed`). The whole harness
 *   event rides along in `data.native`, so a stored event reads back exactly.
 * - kit → harness (seeds, and records the kit put in the store itself): an event carrying
 *   `data.native` is that event; otherwise the four kit kinds become the smallest harness event of
 *   their type, and any other value is handed over as it is (an unknown kind as an event of that
 *   type): the harness decides what it accepts.
 */
import type { StoredEvent, StoredHeader } from 'agent-identity-kit/adapter';

/** What the codec reads of a harness event (dsh-session's `SessionEvent`): its type and `seq`. */
interface NativeEvent {
  readonly type: string;
  readonly seq: number;
}

/** A harness header (dsh-session's `SessionHeader`): the stored fields and the format `version`. */
export type NativeHeader = StoredHeader & { readonly version: number };

const KIT_KIND: Readonly<Record<string, string>> = { 'user/message': 'user', 'assistant/message': 'assistant', 'tool/result': 'tool', 'turn/end': 'turn-end' };

/** The kit's view of one harness event. */
export function kitEvent(event: NativeEvent): StoredEvent {
  const { seq, ...native } = event;
  return { seq, kind: KIT_KIND[event.type] ?? event.type, data: { native } };
}

/** The harness event a kit event stands for, or the value unchanged when it is no event at all. */
function nativeEvent(event: unknown, turn: number): unknown {
  if (typeof event !== 'object' || event === null) return event;
  const { seq, kind, data } = event as { seq?: unknown; kind?: unknown; data?: unknown };
  const native = (data as { native?: object } | undefined)?.native;
  if (native !== undefined) return { seq, ...native };
  const text = [{ type: 'text', text: typeof data === 'string' ? data : String(kind) }];
  switch (kind) {
    case 'user':
      return { type: 'user/message', seq, time: 0, surfaceOp: 'append', data: { id: `kit-${String(seq)}`, role: 'user', content: text, source: { kind: 'user' } } };
    case 'assistant':
      return { type: 'assistant/message', seq, time: 0, surfaceOp: 'append', data: { turn, step: 0, message: { id: `kit-${String(seq)}`, role: 'assistant', content: text, source: { kind: 'model', provider: 'kit', model: 'kit' } } } };
    case 'turn-end':
      return { type: 'turn/end', seq, time: 0, data: { turn, reason: { kind: 'completed' } } };
    default:
      return { type: kind, seq, time: 0, data: data ?? {} };
  }
}

/** The harness log a kit log stands for; anything that is not an array is handed over unchanged. */
export function nativeLog(events: unknown): unknown {
  if (!Array.isArray(events)) return events;
  // The harness numbers turns from 1.
  let turn = 1;
  return events.map((event: unknown) => {
    const native = nativeEvent(event, turn);
    if ((native as { type?: unknown } | undefined)?.type === 'turn/end') turn += 1;
    return native;
  });
}

/** The kit's view of a harness header: the same fields without the harness's format `version`. */
export function kitHeader(header: NativeHeader): StoredHeader {
  const { version: _version, ...rest } = header;
  return rest;
}

/** The harness header of a stored one: the harness's current format version (0) added. */
export function nativeHeader(header: StoredHeader): NativeHeader {
  return { version: 0, ...header };
}
