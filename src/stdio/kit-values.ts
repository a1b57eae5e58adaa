/**
 * Values on the stdio wire (docs/stdio-adapter.md "Values: tokens and failures"): the kit's
 * injected values as `$ref` tokens, the adapter's failures as `$error`, unsupported operations as
 * `$unsupported`, and the kit's table that turns them back into what they stand for.
 */
import { UnsupportedOperation } from '../contract/adapter.js';
import { ProtocolError } from './protocol.js';

/**
 * A failure the implementation originated, as the adapter encodes it (`$error`): the adapter
 * classifies it where it happens, so the kit's `classifyError` reads `code`.
 */
export class StdioFailure extends Error {
  override readonly name = 'StdioFailure';

  constructor(
    /** The adapter's classification (`conflict`, `not-found`, `invalid`, `aborted`, `inactive`) or `unknown`. */
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** A kit-injected value on the wire: its token, and whether it is an Error (the contract treats an Error abort reason apart). */
export interface WireRef {
  readonly $ref: string;
  readonly isError?: true;
}

/** A wire value naming something: `{"$ref": …}` (a kit-injected value), `{"$error": …}`, `{"$unsupported": …}`. */
type Tagged = WireRef | { readonly $error: { readonly id?: string; readonly code?: string; readonly message?: string; readonly cause?: unknown } } | { readonly $unsupported: string };

/** The tagged value `value` is, if it is one. */
export function tagOf(value: unknown): Tagged | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value).filter((key) => key !== 'isError');
  if (keys.length !== 1) return undefined;
  const [key] = keys;
  return key === '$ref' || key === '$error' || key === '$unsupported' ? (value as Tagged) : undefined;
}

/**
 * The kit's side of the value encoding: injected values (compared by identity in process) travel
 * as `$ref` tokens and come back as the very same value; the adapter's failures come back as
 * {@link StdioFailure} (one object per `$error.id`), unsupported operations as
 * {@link UnsupportedOperation}.
 */
export class KitValues {
  readonly #refs = new Map<string, unknown>();
  readonly #tokens = new Map<unknown, string>();
  readonly #failures = new Map<string, StdioFailure>();

  /** The `$ref` of an injected value (the same token for the same value). */
  ref(value: unknown): WireRef {
    let token = this.#tokens.get(value);
    if (token === undefined) {
      token = `r${this.#tokens.size + 1}`;
      this.#tokens.set(value, token);
      this.#refs.set(token, value);
    }
    return value instanceof Error ? { $ref: token, isError: true } : { $ref: token };
  }

  /** `value` from the wire, with every tagged value inside it turned back into what it stands for. */
  decode(value: unknown): unknown {
    const tag = tagOf(value);
    if (tag !== undefined) {
      if ('$ref' in tag) {
        if (!this.#refs.has(tag.$ref)) throw new ProtocolError(`unknown $ref ${JSON.stringify(tag.$ref)} (the kit never sent it)`);
        return this.#refs.get(tag.$ref);
      }
      if ('$unsupported' in tag) return new UnsupportedOperation(String(tag.$unsupported));
      const { id, code, message } = tag.$error ?? {};
      const known = id === undefined ? undefined : this.#failures.get(id);
      if (known !== undefined) return known;
      const cause = 'cause' in (tag.$error ?? {}) ? { cause: this.decode(tag.$error.cause) } : undefined;
      const failure = new StdioFailure(typeof code === 'string' ? code : 'unknown', typeof message === 'string' ? message : 'error', cause);
      if (id !== undefined) this.#failures.set(id, failure);
      return failure;
    }
    if (Array.isArray(value)) return value.map((item) => this.decode(item));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.decode(item)]));
    return value;
  }
}
