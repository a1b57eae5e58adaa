/**
 * The stdio adapter protocol (docs/stdio-adapter.md): JSON lines between the kit and an adapter
 * process in any language. One JSON Schema per message (src/stdio/schemas/), used by the kit to
 * check every line the adapter writes and by the tests to check both directions.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import bye from './schemas/bye.schema.json' with { type: 'json' };
import call from './schemas/call.schema.json' with { type: 'json' };
import cancel from './schemas/cancel.schema.json' with { type: 'json' };
import env from './schemas/env.schema.json' with { type: 'json' };
import hello from './schemas/hello.schema.json' with { type: 'json' };
import reply from './schemas/reply.schema.json' with { type: 'json' };
import result from './schemas/result.schema.json' with { type: 'json' };

/** The protocol version this kit speaks; the `hello` of both sides carries it. */
export const PROTOCOL_VERSION = 1;

/** `hello`: the first line of each side. */
export interface HelloMessage {
  readonly type: 'hello';
  readonly protocol: number;
  readonly adapter?: string;
}
/** `call`: the kit calls an operation or observation of a system (see call.schema.json). */
export interface CallMessage {
  readonly type: 'call';
  readonly id: number;
  readonly system: string;
  readonly op: string;
  readonly args: readonly unknown[];
}
/** `result`: the adapter's answer to a `call`. */
export interface ResultMessage {
  readonly type: 'result';
  readonly id: number;
  readonly value: unknown;
}
/** `env`: the implementation calls what the kit controls. */
export interface EnvMessage {
  readonly type: 'env';
  readonly id: string;
  readonly system: string;
  readonly op: 'store.load' | 'store.put' | 'store.append' | 'store.list' | 'store.flush' | 'turn' | 'pause' | 'ids' | 'clock' | 'seed';
  readonly args: readonly unknown[];
}
/** `reply`: the kit's answer to an `env` request. */
export interface ReplyMessage {
  readonly type: 'reply';
  readonly id: string;
  readonly ok: boolean;
  readonly value?: unknown;
  readonly error?: unknown;
}
/** `cancel`: the signal of a pending `turn` request aborted. */
export interface CancelMessage {
  readonly type: 'cancel';
  readonly id: string;
  readonly reason: unknown;
}
/** `bye`: the run is over. */
export interface ByeMessage {
  readonly type: 'bye';
}

/** What the kit writes. */
export type KitMessage = HelloMessage | CallMessage | ReplyMessage | ByeMessage;
/** What the adapter writes. */
export type AdapterMessage = HelloMessage | ResultMessage | EnvMessage | CancelMessage;

/** The JSON Schema of every message type, by its `type`. */
export const MESSAGE_SCHEMAS = { hello, call, result, env, reply, cancel, bye } as const;

const ajv = new Ajv({ allErrors: false, strict: false });
const validators = new Map<string, ValidateFunction>(Object.entries(MESSAGE_SCHEMAS).map(([type, schema]) => [type, ajv.compile(schema)]));

/** Which side writes which message types. */
const WRITTEN_BY = { kit: ['hello', 'call', 'reply', 'bye'], adapter: ['hello', 'result', 'env', 'cancel'] } as const;

/** A line that breaks the protocol: malformed, an unknown message, a wrong version, an answer to nothing. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

/**
 * Parses one line written by `side` and checks it against its message's schema. Throws a
 * {@link ProtocolError} saying what is wrong (not JSON, no known `type`, a field out of shape).
 */
export function parseMessage(line: string, side: 'kit'): KitMessage;
export function parseMessage(line: string, side: 'adapter'): AdapterMessage;
export function parseMessage(line: string, side: 'kit' | 'adapter'): KitMessage | AdapterMessage {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new ProtocolError(`malformed line (not JSON): ${clip(line)}`);
  }
  const type = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !(WRITTEN_BY[side] as readonly string[]).includes(type)) {
    throw new ProtocolError(`unknown message${typeof type === 'string' ? ` type "${clip(type)}"` : ' (no "type")'}: ${clip(line)}`);
  }
  const validate = validators.get(type)!;
  if (!validate(value)) {
    const [first] = validate.errors ?? [];
    throw new ProtocolError(`malformed ${type} message (${first?.instancePath === '' || first === undefined ? '' : `${first.instancePath} `}${first?.message ?? 'invalid'}): ${clip(line)}`);
  }
  return value as KitMessage | AdapterMessage;
}

/** The start of a long line, for a one-line message. */
function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
