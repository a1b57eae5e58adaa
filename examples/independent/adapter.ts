/**
 * The conformance adapter of the independent harness: it translates the kit's operations into
 * harness calls and nothing more; the plan plumbing is the kit's toolkit (`agent-identity-kit/adapter`).
 * The harness offers no subagents, remote runs, bridge, forwarding, consumers, context dispose or
 * injectable id source: those are declared absent, and their operations report `unsupported`.
 */
import type { AdapterFactory, ConfigOutcome, EventType, System } from 'agent-identity-kit/adapter';
import { compact, EVENT_TYPES, errorClassifier, observePayload, PlanInterpreter, settle, TokenTable, unsupported } from 'agent-identity-kit/adapter';
import type { AgentContext } from './agent.js';
import type { EventName } from './event-bus.js';
import type { Handle, ModelItem } from './handle.js';
import { createHarness, type Harness, type OwnerApi } from './harness.js';
import { HarnessError } from './harness-error.js';
import type { Session } from './session.js';

/** The event types this harness emits (it has no subagents). */
const HARNESS_EVENTS = EVENT_TYPES.filter((type): type is EventName & EventType => !type.startsWith('subagent/'));

const independentAdapter: AdapterFactory = async (env, options) => {
  // An agent is named through its context: a setup callback sees only the context, yet names its agent.
  const agents = new TokenTable<AgentContext>('agent');
  const sessions = new TokenTable<Session>('session');
  const handles = new TokenTable<Handle>('handle');
  const owners = new TokenTable<OwnerApi>('owner');
  let harness: Harness;
  let config: ConfigOutcome = { ok: true, entries: [] };

  const plans = new PlanInterpreter<AgentContext>(env, {
    events: HARNESS_EVENTS,
    on: (type, listener) => harness.on(type as EventName, listener),
    onScope: (context, type, listener) => context.on(type as EventName, listener),
    scopeToken: (context) => agents.token(context),
    observe: (type, payload) => observePayload(type, payload, { agent: (agent) => agents.token((agent as Handle['agent']).context), session: (session) => sessions.token(session as Session) }),
    snapshot: () => ({ agents: system.agents(), sessions: system.sessions() }),
    unload: (owner) => owners.get(owner).unload(),
    shutdown: () => harness.shutdown(),
  });

  const boot = async (agentsConfig: unknown): Promise<void> => {
    harness = createHarness({
      ...(env.store === undefined ? {} : { store: env.store }),
      clock: env.clock,
      model: ({ agent, signal }) => env.turn({ id: agent.id, signal }) as Promise<readonly ModelItem[]>,
      agents: agentsConfig ?? [],
    });
    plans.attach();
    config = await settle(() => harness.start(), (entries) => ({ entries: entries.map((entry) => (entry.ok ? { ...entry, handle: handles.token(entry.handle) } : entry)) }));
  };
  const owner = (token: string | undefined): OwnerApi => (token === undefined ? harness.root : owners.get(token));
  const system: System = {
    capabilities: { subagents: false, remote: false, bridge: false, rpc: false, consumers: false, contextDispose: false, idSource: false, clock: true, configHandles: true },
    profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' },

    owner: (label) => owners.token(harness.owner(label)),
    unload: (token) => settle(() => owners.get(token).unload()),
    create: (input) => settle(() => owner(input.owner).create(compact({ sessionId: input.sessionId, meta: input.meta, seed: input.seed, ...plans.creation(input) })), (handle) => ({ handle: handles.token(handle) })),
    resume: (input) => settle(() => owner(input.owner).resume(compact({ resumeSessionId: input.resumeSessionId, ...plans.creation(input) })), (handle) => ({ handle: handles.token(handle) })),
    spawn: () => unsupported('spawn'),
    spawnRemote: () => unsupported('spawnRemote'),

    prompt: (handle) => settle(() => handles.get(handle).prompt()),
    dispose: (handle) => settle(() => handles.get(handle).dispose()),
    flush: (handle) => settle(() => handles.get(handle).flush()),
    shutdown: () => settle(() => harness.shutdown()),
    restart: ({ config: next }) => settle(async () => (await harness.shutdown(), await boot(next?.agents))),
    configResults: () => config,

    listen: (plan, target) => plans.listen(plan, target === undefined ? undefined : () => handles.get(target).agent.context),
    unlisten: (name) => plans.unlisten(name),

    getAgent: (id) => {
      const agent = harness.getAgent(id);
      return agent === undefined ? undefined : agents.token(agent.context);
    },
    getSession: (id) => {
      const session = harness.getSession(id);
      return session === undefined ? undefined : sessions.token(session);
    },
    agents: () => harness.listAgents().map(([id, agent]) => ({ id, token: agents.token(agent.context), session: { id: agent.session.id, headerId: agent.session.header.id, token: sessions.token(agent.session) } })),
    sessions: () => harness.listSessions().map(([id, session]) => ({ id, token: sessions.token(session), header: session.header, length: session.length })),
    history: (token) => sessions.find(token)?.events ?? [],
    events: () => plans.events(),
    planOutcomes: () => plans.planOutcomes(),
    classifyError: errorClassifier({ classes: [HarnessError] }),
  };

  await boot(options.config?.agents);
  return system;
};

export default independentAdapter;
