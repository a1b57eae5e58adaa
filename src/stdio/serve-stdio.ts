/**
 * The adapter's side of the stdio protocol, for an implementation written in TypeScript or
 * JavaScript: `serveStdio(factory)` serves any {@link AdapterFactory} over this process's stdin
 * and stdout (docs/stdio-adapter.md). It is what a TypeScript adapter needs to be driven with
 * `--adapter-cmd`, and how the kit shows that the stdio subset gives the in-process verdicts.
 */
import type { AdapterEnv, AdapterFactory, OperationName, System } from '../contract/adapter.js';
import { UnsupportedOperation } from '../contract/adapter.js';
import { openLink, type Link } from './link.js';
import { tagOf } from './kit-values.js';
import { PROTOCOL_VERSION, parseMessage, type CallMessage, type EnvMessage } from './protocol.js';

/** A value the kit injected (a `$ref`) that is not an Error: opaque here, passed on unchanged, the same object for the same token. */
class InjectedValue {
  constructor(readonly $ref: string) {}
}

/** A value the kit injected that is an Error (the contract passes an Error abort reason on as is, and wraps any other). */
class InjectedError extends Error {
  constructor(readonly $ref: string) {
    super(`kit-injected ${$ref}`);
  }
}

type Injected = InjectedValue | InjectedError;
const isInjected = (value: unknown): value is Injected => value instanceof InjectedValue || value instanceof InjectedError;

/** Operations answered asynchronously (the rest are synchronous observations). */
const ASYNC_OPS = new Set(['unload', 'create', 'resume', 'spawn', 'spawnRemote', 'prompt', 'dispose', 'flush', 'shutdown', 'restart', 'bridgeOpen', 'startJob']);

/** Serves `factory` over stdin and stdout until stdin closes or the kit says `bye`. */
export function serveStdio(factory: AdapterFactory, name = 'typescript'): void {
  const injected = new Map<string, Injected>();
  const failures = new WeakMap<object, string>();
  const systems = new Map<string, System>();
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  let next = 0;

  const decode = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(decode);
    if (typeof value !== 'object' || value === null) return value;
    const tag = tagOf(value);
    if (tag !== undefined && '$ref' in tag) {
      let known = injected.get(tag.$ref);
      if (known === undefined) injected.set(tag.$ref, (known = tag.isError === true ? new InjectedError(tag.$ref) : new InjectedValue(tag.$ref)));
      return known;
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, decode(item)]));
  };

  /** A failure value on the wire: the kit's own ($ref), unsupported, or the implementation's, classified here. */
  const encodeError = (error: unknown, system: System | undefined, op: OperationName): unknown => {
    if (isInjected(error)) return { $ref: error.$ref };
    if (UnsupportedOperation.is(error)) return { $unsupported: error.operation };
    const code = system?.classifyError(error, { op }) ?? 'unknown';
    let id: string | undefined;
    if (typeof error === 'object' && error !== null) {
      id = failures.get(error);
      if (id === undefined) failures.set(error, (id = `e${(next += 1)}`));
    }
    const cause = error instanceof Error && 'cause' in error ? { cause: encode(error.cause, system, op) } : {};
    return { $error: { ...(id === undefined ? {} : { id }), code, message: error instanceof Error ? error.message : String(error), ...cause } };
  };

  /** A result on the wire: every `error` field encoded as a failure value, `undefined` as null. */
  const encode = (value: unknown, system: System | undefined, op: OperationName): unknown => {
    if (value === undefined) return null;
    if (isInjected(value)) return { $ref: value.$ref };
    if (Array.isArray(value)) return value.map((item) => encode(item, system, op));
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (item === undefined ? [] : [[key, key === 'error' ? encodeError(item, system, op) : encode(item, system, op)]])));
  };

  let link: Link;
  const send = (message: object) => link.write(JSON.stringify(message));

  /** An env request whose answer comes back as a message. */
  const request = (system: string, op: EnvMessage['op'], args: unknown[], signal?: AbortSignal): Promise<unknown> => {
    const id = `q${(next += 1)}`;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      send({ type: 'env', id, system, op, args } satisfies EnvMessage);
      signal?.addEventListener('abort', () => send({ type: 'cancel', id, reason: encode(signal.reason, undefined, 'prompt') }), { once: true });
    });
  };

  /** An env request answered synchronously (the id source, the clock, the seed log: synchronous in the adapter interface). */
  const requestNow = (system: string, op: EnvMessage['op'], args: unknown[]): unknown => {
    const id = `q${(next += 1)}`;
    const answer = link.request(JSON.stringify({ type: 'env', id, system, op, args } satisfies EnvMessage), id, 60_000);
    if (answer === 'timeout' || answer === 'ended' || answer === 'too-large') throw new Error(`the kit did not answer ${op} (${answer})`);
    const reply = parseMessage(answer, 'kit');
    if (reply.type !== 'reply' || !reply.ok) throw decode(reply.type === 'reply' ? reply.error : undefined);
    return decode(reply.value);
  };

  const envOf = (system: string, durable: boolean, remote: AdapterEnv['remote'] | null): AdapterEnv => ({
    store: durable
      ? {
          load: async (id) => ((await request(system, 'store.load', [id])) ?? undefined) as never,
          put: async (record) => void (await request(system, 'store.put', [record])),
          append: async (id, events) => void (await request(system, 'store.append', [id, events])),
          list: async () => (await request(system, 'store.list', [])) as never,
          flush: async (id) => void (await request(system, 'store.flush', [id])),
        }
      : undefined,
    ids: () => requestNow(system, 'ids', []) as string,
    clock: () => requestNow(system, 'clock', []) as number,
    seed: (turns) => requestNow(system, 'seed', [turns]) as never,
    turn: ({ id, signal }) => request(system, 'turn', [id], signal) as never,
    pause: async (pauseName) => void (await request(system, 'pause', [pauseName])),
    remote: remote ?? undefined,
  });

  const run = async (call: CallMessage): Promise<unknown> => {
    const args = decode(call.args) as unknown[];
    if (call.op === 'open') {
      const [spec, config] = args as [{ durable: boolean; remote: AdapterEnv['remote'] | null }, never];
      try {
        const system = await factory(envOf(call.system, spec.durable, spec.remote), config === null ? {} : { config });
        systems.set(call.system, system);
        return { ok: true, system: { contract: system.contract, capabilities: system.capabilities, profiles: system.profiles, maxDepth: system.maxDepth } };
      } catch (error) {
        return { ok: false, error };
      }
    }
    const system = systems.get(call.system);
    if (system === undefined) throw new Error(`no system ${call.system}`);
    const method = (system as unknown as Record<string, (...given: unknown[]) => unknown>)[call.op];
    if (typeof method !== 'function') return ASYNC_OPS.has(call.op) ? { ok: false, error: new UnsupportedOperation(call.op) } : null;
    return method.apply(system, call.op === 'listen' && args[1] === null ? [args[0]] : args);
  };

  const answer = (call: CallMessage, value: unknown) => {
    const op = (call.op === 'configResults' ? 'config' : call.op === 'planOutcomes' ? 'plan' : call.op) as OperationName;
    send({ type: 'result', id: call.id, value: encode(value, systems.get(call.system), op) });
  };

  link = openLink({
    mode: 'stdio',
    answer: 'reply',
    onEnd: () => process.exit(0),
    onLine: (line) => {
      const message = parseMessage(line, 'kit');
      if (message.type === 'hello') return send({ type: 'hello', protocol: PROTOCOL_VERSION, adapter: name });
      if (message.type === 'bye') return process.exit(0);
      if (message.type === 'reply') {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.ok) waiting?.resolve(decode(message.value));
        else waiting?.reject(decode(message.error));
        return;
      }
      if (ASYNC_OPS.has(message.op) || message.op === 'open') {
        run(message).then(
          (value) => answer(message, value),
          (error: unknown) => answer(message, { ok: false, error }),
        );
      } else {
        void run(message).then((value) => answer(message, value));
      }
    },
  });
}
