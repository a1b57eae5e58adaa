/**
 * The conformance adapter of the independent harness: translates the kit's operations and plans
 * into harness calls, and nothing more. The harness offers no subagents, remote runs, bridge,
 * forwarding, consumers, context dispose or injectable id source: those are declared absent.
 */
import type { AdapterEnv, AdapterFactory, ConfigOutcome, EventType, FactoryOptions, ListenPlan, System } from '../../src/contract/adapter.js';
import { EVENT_TYPES } from '../../src/contract/adapter.js';
import { observePayload } from '../support/observe-payload.js';
import { PlanKit } from '../support/plan-kit.js';
import { settle } from '../support/settle.js';
import { Tokens } from '../support/tokens.js';
import type { Agent, AgentContext } from './agent.js';
import type { EventName } from './event-bus.js';
import type { Handle } from './handle.js';
import { createHarness, type Harness, type OwnerApi } from './harness.js';
import { HarnessError } from './harness-error.js';
import type { Session } from './session.js';

/** The event types this harness emits (it has no subagents). */
const HARNESS_EVENTS = EVENT_TYPES.filter((type): type is EventName & EventType => !type.startsWith('subagent/'));

const independentAdapter: AdapterFactory = async (env: AdapterEnv, options: FactoryOptions): Promise<System> => {
  const tokens = new Tokens();
  const handles = new Map<string, Handle>();
  const owners = new Map<string, OwnerApi>();
  const sessions = new Map<string, Session>();
  // Scoped listeners by plan name; global ones are kept to be re-installed on restart.
  const removers = new Map<string, (() => void)[]>();
  const globals = new Map<string, ListenPlan>();
  let harness: Harness;
  let config: ConfigOutcome = { ok: true, entries: [] };

  // An agent's token is its context's: a setup callback sees only the context, yet must name its agent.
  const agentToken = (context: AgentContext): string => tokens.of(context, 'agent-');
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

  const kit = new PlanKit(env, {
    snapshot: () => ({ agents: system.agents(), sessions: system.sessions() }),
    unload: (owner) => (owner === undefined ? harness.root : ownerOf(owner)).unload(),
    shutdown: () => harness.shutdown(),
    observe: (type, payload) => observePayload(type, payload, { agent: (agent) => agentToken((agent as Agent).context), session: (session) => sessionToken(session as Session) }),
  });

  const install = (plan: ListenPlan, on: (type: EventName, listener: (payload: unknown) => unknown) => () => void, scope: string | undefined): void => {
    const listener = kit.listener(plan, scope);
    const types = plan.event === '*' ? HARNESS_EVENTS : HARNESS_EVENTS.filter((type) => type === plan.event);
    removers.set(plan.name, [...(removers.get(plan.name) ?? []), ...types.map((type) => on(type, listener(type)))]);
  };

  const boot = async (agents: FactoryOptions['config']): Promise<void> => {
    harness = createHarness({
      ...(env.store === undefined ? {} : { store: env.store }),
      clock: env.clock,
      model: async ({ agent, signal }) =>
        (await env.turn({ id: agent.id, signal })).map((item) => {
          if (item.kind !== 'assistant' && item.kind !== 'tool') throw new Error(`model event kind ${JSON.stringify(item.kind)} is not assistant or tool`);
          return item.data === undefined ? { kind: item.kind } : { kind: item.kind, data: item.data };
        }),
      agents: agents?.agents ?? [],
    });
    for (const type of HARNESS_EVENTS) harness.on(type, kit.recorder(type));
    for (const plan of globals.values()) install(plan, (type, listener) => harness.on(type, listener), undefined);
    try {
      const entries = await harness.start();
      config = {
        ok: true,
        entries: entries.map((entry) => (entry.ok ? { label: entry.label, ok: true, id: entry.id, handle: handleToken(entry.handle) } : entry)),
      };
    } catch (error) {
      config = { ok: false, error };
    }
  };

  const handleOf = (token: string): Handle => {
    const handle = handles.get(token);
    if (handle === undefined) throw new Error(`unknown handle token ${JSON.stringify(token)}`);
    return handle;
  };
  const ownerOf = (token: string | undefined): OwnerApi => {
    if (token === undefined) return harness.root;
    const owner = owners.get(token);
    if (owner === undefined) throw new Error(`unknown owner token ${JSON.stringify(token)}`);
    return owner;
  };
  const setupFor = (plan: Parameters<PlanKit['setup']>[0]) =>
    kit.setup<AgentContext>(plan, (listen, context) => install(listen, (type, listener) => context.on(type, listener), agentToken(context)));
  const notOffered = (what: string) => Promise.resolve({ ok: false as const, error: new Error(`${what} is not offered by this implementation`) });

  const system: System = {
    capabilities: { subagents: false, remote: false, bridge: false, rpc: false, consumers: false, contextDispose: false, idSource: false, clock: true, configHandles: true },
    profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' },

    owner(label) {
      const owner = harness.owner(label);
      const token = tokens.of(owner, 'owner-');
      owners.set(token, owner);
      return token;
    },
    unload: (owner) => settle(async () => (await ownerOf(owner).unload(), {})),
    create: (input) =>
      settle(async () => {
        const setup = setupFor(input.setup);
        const signal = kit.signal(input.signal);
        const handle = await ownerOf(input.owner).create({
          sessionId: input.sessionId,
          ...(input.meta === undefined ? {} : { meta: input.meta }),
          ...(input.seed === undefined ? {} : { seed: input.seed }),
          ...(setup === undefined ? {} : { setup }),
          ...(signal === undefined ? {} : { signal }),
        });
        return { handle: handleToken(handle) };
      }),
    resume: (input) =>
      settle(async () => {
        const setup = setupFor(input.setup);
        const signal = kit.signal(input.signal);
        const handle = await ownerOf(input.owner).resume({
          resumeSessionId: input.resumeSessionId,
          ...(setup === undefined ? {} : { setup }),
          ...(signal === undefined ? {} : { signal }),
        });
        return { handle: handleToken(handle) };
      }),
    spawn: () => notOffered('spawn'),
    spawnRemote: () => notOffered('spawnRemote'),

    prompt: (handle) => settle(async () => (await handleOf(handle).prompt(), {})),
    dispose: (handle) => settle(async () => (await handleOf(handle).dispose(), {})),
    flush: (handle) => settle(async () => (await handleOf(handle).flush(), {})),
    shutdown: () => settle(async () => (await harness.shutdown(), {})),
    restart: (restart) =>
      settle(async () => {
        await harness.shutdown();
        await boot(restart.config);
        return {};
      }),
    configResults: () => config,

    listen(plan, target) {
      try {
        if (target === undefined) {
          globals.set(plan.name, plan);
          install(plan, (type, listener) => harness.on(type, listener), undefined);
        } else {
          const context = handleOf(target).agent.context;
          install(plan, (type, listener) => context.on(type, listener), agentToken(context));
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
      const agent = harness.getAgent(id);
      return agent === undefined ? undefined : agentToken(agent.context);
    },
    getSession: (id) => {
      const session = harness.getSession(id);
      return session === undefined ? undefined : sessionToken(session);
    },
    agents: () =>
      harness.listAgents().map(([id, agent]) => ({
        id,
        token: agentToken(agent.context),
        session: { id: agent.session.id, headerId: agent.session.header.id, token: sessionToken(agent.session) },
      })),
    sessions: () => harness.listSessions().map(([id, session]) => ({ id, token: sessionToken(session), header: session.header, length: session.length })),
    history: (token) => sessions.get(token)?.events ?? [],
    events: () => [...kit.events],
    planOutcomes: () => [...kit.outcomes],
    classifyError: (error) => (error instanceof HarnessError ? error.code : 'unknown'),
  };

  await boot(options.config);
  return system;
};

export default independentAdapter;
