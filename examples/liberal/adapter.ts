/**
 * The conformance adapter of the liberal runtime: translates the kit's operations and plans into
 * runtime calls, and nothing more. The runtime offers in-process subagents, JSON-RPC forwarding,
 * an injectable id source and clock; it has no remote runs, bridge, consumers or context dispose,
 * and its configured agents have no handles of their own (`configHandles: false`).
 */
import type {
  AdapterEnv,
  AdapterFactory,
  ConfigEntryOutcome,
  ConfigOutcome,
  EventType,
  FactoryOptions,
  ForwardedMessage,
  ListenPlan,
  ObservedEvent,
  SetupPlan,
  System,
} from '../../src/contract/adapter.js';
import { EVENT_TYPES } from '../../src/contract/adapter.js';
import { observePayload } from '../support/observe-payload.js';
import { PlanKit } from '../support/plan-kit.js';
import { settle } from '../support/settle.js';
import { Tokens } from '../support/tokens.js';
import type { Agent, Context, Handle } from './agent.js';
import type { Hearer } from './dispatch.js';
import { Cancelled, Closed, IdTaken, NothingStored, Rejected } from './faults.js';
import type { Owner } from './owner.js';
import { Runtime, type Started } from './runtime.js';
import type { Session } from './session.js';

/** The error classes of the runtime and the contract code each stands for. */
const CODES = [
  [IdTaken, 'conflict'],
  [NothingStored, 'not-found'],
  [Rejected, 'invalid'],
  [Cancelled, 'aborted'],
  [Closed, 'inactive'],
] as const;

/** A subagent event payload as the runtime dispatches it. */
interface RunPayload {
  readonly parent: Agent;
  readonly runId: string;
  readonly provider: string;
  readonly id: string;
  readonly local: boolean;
  readonly outcome?: 'completed' | 'cancelled' | 'failed';
}

/**
 * A configured entry as this runtime reports it: the id and no handle. The kit's
 * {@link ConfigEntryOutcome} still requires a handle token, so the entry is passed on without one
 * (declared by `configHandles: false`).
 */
function withoutHandle(started: Started): ConfigEntryOutcome {
  return started as unknown as ConfigEntryOutcome;
}

const liberalAdapter: AdapterFactory = async (env: AdapterEnv, options: FactoryOptions): Promise<System> => {
  const tokens = new Tokens();
  const handles = new Map<string, Handle>();
  const owners = new Map<string, Owner>();
  const sessions = new Map<string, Session>();
  const removers = new Map<string, (() => void)[]>();
  const globals = new Map<string, ListenPlan>();
  const forwarded: ForwardedMessage[] = [];
  let runtime: Runtime;
  let config: ConfigOutcome = { ok: true, entries: [] };

  // An agent's token is its context's: a setup callback sees only the context, yet must name its agent.
  const contextToken = (context: Context): string => tokens.of(context, 'agent-');
  const agentToken = (agent: Agent): string => contextToken(agent.context);
  const sessionToken = (session: Session): string => {
    const token = tokens.of(session, 'session-');
    sessions.set(token, session);
    return token;
  };
  const handleToken = (handle: Handle): string => {
    const token = tokens.of(handle, 'handle-');
    handles.set(token, handle);
    return token;
  };

  const observe = (type: EventType, payload: unknown): Omit<ObservedEvent, 'listener' | 'scope' | 'snapshot'> => {
    if (!type.startsWith('subagent/')) {
      return observePayload(type, payload, { agent: (agent) => agentToken(agent as Agent), session: (session) => sessionToken(session as Session) });
    }
    const { parent, runId, provider, id, local, outcome } = payload as RunPayload;
    return { type, subject: agentToken(parent), id: parent.id, run: { runId, provider, id, local, ...(outcome === undefined ? {} : { outcome }) } };
  };

  const kit = new PlanKit(env, {
    snapshot: () => ({ agents: system.agents(), sessions: system.sessions() }),
    unload: (owner) => (owner === undefined ? runtime.root : ownerOf(owner)).unload(),
    shutdown: () => runtime.shutdown(),
    observe,
  });

  const install = (plan: ListenPlan, subscribe: (type: EventType, hearer: Hearer) => () => void, scope: string | undefined): void => {
    const listener = kit.listener(plan, scope);
    const types = plan.event === '*' ? EVENT_TYPES : EVENT_TYPES.filter((type) => type === plan.event);
    removers.set(plan.name, [...(removers.get(plan.name) ?? []), ...types.map((type) => subscribe(type, listener(type)))]);
  };
  const installScoped = (plan: ListenPlan, context: Context): void => install(plan, (type, hearer) => context.on(type, hearer), contextToken(context));

  const boot = async (configuration: FactoryOptions['config']): Promise<void> => {
    runtime = new Runtime({
      ...(env.store === undefined ? {} : { store: env.store }),
      ids: env.ids,
      clock: env.clock,
      model: ({ id, signal }) => env.turn({ id, signal }),
      agents: configuration?.agents ?? [],
      rpc: (message) => forwarded.push(message),
    });
    for (const type of EVENT_TYPES) runtime.on(type, kit.recorder(type));
    for (const plan of globals.values()) install(plan, (type, hearer) => runtime.on(type, hearer), undefined);
    try {
      config = { ok: true, entries: (await runtime.start()).map(withoutHandle) };
    } catch (error) {
      config = { ok: false, error };
    }
  };

  const handleOf = (token: string): Handle => {
    const handle = handles.get(token);
    if (handle === undefined) throw new Error(`unknown handle token ${JSON.stringify(token)}`);
    return handle;
  };
  const ownerOf = (token: string | undefined): Owner => {
    if (token === undefined) return runtime.root;
    const owner = owners.get(token);
    if (owner === undefined) throw new Error(`unknown owner token ${JSON.stringify(token)}`);
    return owner;
  };
  const setupFor = (plan: SetupPlan | undefined): ((context: Context) => Promise<void>) | undefined => {
    if (plan?.action !== 'spawn') return kit.setup<Context>(plan, installScoped);
    return async (context) => {
      if (plan.listen !== undefined) installScoped(plan.listen, context);
      if (plan.pause !== undefined) await env.pause(plan.pause);
      const outcome = await settle(async () => (await context.spawn(), {}));
      kit.outcomes.push({ plan: plan.name, op: 'spawn', outcome });
    };
  };
  const created = (handle: Handle): { readonly handle: string } => ({ handle: handleToken(handle) });

  const system: System = {
    capabilities: { subagents: true, remote: false, bridge: false, rpc: true, consumers: false, contextDispose: false, idSource: true, clock: true, configHandles: false },
    profiles: { teardown: 'scope-first', persistedCreate: 'reject-at-flush' },
    get maxDepth() {
      return runtime.maxDepth;
    },

    owner(label) {
      const owner = runtime.owner(label);
      const token = tokens.of(owner, 'owner-');
      owners.set(token, owner);
      return token;
    },
    unload: (owner) => settle(async () => (await ownerOf(owner).unload(), {})),
    create: (input) =>
      settle(async () => {
        const setup = setupFor(input.setup);
        const signal = kit.signal(input.signal);
        const handle = await runtime.open(ownerOf(input.owner), {
          kind: 'create',
          sessionId: input.sessionId,
          ...(input.meta === undefined ? {} : { meta: input.meta }),
          ...(input.seed === undefined ? {} : { seed: input.seed }),
          ...(setup === undefined ? {} : { setup }),
          ...(signal === undefined ? {} : { signal }),
        });
        return created(handle);
      }),
    resume: (input) =>
      settle(async () => {
        const setup = setupFor(input.setup);
        const signal = kit.signal(input.signal);
        const handle = await runtime.open(ownerOf(input.owner), {
          kind: 'resume',
          resumeSessionId: input.resumeSessionId,
          ...(setup === undefined ? {} : { setup }),
          ...(signal === undefined ? {} : { signal }),
        });
        return created(handle);
      }),
    spawn: (parent, input) =>
      settle(async () => {
        const setup = setupFor(input.setup);
        const signal = kit.signal(input.signal);
        const request = { ...(setup === undefined ? {} : { setup }), ...(signal === undefined ? {} : { signal }) };
        const context = handleOf(parent).agent.context;
        const child = await (input.mode === 'fork' ? context.fork(request) : context.spawn(request));
        return { ...created(child), id: child.agent.id, runId: child.runId ?? '' };
      }),
    spawnRemote: () => Promise.resolve({ ok: false as const, error: new Error('remote runs are not offered by this implementation') }),

    prompt: (handle) => settle(async () => (await handleOf(handle).prompt(), {})),
    dispose: (handle) => settle(async () => (await handleOf(handle).dispose(), {})),
    flush: (handle) => settle(async () => (await handleOf(handle).flush(), {})),
    shutdown: () => settle(async () => (await runtime.shutdown(), {})),
    restart: (restart) =>
      settle(async () => {
        await runtime.shutdown();
        await boot(restart.config);
        return {};
      }),
    configResults: () => config,

    listen(plan, target) {
      try {
        if (target === undefined) {
          globals.set(plan.name, plan);
          install(plan, (type, hearer) => runtime.on(type, hearer), undefined);
        } else {
          installScoped(plan, handleOf(target).agent.context);
        }
        return { ok: true };
      } catch (error) {
        return { ok: false, error };
      }
    },
    unlisten(name) {
      globals.delete(name);
      for (const remove of removers.get(name) ?? []) remove();
      removers.delete(name);
    },

    getAgent: (id) => {
      const agent = runtime.getAgent(id);
      return agent === undefined ? undefined : agentToken(agent);
    },
    getSession: (id) => {
      const session = runtime.getSession(id);
      return session === undefined ? undefined : sessionToken(session);
    },
    agents: () =>
      runtime.listAgents().map(([id, agent]) => ({
        id,
        token: agentToken(agent),
        session: { id: agent.session.id, headerId: agent.session.header.id, token: sessionToken(agent.session) },
        ...(agent.parent === undefined ? {} : { parent: agentToken(agent.parent) }),
      })),
    sessions: () => runtime.listSessions().map(([id, session]) => ({ id, token: sessionToken(session), header: session.header, length: session.log.length })),
    history: (token) => sessions.get(token)?.log ?? [],
    events: () => [...kit.events],
    planOutcomes: () => [...kit.outcomes],
    classifyError: (error) => CODES.find(([kind]) => error instanceof kind)?.[1] ?? 'unknown',
    forwarded: () => [...forwarded],
  };

  await boot(options.config);
  return system;
};

export default liberalAdapter;
