/**
 * The conformance adapter of the legacy two-id harness. It translates faithfully, so the kit sees
 * the harness as it is: registries keyed by a minted agent id, labels as agent ids, no owners.
 * `conform --adapter examples/legacy/adapter.ts` must exit 1 naming AIK-ID-001.
 */
import type { AdapterFactory, ConfigInput, ConfigOutcome, System } from 'agent-identity-kit/adapter';
import { compact, EVENT_TYPES, errorClassifier, observePayload, PlanInterpreter, settle, TokenTable, unsupported } from 'agent-identity-kit/adapter';
import { AgentHost, LegacyError, type LegacyAgent, type LegacyContext } from './agent-host.js';
import type { LegacyEvent, LegacySession } from './legacy-session.js';

const legacyAdapter: AdapterFactory = async (env, options) => {
  // Agents are named through their context, which is all a setup callback sees.
  const agents = new TokenTable<LegacyContext>('agent');
  const sessions = new TokenTable<LegacySession>('session');
  // The host has no handles: one token per creation, naming the agent it returned.
  const handles = new TokenTable<LegacyAgent>('handle');
  const owners = new TokenTable<{ readonly label: string }>('owner');
  let host: AgentHost;
  let config: ConfigOutcome = { ok: true, entries: [] };

  const plans = new PlanInterpreter<LegacyContext>(env, {
    events: EVENT_TYPES.filter((type) => !type.startsWith('subagent/')),
    on: (type, listener) => host.on(type, listener),
    onScope: (context, type, listener) => context.on(type, listener),
    scopeToken: (context) => agents.token(context),
    observe: (type, payload) => observePayload(type, payload, { agent: (agent) => agents.token((agent as LegacyAgent).context), session: (session) => sessions.token(session as LegacySession) }),
    snapshot: () => ({ agents: system.agents(), sessions: system.sessions() }),
    shutdown: () => host.shutdown(),
  });

  const boot = async (next: ConfigInput | undefined): Promise<void> => {
    host = new AgentHost({ ...(env.store === undefined ? {} : { store: env.store }), clock: env.clock, model: (agent, signal) => env.turn({ id: agent.session.id, signal }), agents: next?.agents ?? [] });
    plans.attach();
    config = await settle(() => host.start(), (started) => ({ entries: started.map((agent, index) => ({ label: next?.agents[index]?.id ?? agent.id, ok: true as const, id: agent.id, handle: handles.fresh(agent) })) }));
  };
  const agentOf = (handle: string): LegacyAgent => handles.get(handle);

  const system: System = {
    capabilities: { subagents: false, remote: false, bridge: false, rpc: false, consumers: false, contextDispose: false, idSource: false, clock: true, configHandles: true },
    profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' },

    owner: (label) => owners.fresh({ label }),
    unload: () => unsupported('unload'),
    create: (input) =>
      input.owner !== undefined
        ? unsupported('create through an owner')
        : settle(() => host.createAgent(compact({ sessionId: input.sessionId, cwd: input.meta?.cwd, seed: input.seed as readonly LegacyEvent[] | undefined, ...plans.creation(input) })), (agent) => ({ handle: handles.fresh(agent) })),
    resume: (input) => (input.owner !== undefined ? unsupported('resume through an owner') : settle(() => host.resumeAgent(undefined, input.resumeSessionId, plans.setup(input.setup)), (agent) => ({ handle: handles.fresh(agent) }))),
    spawn: () => unsupported('spawn'),
    spawnRemote: () => unsupported('spawnRemote'),

    prompt: (handle) => settle(() => host.prompt(agentOf(handle).id)),
    dispose: (handle) => settle(() => host.disposeAgent(agentOf(handle).id)),
    flush: (handle) => settle(() => host.flush(agentOf(handle).id)),
    shutdown: () => settle(() => host.shutdown()),
    restart: ({ config: next }) => settle(async () => (await host.shutdown(), await boot(next))),
    configResults: () => config,

    listen: (plan, target) => plans.listen(plan, target === undefined ? undefined : () => agentOf(target).context),
    unlisten: (name) => plans.unlisten(name),

    getAgent: (id) => {
      const agent = host.getAgent(id);
      return agent === undefined ? undefined : agents.token(agent.context);
    },
    getSession: (id) => {
      const session = host.getSession(id);
      return session === undefined ? undefined : sessions.token(session);
    },
    agents: () => host.listAgents().map(([id, agent]) => ({ id, token: agents.token(agent.context), session: { id: agent.session.id, headerId: agent.session.header.id, token: sessions.token(agent.session) } })),
    sessions: () => host.listSessions().map(([id, session]) => ({ id, token: sessions.token(session), header: session.header, length: session.events.length })),
    history: (token) => sessions.find(token)?.events ?? [],
    events: () => plans.events(),
    planOutcomes: () => plans.planOutcomes(),
    classifyError: errorClassifier({ classes: [LegacyError], codes: { EEXIST: 'conflict', ENOENT: 'not-found', EINVAL: 'invalid', ECLOSED: 'inactive', EABORT: 'aborted' } }),
  };

  await boot(options.config);
  return system;
};

export default legacyAdapter;
