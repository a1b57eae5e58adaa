/**
 * The conformance adapter of the DeepSeek Harness, over its published packages
 * (`@deepseek-ai/dsh-*` 0.1.0-rc.8; see README.md). It boots the harness's own services on a cordis
 * root — the agent registry (dsh-agent), the session store (dsh-session), the model runtime
 * (dsh-llm), tools and system prompt, the agent loop (dsh-agent-loop, the creation factory and
 * configured agents) and, when the kit gives a store, session persistence (dsh-session-persistence's
 * coordinator over `kit-store.ts`) — and translates the kit's operations into their calls:
 *
 * - create / resume: `ctx.agents.create()` / `ctx.agents.resume()` through the owner's context;
 * - owners: a cordis plugin fiber per owner (the harness's caller-fiber ownership), unload is its
 *   `dispose()`; the root owner is the root context; shutdown disposes the root fiber;
 * - configuration: the loop's declarative `agents[]`, read when it starts;
 * - listeners: `ctx.on` (global) and the agent context's `on` (scoped).
 *
 * What the packages do not offer in the contract's shape is declared absent (README.md says why
 * for each): in-process subagents (a one-shot delegated task whose lifecycle events carry no
 * parent), remote runs, the ACP bridge and JSON-RPC forwarding (not published at this version),
 * consumers; an agent's context has no `dispose()` of its own, ids and `createdAt` come from the
 * harness itself (`randomUUID`, `Date.now`), and configured agents have no handles.
 */
import type { AdapterEnv, AdapterFactory, ConfigEntryOutcome, ConfigInput, ConfigOutcome, EventType, ObservedEvent, System } from 'agent-identity-kit/adapter';
import { errorClassifier, PlanInterpreter, settle, TokenTable, unsupported } from 'agent-identity-kit/adapter';
import { Context } from '@deepseek-ai/cordis';
import AgentRegistry, { type Agent, type AgentHandle } from '@deepseek-ai/dsh-agent';
import AgentLoop, { type Config } from '@deepseek-ai/dsh-agent-loop';
import LlmRuntime, { createUserMessage } from '@deepseek-ai/dsh-llm';
import SessionStore, { SessionId, type Session, type SessionEvent } from '@deepseek-ai/dsh-session';
import { SessionPersistenceCorruptionError } from '@deepseek-ai/dsh-session-persistence';
import SystemPrompt from '@deepseek-ai/dsh-system-prompt';
import ToolRuntime from '@deepseek-ai/dsh-tools';
import { KitModel, KIT_ROUTE } from './kit-model.js';
import { KitStorePersistence } from './kit-store.js';
import { kitEvent, kitHeader, nativeLog } from './log-codec.js';

/** The harness's errors are plain `Error`s; their messages are its only codes. */
const classifyError = errorClassifier({
  code: (error) => {
    const message = error instanceof Error ? error.message : '';
    if (error instanceof SessionPersistenceCorruptionError) return 'invalid'; // a stored record the harness refuses to reconstruct
    if (/already exists|already has a persisted log|\(id collision\)|while it is live/.test(message)) return 'conflict';
    if (/not found/.test(message)) return 'not-found';
    if (/owner disposed|inactive context|is not live|not active|no agent factory registered/.test(message)) return 'inactive';
    if (/aborted/.test(message)) return 'aborted';
    if (/must be|not configured|invalid|not losslessly|mutually exclusive|duplicate|expected \d/.test(message)) return 'invalid';
    return undefined;
  },
});

/** How the harness's event listeners are called, per kit event type: its payloads are not contract-shaped. */
type Heard = { readonly agent: Agent; readonly source?: 'startup' | 'resume' } | { readonly session: Session; readonly event?: SessionEvent };

/** Adapts a kit listener (one payload) to the harness's argument list for `type`. */
function nativeListener(type: EventType, listener: (payload: Heard) => unknown): (...args: never[]) => unknown {
  if (type === 'session/event') return ((session: Session, event: SessionEvent) => listener({ session, event })) as never;
  if (type.startsWith('session/')) return ((session: Session) => listener({ session })) as never;
  return ((payload: { agent: Agent; source?: 'startup' | 'resume' }) => listener(payload)) as never;
}

/** One owner: the context of its plugin fiber, and the fiber's disposal. */
interface Owner {
  readonly context: Context;
  readonly dispose: () => Promise<void>;
}

/** The contract's events these packages emit (`subagent/*` belong to dsh-subagent, not installed). */
const HARNESS_EVENTS: readonly EventType[] = ['session/created', 'agent/created', 'agent/session-start', 'session/event', 'agent/disposed', 'session/disposed'];

const deepseekAdapter: AdapterFactory = async (env: AdapterEnv, options) => {
  const agents = new TokenTable<Agent>('agent');
  const sessions = new TokenTable<Session>('session');
  const handles = new TokenTable<AgentHandle>('handle');
  const owners = new TokenTable<Owner>('owner');
  let root: Context;
  // The registries of the instance running (they stay readable, empty, after its shutdown).
  let registry: AgentRegistry;
  let store: SessionStore;
  let config: ConfigOutcome = { ok: true, entries: [] };

  const observe = (type: EventType, payload: Heard): Omit<ObservedEvent, 'listener'> => {
    if ('agent' in payload) {
      const { agent, source } = payload;
      return { type, subject: agents.token(agent), id: agent.id, session: sessions.token(agent.session), ...(source === undefined ? {} : { source: source as 'startup' | 'resume' }) };
    }
    const { session, event } = payload;
    return { type, subject: sessions.token(session), id: session.id, ...(event === undefined ? {} : { event: { seq: event.seq, kind: kitEvent(event).kind } }) };
  };
  const plans = new PlanInterpreter<Context>(env, {
    on: (type, listener) => root.on(type as never, nativeListener(type, listener) as never),
    onScope: (context, type, listener) => context.on(type as never, nativeListener(type, listener) as never),
    scopeToken: (context) => agents.token(context.agent as Agent),
    observe: (type, payload) => observe(type, payload as Heard),
    snapshot: () => ({ agents: system.agents(), sessions: system.sessions() }),
    unload: (owner) => owners.get(owner).dispose(),
    shutdown: () => root.fiber.dispose(),
    events: HARNESS_EVENTS,
  });

  /** The loop's configured agents, each on the kit's model route. */
  const loopConfig = (input: ConfigInput | undefined): Config => ({ agents: (input?.agents ?? []).map((entry) => ({ ...entry, ...KIT_ROUTE }) as Config['agents'][number]) });

  /**
   * Starts the harness and its configured agents. The loop reports a configured start only
   * through the registry and `agent-loop/config-start-failed`: an exact id's outcome is whether an
   * agent went live under it or that event named it; a fresh entry's agent is created
   * synchronously while the loop starts, in entry order, so it is the next agent the loop announced.
   */
  const boot = async (input: ConfigInput | undefined): Promise<void> => {
    root = new Context();
    plans.attach();
    await root.plugin(AgentRegistry);
    await root.plugin(SessionStore);
    await root.plugin(LlmRuntime);
    await root.plugin(ToolRuntime);
    await root.plugin(SystemPrompt);
    registry = root.agents;
    store = root.sessions;
    root.llm.registerAdapter([KIT_ROUTE.provider], new KitModel(env.turn));
    if (env.store !== undefined) {
      const durable = env.store;
      await root.plugin({ name: 'kit-store', inject: ['sessions'], apply: (ctx: Context) => void new KitStorePersistence(ctx, durable) });
    }
    const entries = input?.agents ?? [];
    const announced: Agent[] = [];
    const failed = new Map<string, unknown>();
    const stopAnnounced = root.on('agent/created', ({ agent }) => void announced.push(agent));
    const stopFailed = root.on('agent-loop/config-start-failed', ({ sessionId, error }) => void failed.set(sessionId, error));
    try {
      const started = await settle(async () => await root.plugin(AgentLoop, loopConfig(input)));
      if (!started.ok) {
        config = { ok: false, error: started.error };
        return;
      }
      const exact = entries.flatMap((entry) => [entry.sessionId ?? entry.resumeSessionId ?? []].flat());
      // Without a store the loop also creates exact ids synchronously: those are not fresh entries.
      const fresh = announced.filter((agent) => !exact.includes(agent.id));
      // Exact ids settle asynchronously: wait until each is live or reported failed.
      await new Promise<void>((resolve) => {
        const done = () => exact.every((id) => registry.get(SessionId(id)) !== undefined || failed.has(id));
        if (done()) return resolve();
        const stops = [root.on('agent/created', () => done() && (stops.forEach((stop) => stop()), resolve())), root.on('agent-loop/config-start-failed', () => done() && (stops.forEach((stop) => stop()), resolve()))];
      });
      config = {
        ok: true,
        entries: entries.map((entry): ConfigEntryOutcome => {
          const id = entry.sessionId ?? entry.resumeSessionId;
          if (id === undefined) {
            const agent = fresh.shift();
            return agent === undefined ? { label: entry.id, ok: false, error: new Error(`the loop announced no agent for entry ${entry.id}`) } : { label: entry.id, ok: true, id: agent.id };
          }
          return failed.has(id) ? { label: entry.id, ok: false, error: failed.get(id) } : { label: entry.id, ok: true, id };
        }),
      };
    } finally {
      stopAnnounced();
      stopFailed();
    }
  };

  /** The registry as the owner's context sees it: creations through it are owned by that context's fiber. */
  const ownerRegistry = async (token: string | undefined): Promise<AgentRegistry> => (token === undefined ? registry : owners.get(token).context.agents);
  const created = (handle: AgentHandle) => ({ handle: handles.fresh(handle) });

  /**
   * One turn: the harness queues the message (`followup`) and returns no completion handle, so
   * the prompt waits for whole-agent quiescence (`whenIdle`) and reads the log the harness wrote
   * for that message: the `turn/end` of the turn that claimed it.
   */
  const prompt = async (handle: AgentHandle): Promise<void> => {
    const { agent } = handle;
    const message = createUserMessage({ content: [{ type: 'text', text: 'prompt' }], source: { kind: 'user' } });
    agent.followup(message);
    await agent.whenIdle();
    const log = agent.session.events;
    const claimed = log.find((event) => event.type === 'user/message' && (event.data as { id?: string }).id === message.id);
    const turn = claimed === undefined ? undefined : log.findLast((event) => event.type === 'turn/start' && event.seq < claimed.seq);
    const end = turn === undefined ? undefined : log.find((event) => event.type === 'turn/end' && event.seq > claimed!.seq && (event.data as { turn: number }).turn === (turn.data as { turn: number }).turn);
    if (end === undefined) throw new Error(`agent ${agent.id} accepted the message and ran no turn for it (the harness reported nothing)`);
    const reason = (end.data as { reason: { kind: string } }).reason;
    if (reason.kind !== 'completed') throw reason;
  };

  const system: System = {
    capabilities: { subagents: false, remote: false, bridge: false, rpc: false, consumers: false, contextDispose: false, idSource: false, clock: false, configHandles: false },
    profiles: { teardown: 'scope-first', persistedCreate: 'reject-at-flush' },

    owner: (label) => {
      // A creation through the owner runs in its plugin fiber's context (`fiber.ctx`, there at once).
      const fiber = root.plugin({ name: `owner:${label}`, inject: ['agents'], apply: () => undefined });
      return owners.token({ context: fiber.ctx, dispose: () => fiber.dispose() });
    },
    unload: (token) => settle(() => owners.get(token).dispose()),
    create: (input) =>
      settle(async () => {
        const owner = await ownerRegistry(input.owner);
        const seed = input.seed === undefined ? undefined : nativeLog(input.seed);
        const meta = { ...input.meta, ...(Array.isArray(seed) ? { seedLength: seed.length } : {}) };
        return owner.create({ sessionId: SessionId(input.sessionId), agentOptions: KIT_ROUTE, ...(input.meta === undefined && !Array.isArray(seed) ? {} : { meta }), ...(seed === undefined ? {} : { seed: seed as SessionEvent[] }), ...plans.creation(input) } as never);
      }, created),
    resume: (input) =>
      settle(async () => {
        const owner = await ownerRegistry(input.owner);
        return owner.resume({ resumeSessionId: SessionId(input.resumeSessionId), agentOptions: KIT_ROUTE, ...plans.creation(input) });
      }, created),
    spawn: () => unsupported('spawn'),
    spawnRemote: () => unsupported('spawnRemote'),

    prompt: (handle) => settle(() => prompt(handles.get(handle))),
    dispose: (handle) => settle(() => handles.get(handle).dispose()),
    flush: (handle) =>
      settle(async () => {
        // The session store's `flush` is the harness's durability barrier (`session/flush`).
        await store.flush(handles.get(handle).agent.session);
      }),
    shutdown: () => settle(() => root.fiber.dispose()),
    restart: ({ config: next }) => settle(async () => (await root.fiber.dispose(), await boot(next))),
    configResults: () => config,

    listen: (plan, target) => plans.listen(plan, target === undefined ? undefined : () => handles.get(target).agent.ctx),
    unlisten: (name) => plans.unlisten(name),

    getAgent: (id) => {
      const agent = registry.get(SessionId(id));
      return agent === undefined ? undefined : agents.token(agent);
    },
    getSession: (id) => {
      const session = store.get(SessionId(id));
      return session === undefined ? undefined : sessions.token(session);
    },
    // The registries' keys are read from their own maps (`store`, private in the .d.ts): the key an
    // object is filed under, not its id read back.
    agents: () =>
      [...(registry as unknown as { store: Map<string, { agent: Agent }> }).store].map(([id, { agent }]) => ({
        id,
        token: agents.token(agent),
        session: { id: agent.session.id, headerId: agent.session.header.id, token: sessions.token(agent.session) },
      })),
    sessions: () =>
      [...(store as unknown as { store: Map<string, { session: Session }> }).store].map(([id, { session }]) => ({
        id,
        token: sessions.token(session),
        header: kitHeader(session.header),
        length: session.events.length,
      })),
    history: (token) => sessions.find(token)?.events.map(kitEvent) ?? [],
    events: () => plans.events(),
    planOutcomes: () => plans.planOutcomes(),
    classifyError,
  };

  await boot(options.config);
  return system;
};

export default deepseekAdapter;
