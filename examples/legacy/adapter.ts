/**
 * The conformance adapter of the legacy two-id harness. It translates faithfully, so the kit sees
 * the harness as it is: registries keyed by a minted agent id, labels as agent ids, no owners.
 * `conform --adapter examples/legacy/adapter.ts` must exit 1 naming AIK-ID-001.
 */
import type { AdapterEnv, AdapterFactory, ConfigOutcome, EventType, FactoryOptions, ListenPlan, System } from '../../src/contract/adapter.js';
import { EVENT_TYPES } from '../../src/contract/adapter.js';
import type { ErrorCode } from '../../src/contract/error-code.js';
import { observePayload } from '../support/observe-payload.js';
import { PlanKit } from '../support/plan-kit.js';
import { settle } from '../support/settle.js';
import { Tokens } from '../support/tokens.js';
import { AgentHost, LegacyError, type LegacyAgent, type LegacyCode, type LegacyContext } from './agent-host.js';
import type { LegacyEvent, LegacySession } from './legacy-session.js';

const LEGACY_EVENTS = EVENT_TYPES.filter((type) => !type.startsWith('subagent/'));

const CODES: Readonly<Record<LegacyCode, ErrorCode>> = { EEXIST: 'conflict', ENOENT: 'not-found', EINVAL: 'invalid', ECLOSED: 'inactive', EABORT: 'aborted' };

const legacyAdapter: AdapterFactory = async (env: AdapterEnv, options: FactoryOptions): Promise<System> => {
  const tokens = new Tokens();
  const handles = new Map<string, LegacyAgent>();
  const sessions = new Map<string, LegacySession>();
  const removers = new Map<string, (() => void)[]>();
  const globals = new Map<string, ListenPlan>();
  const contexts = new WeakMap<LegacyContext, LegacyAgent>();
  let host: AgentHost;
  let config: ConfigOutcome = { ok: true, entries: [] };

  const agentToken = (agent: LegacyAgent): string => {
    contexts.set(agent.context, agent);
    return tokens.of(agent, 'agent-');
  };
  const sessionToken = (session: LegacySession): string => {
    const token = tokens.of(session, 'session-');
    sessions.set(token, session);
    return token;
  };
  const handleToken = (agent: LegacyAgent): string => {
    // The legacy host has no handles: one token per creation, naming the agent it returned.
    const token = tokens.of({}, 'handle-');
    handles.set(token, agent);
    return token;
  };
  const agentOf = (token: string): LegacyAgent => {
    const agent = handles.get(token);
    if (agent === undefined) throw new Error(`unknown handle token ${JSON.stringify(token)}`);
    return agent;
  };

  const kit = new PlanKit(env, {
    snapshot: () => ({ agents: system.agents(), sessions: system.sessions() }),
    unload: () => Promise.reject(new Error('the legacy host has no owners')),
    shutdown: () => host.shutdown(),
    observe: (type, payload) => observePayload(type, payload, { agent: (agent) => agentToken(agent as LegacyAgent), session: (session) => sessionToken(session as LegacySession) }),
  });

  const install = (plan: ListenPlan, on: (type: EventType, listener: (payload: unknown) => unknown) => () => void, scope: string | undefined): void => {
    const listener = kit.listener(plan, scope);
    const types = plan.event === '*' ? LEGACY_EVENTS : LEGACY_EVENTS.filter((type) => type === plan.event);
    removers.set(plan.name, [...(removers.get(plan.name) ?? []), ...types.map((type) => on(type, listener(type)))]);
  };
  const setupFor = (plan: Parameters<PlanKit['setup']>[0]) =>
    kit.setup<LegacyContext>(plan, (listen, context) => {
      const agent = contexts.get(context);
      install(listen, (type, listener) => context.on(type, listener), agent === undefined ? undefined : agentToken(agent));
    });

  const boot = async (agents: FactoryOptions['config']): Promise<void> => {
    host = new AgentHost({
      ...(env.store === undefined ? {} : { store: env.store }),
      clock: env.clock,
      model: (agent, signal) => env.turn({ id: agent.session.id, signal }),
      agents: agents?.agents ?? [],
    });
    for (const type of LEGACY_EVENTS) host.on(type, kit.recorder(type));
    for (const plan of globals.values()) install(plan, (type, listener) => host.on(type, listener), undefined);
    try {
      const started = await host.start();
      config = { ok: true, entries: started.map((agent, index) => ({ label: agents?.agents[index]?.id ?? agent.id, ok: true, id: agent.id, handle: handleToken(agent) })) };
    } catch (error) {
      config = { ok: false, error };
    }
  };
  const noOwners = () => Promise.resolve({ ok: false as const, error: new Error('the legacy host has no owners') });
  const notOffered = (what: string) => Promise.resolve({ ok: false as const, error: new Error(`${what} is not offered by the legacy host`) });

  const system: System = {
    capabilities: { subagents: false, remote: false, bridge: false, rpc: false, consumers: false, contextDispose: false, idSource: false, clock: true, configHandles: true },
    profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' },

    owner: (label) => tokens.of({ label }, 'owner-'),
    unload: noOwners,
    create: (input) => {
      if (input.owner !== undefined) return noOwners();
      return settle(async () => {
        const setup = setupFor(input.setup);
        const signal = kit.signal(input.signal);
        const agent = await host.createAgent({
          sessionId: input.sessionId,
          ...(input.meta?.cwd === undefined ? {} : { cwd: input.meta.cwd }),
          ...(input.seed === undefined ? {} : { seed: input.seed as readonly LegacyEvent[] }),
          ...(setup === undefined ? {} : { setup }),
          ...(signal === undefined ? {} : { signal }),
        });
        return { handle: handleToken(agent) };
      });
    },
    resume: (input) => {
      if (input.owner !== undefined) return noOwners();
      return settle(async () => ({ handle: handleToken(await host.resumeAgent(undefined, input.resumeSessionId, setupFor(input.setup))) }));
    },
    spawn: () => notOffered('spawn'),
    spawnRemote: () => notOffered('spawnRemote'),

    prompt: (handle) => settle(async () => (await host.prompt(agentOf(handle).id), {})),
    dispose: (handle) => settle(async () => (await host.disposeAgent(agentOf(handle).id), {})),
    flush: (handle) => settle(async () => (await host.flush(agentOf(handle).id), {})),
    shutdown: () => settle(async () => (await host.shutdown(), {})),
    restart: (restart) =>
      settle(async () => {
        await host.shutdown();
        await boot(restart.config);
        return {};
      }),
    configResults: () => config,

    listen(plan, target) {
      try {
        if (target === undefined) {
          globals.set(plan.name, plan);
          install(plan, (type, listener) => host.on(type, listener), undefined);
        } else {
          const agent = agentOf(target);
          install(plan, (type, listener) => agent.context.on(type, listener), agentToken(agent));
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
      const agent = host.getAgent(id);
      return agent === undefined ? undefined : agentToken(agent);
    },
    getSession: (id) => {
      const session = host.getSession(id);
      return session === undefined ? undefined : sessionToken(session);
    },
    agents: () =>
      host.listAgents().map(([id, agent]) => ({ id, token: agentToken(agent), session: { id: agent.session.id, headerId: agent.session.header.id, token: sessionToken(agent.session) } })),
    sessions: () => host.listSessions().map(([id, session]) => ({ id, token: sessionToken(session), header: session.header, length: session.events.length })),
    history: (token) => sessions.get(token)?.events ?? [],
    events: () => [...kit.events],
    planOutcomes: () => [...kit.outcomes],
    classifyError: (error) => (error instanceof LegacyError ? CODES[error.code] : 'unknown'),
  };

  await boot(options.config);
  return system;
};

export default legacyAdapter;
