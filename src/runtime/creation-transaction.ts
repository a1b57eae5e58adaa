import type { CreateMeta } from '../contract/adapter.js';
import type { StoredEvent } from '../contract/durable-store.js';
import type { AgentContext } from './agent.js';
import { RuntimeError } from './errors.js';
import type { AgentHandle } from './handle.js';
import type { Kernel } from './kernel.js';
import { AgentLifecycle } from './lifecycle.js';
import type { Owner } from './owner.js';
import { Session, toCwd, toLog, type LogEvent } from './session.js';
import { toSessionId, type SessionId } from './session-id.js';

export type { CreateMeta };

/** Trusted async composition that runs while the new pair is still private (phase 6). */
export type Setup = (context: AgentContext) => unknown;

/** `create({ sessionId, meta?, seed?, setup?, signal? })` (docs/contract.md §3). */
export interface CreateRequest {
  /** The one id the new agent and session are published under. */
  readonly sessionId: string;
  readonly meta?: CreateMeta;
  /** History to start from: a valid log; seeded events never fire `session/event`. */
  readonly seed?: readonly StoredEvent[];
  readonly setup?: Setup;
  /** Observed until publication (AIK-TXN-005). */
  readonly signal?: AbortSignal;
}

/** `resume({ resumeSessionId, setup?, signal? })` (docs/contract.md §3): header and history come from storage. */
export interface ResumeRequest {
  readonly resumeSessionId: string;
  readonly setup?: Setup;
  readonly signal?: AbortSignal;
}

/** What the transaction runs: a create or a resume, and (for subagents) a publication hook. */
export type CreationPlan = ({ readonly source: 'startup'; readonly request: CreateRequest } | { readonly source: 'resume'; readonly request: ResumeRequest }) & {
  /** Runs synchronously at phase 12, after publication (a subagent run's start). */
  readonly published?: (life: AgentLifecycle) => void;
};

/** A request that cancels a pending creation (docs/contract.md §4 "Requests during publication"). */
export type CancelRequest =
  | { readonly kind: 'abort'; readonly reason: unknown }
  | { readonly kind: 'unload'; readonly owner: string }
  | { readonly kind: 'shutdown' }
  | { readonly kind: 'dispose' };

/**
 * A pending creation as its owner and its lifecycle see it: cancel requests (the first wins),
 * honoured at once while the creation awaits and at the next phase boundary while it
 * dispatches; `settled` resolves once the creation settled, after any rollback.
 */
export class Creation {
  readonly id: SessionId;
  readonly settled: Promise<void>;
  readonly #cancelled: Promise<never>;
  #reject!: (value: unknown) => void;
  #settle!: () => void;
  #requested: { readonly value: unknown } | undefined;
  #closed = false;

  constructor(id: SessionId) {
    this.id = id;
    this.settled = new Promise((resolve) => {
      this.#settle = resolve;
    });
    this.#cancelled = new Promise<never>((_, reject) => {
      this.#reject = reject;
    });
    this.#cancelled.catch(() => undefined);
  }

  /** Records a cancel request; ignored once publication began or after the first request. */
  request(request: CancelRequest): void {
    if (this.#closed || this.#requested !== undefined) return;
    const value = this.#rejection(request);
    this.#requested = { value };
    this.#reject(value);
  }

  /** Awaits `work` unless a cancel request settles the creation first (its late settlement is ignored). */
  race<T>(work: () => T | PromiseLike<T>): Promise<T> {
    const running = Promise.resolve().then(work);
    running.catch(() => undefined);
    return Promise.race([running, this.#cancelled]);
  }

  /** A phase boundary: throws the first request's value, if any. */
  checkpoint(): void {
    if (this.#requested !== undefined) throw this.#requested.value;
  }

  /** Phase 12 began: later requests are ignored. */
  close(): void {
    this.#closed = true;
  }

  /** The creation settled (published, or rejected after its rollback). */
  finish(): void {
    this.#closed = true;
    this.#settle();
  }

  #rejection(request: CancelRequest): unknown {
    const subject = JSON.stringify(this.id);
    switch (request.kind) {
      case 'abort':
        return request.reason instanceof Error ? request.reason : new RuntimeError('aborted', `creation of ${subject} aborted`, { cause: request.reason });
      case 'unload':
        return new RuntimeError('inactive', `owner ${JSON.stringify(request.owner)} was unloaded during the creation of ${subject}`);
      case 'shutdown':
        return new RuntimeError('inactive', `the runtime shut down during the creation of ${subject}`);
      case 'dispose':
        return new RuntimeError('aborted', `the context of ${subject} was disposed during its creation`);
    }
  }
}

const CREATE_FIELDS = new Set(['sessionId', 'meta', 'seed', 'setup', 'signal']);
const RESUME_FIELDS = new Set(['resumeSessionId', 'setup', 'signal']);
const META_FIELDS = new Set(['cwd', 'parentSession', 'delegationDepth']);

function assertFields(value: unknown, allowed: ReadonlySet<string>, what: string): asserts value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) throw new RuntimeError('invalid', `${what} must be an object`);
  for (const key of Object.keys(value)) {
    if (!allowed.has(key)) throw new RuntimeError('invalid', `${what} has an unknown field ${JSON.stringify(key)} (allowed: ${[...allowed].join(', ')})`);
  }
}

interface Admitted {
  readonly id: SessionId;
  readonly setup: Setup | undefined;
  readonly signal: AbortSignal | undefined;
}

/** Phase 1 for the caller's inputs: every field valid, or `invalid` naming it. */
function admit(plan: CreationPlan, store: Kernel['store']): Admitted & { readonly meta: CreateMeta; readonly seed: readonly LogEvent[] | undefined } {
  const operation = plan.source === 'startup' ? 'create' : 'resume';
  assertFields(plan.request, plan.source === 'startup' ? CREATE_FIELDS : RESUME_FIELDS, `${operation} request`);
  const fields = plan.request as Record<string, unknown>;
  const { setup, signal } = fields;
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw new RuntimeError('invalid', `${operation}: signal must be an AbortSignal`);
  if (signal?.aborted === true) return abortedAtAdmission(signal);
  if (setup !== undefined && typeof setup !== 'function') throw new RuntimeError('invalid', `${operation}: setup must be a function`);
  if (plan.source === 'resume') {
    const id = toSessionId(fields['resumeSessionId'], 'resume: resumeSessionId');
    if (store === undefined) throw new RuntimeError('invalid', `resume of ${JSON.stringify(id)}: no durable store is configured`);
    return { id, setup: setup as Setup | undefined, signal, meta: {}, seed: undefined };
  }
  const id = toSessionId(fields['sessionId'], 'create: sessionId');
  const meta: { -readonly [K in keyof CreateMeta]: CreateMeta[K] } = {};
  if (fields['meta'] !== undefined) {
    assertFields(fields['meta'], META_FIELDS, `create ${JSON.stringify(id)}: meta`);
    const { cwd, parentSession, delegationDepth } = fields['meta'];
    if (cwd !== undefined) meta.cwd = toCwd(cwd, `create ${JSON.stringify(id)}: meta.cwd`);
    if (parentSession !== undefined) meta.parentSession = toSessionId(parentSession, `create ${JSON.stringify(id)}: meta.parentSession`);
    if (delegationDepth !== undefined) {
      if (typeof delegationDepth !== 'number' || !Number.isSafeInteger(delegationDepth) || delegationDepth < 0) {
        throw new RuntimeError('invalid', `create ${JSON.stringify(id)}: meta.delegationDepth must be a non-negative integer`);
      }
      meta.delegationDepth = delegationDepth;
    }
  }
  const seed = fields['seed'] === undefined ? undefined : toLog(fields['seed'], `create ${JSON.stringify(id)}: seed`);
  return { id, setup: setup as Setup | undefined, signal, meta, seed };
}

function abortedAtAdmission(signal: AbortSignal): never {
  const reason: unknown = signal.reason;
  throw reason instanceof Error ? reason : new RuntimeError('aborted', 'the creation was aborted before admission', { cause: reason });
}

/**
 * The one creation transaction for create and resume (docs/contract.md §4): twelve phases, live check
 * before any store read, setup while private, phases 7–12 without yielding, and a total rollback
 * that finishes before the creation settles (AIK-TXN-003).
 */
export async function runCreation(kernel: Kernel, owner: Owner, plan: CreationPlan): Promise<AgentHandle> {
  // 1. admission
  owner.admit();
  const { id, setup, signal, meta, seed } = admit(plan, kernel.store);
  // 2. live check, before any store read (AIK-CREATE-002, AIK-RESUME-003)
  if (kernel.agents.has(id) || kernel.sessions.has(id)) throw new RuntimeError('conflict', `${JSON.stringify(id)} is live`);
  const creation = new Creation(id);
  owner.track(creation);
  const onAbort = (): void => creation.request({ kind: 'abort', reason: signal?.reason });
  signal?.addEventListener('abort', onAbort);
  let life: AgentLifecycle | undefined;
  try {
    // 3. durable read
    const store = kernel.store;
    const record = store === undefined ? undefined : await creation.race(() => store.load(id));
    // 4. session preparation
    let session: Session;
    let withheld = false;
    if (plan.source === 'resume') {
      if (record === undefined) throw new RuntimeError('not-found', `resume: ${JSON.stringify(id)} is not persisted`);
      session = new Session(id, record.header, toLog(record.events, `stored events of ${JSON.stringify(id)}`));
    } else {
      if (record !== undefined) {
        // AIK-CONFLICT-003: a persisted, not-live id is never silently replaced.
        if (kernel.profiles.persistedCreate === 'reject-at-create') {
          throw new RuntimeError('conflict', `create: ${JSON.stringify(id)} is persisted (reject-at-create); resume it instead`);
        }
        withheld = true;
      }
      const header = { id, createdAt: kernel.clock(), ...meta, ...(seed === undefined ? {} : { seedLength: seed.length }) };
      session = new Session(id, header, seed ?? []);
    }
    // 5. agent and scope construction
    life = new AgentLifecycle(kernel, owner, creation, session, withheld);
    // 6. setup, still private
    const context = life.agent.context;
    if (setup !== undefined) await creation.race(() => setup(context));
    creation.checkpoint();
    // 7–12 run without yielding.
    life.enterSession();
    life.enterAgent();
    life.announceSession();
    creation.checkpoint();
    life.announceAgent();
    creation.checkpoint();
    kernel.bus.dispatch('agent/session-start', { agent: life.agent, source: plan.source }, { veto: false });
    creation.checkpoint();
    creation.close();
    const handle = life.publish(plan.source);
    plan.published?.(life);
    return handle;
  } catch (error) {
    await life?.rollback();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    creation.finish();
  }
}
