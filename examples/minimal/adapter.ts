/**
 * The conformance adapter of the minimal host (`agents.ts`), written from the skeleton that
 * `agent-identity-kit init` writes and docs/writing-an-adapter.md alone. The host has no owners,
 * no abort signal, no scoped listeners and no configuration: those operations stay `unsupported`,
 * so the report says which requirements need them.
 */
import type { AdapterFactory, ConfigOutcome, System } from 'agent-identity-kit/adapter';
import { compact, errorClassifier, observePayload, PlanInterpreter, settle, TokenTable, UnsupportedOperation, unsupported } from 'agent-identity-kit/adapter';
import { Agents, type Agent, type Entry, type Session } from './agents.js';

const minimalAdapter: AdapterFactory = async (env, options) => {
  const agents = new TokenTable<Agent>('agent');
  const sessions = new TokenTable<Session>('session');
  const handles = new TokenTable<Agent>('handle');
  const owners = new TokenTable<{ readonly label: string }>('owner');
  let host: Agents;
  let config: ConfigOutcome = { ok: true, entries: [] };

  const plans = new PlanInterpreter<Agent>(env, {
    on: (type, listener) => host.on(type, listener),
    observe: (type, payload) => observePayload(type, payload, { agent: (agent) => agents.token(agent as Agent), session: (session) => sessions.token(session as Session) }),
    snapshot: () => ({ agents: system.agents(), sessions: system.sessions() }),
    shutdown: () => host.closeAll(),
  });
  const boot = (agentsConfig: readonly unknown[] | undefined): void => {
    host = new Agents({ ...(env.store === undefined ? {} : { store: env.store }), now: env.clock, reply: (agent) => env.turn({ id: agent.id, signal: new AbortController().signal }) });
    plans.attach();
    // The host has no configuration: a configuration with entries cannot be started.
    config = agentsConfig === undefined || agentsConfig.length === 0 ? { ok: true, entries: [] } : { ok: false, error: new UnsupportedOperation('config') };
  };
  const creation = (input: Parameters<System['create']>[0] | Parameters<System['resume']>[0]) =>
    input.owner !== undefined ? new UnsupportedOperation('owners') : input.signal !== undefined ? new UnsupportedOperation('abort signal') : undefined;
  const published = (agent: Agent) => ({ handle: handles.fresh(agent) });

  const system: System = {
    capabilities: { subagents: false, remote: false, bridge: false, rpc: false, consumers: false, contextDispose: false, idSource: false, clock: true, configHandles: false },
    profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' },

    owner: (label) => owners.fresh({ label }),
    unload: () => unsupported('owners'),
    create: (input) => {
      const missing = creation(input);
      if (missing !== undefined) return Promise.resolve({ ok: false, error: missing });
      return settle(() => host.open(input.sessionId, compact({ cwd: input.meta?.cwd, seed: input.seed as readonly Entry[] | undefined, setup: plans.setup(input.setup) })), published);
    },
    resume: (input) => {
      const missing = creation(input);
      if (missing !== undefined) return Promise.resolve({ ok: false, error: missing });
      return settle(() => host.reopen(input.resumeSessionId, compact({ setup: plans.setup(input.setup) })), published);
    },
    spawn: () => unsupported('spawn'),
    spawnRemote: () => unsupported('spawnRemote'),

    prompt: (handle) => settle(() => host.send(handles.get(handle))),
    dispose: (handle) => settle(() => host.close(handles.get(handle))),
    flush: (handle) => settle(() => host.save(handles.get(handle))),
    shutdown: () => settle(() => host.closeAll()),
    restart: (next) => settle(async () => (await host.closeAll(), boot(next.config?.agents))),
    configResults: () => config,

    listen: (plan, target) => plans.listen(plan, target === undefined ? undefined : () => handles.get(target)),
    unlisten: (name) => plans.unlisten(name),

    getAgent: (id) => {
      const agent = host.get(id);
      return agent === undefined ? undefined : agents.token(agent);
    },
    getSession: (id) => {
      const agent = host.get(id);
      return agent === undefined ? undefined : sessions.token(agent.session);
    },
    agents: () => host.list().map((agent) => ({ id: agent.id, token: agents.token(agent), session: { id: agent.session.id, headerId: agent.session.header.id, token: sessions.token(agent.session) } })),
    sessions: () => host.list().map(({ session }) => ({ id: session.id, token: sessions.token(session), header: session.header, length: session.events.length })),
    history: (token) => sessions.find(token)?.events ?? [],
    events: () => plans.events(),
    planOutcomes: () => plans.planOutcomes(),
    // The host rejects with bare string codes, which are the contract's own.
    classifyError: errorClassifier(),
  };

  boot(options.config?.agents);
  return system;
};

export default minimalAdapter;
