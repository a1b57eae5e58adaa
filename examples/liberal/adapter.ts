/**
 * The conformance adapter of the liberal runtime: translates the kit's operations and plans into
 * runtime calls, and nothing more. The runtime offers in-process subagents, JSON-RPC forwarding,
 * an injectable id source and clock; it has no remote runs, bridge, consumers or context dispose,
 * and its configured agents have no handles of their own (`configHandles: false`).
 */
import type { AdapterFactory, ConfigOutcome, ForwardedMessage, System } from 'agent-identity-kit/adapter';
import { compact, errorClassifier, observePayload, PlanInterpreter, settle, TokenTable, unsupported } from 'agent-identity-kit/adapter';
import type { Agent, Context, Handle } from './agent.js';
import type { Hearer, Topic } from './dispatch.js';
import { Cancelled, Closed, IdTaken, NothingStored, Rejected } from './faults.js';
import type { Owner } from './owner.js';
import { Runtime } from './runtime.js';
import type { Session } from './session.js';

/** The runtime's error classes carry no code: each class stands for one contract code. */
const classifyError = errorClassifier({
  classes: [IdTaken, NothingStored, Rejected, Cancelled, Closed],
  code: (error) => (error as Error).name,
  codes: { IdTaken: 'conflict', NothingStored: 'not-found', Rejected: 'invalid', Cancelled: 'aborted', Closed: 'inactive' },
});

/** The liberal runtime's adapter, following `persistedCreate` (its own choice is `reject-at-flush`). */
export function liberalAdapterWith(persistedCreate: 'reject-at-create' | 'reject-at-flush'): AdapterFactory {
  return async (env, options) => {
    // An agent is named through its context: a setup callback sees only the context, yet names its agent.
    const agents = new TokenTable<Context>('agent');
    const sessions = new TokenTable<Session>('session');
    const handles = new TokenTable<Handle>('handle');
    const owners = new TokenTable<Owner>('owner');
    const forwarded: ForwardedMessage[] = [];
    let runtime: Runtime;
    let config: ConfigOutcome = { ok: true, entries: [] };

    const agentToken = (agent: object): string => agents.token((agent as Agent).context);
    const plans = new PlanInterpreter<Context>(env, {
      on: (type, listener) => runtime.on(type as Topic, listener as Hearer),
      onScope: (context, type, listener) => context.on(type as Topic, listener as Hearer),
      scopeToken: (context) => agents.token(context),
      scopeOf: (handle) => handles.get(handle).agent.context,
      observe: (type, payload) => observePayload(type, payload, { agent: agentToken, session: (session) => sessions.token(session as Session) }),
      snapshot: () => ({ agents: system.agents(), sessions: system.sessions() }),
      unload: (owner) => owners.get(owner).unload(),
      shutdown: () => runtime.shutdown(),
      spawn: async (context) => ({ handle: handles.token(await context.spawn()) }),
    });

    const boot = async (configuration: NonNullable<Parameters<AdapterFactory>[1]['config']> | undefined): Promise<void> => {
      runtime = new Runtime({
        ...(env.store === undefined ? {} : { store: env.store }),
        ids: env.ids,
        clock: env.clock,
        model: ({ id, signal }) => env.turn({ id, signal }),
        agents: configuration?.agents ?? [],
        rpc: (message) => forwarded.push(message),
        persistedCreate,
      });
      plans.attach();
      // Configured agents have no handles (`configHandles: false`): each entry carries its id only.
      config = await settle(() => runtime.start(), (entries) => ({ entries }));
    };
    const owner = (token: string | undefined): Owner => (token === undefined ? runtime.root : owners.get(token));
    const created = (handle: Handle): { readonly handle: string } => ({ handle: handles.token(handle) });

    const system: System = {
      capabilities: { subagents: true, remote: false, bridge: false, rpc: true, consumers: false, contextDispose: false, idSource: true, clock: true, configHandles: false },
      profiles: { teardown: 'scope-first', persistedCreate },
      get maxDepth() {
        return runtime.maxDepth;
      },

      owner: (label) => owners.token(runtime.owner(label)),
      unload: (token) => settle(() => owners.get(token).unload()),
      create: (input) => settle(() => runtime.open(owner(input.owner), compact({ kind: 'create' as const, sessionId: input.sessionId, meta: input.meta, seed: input.seed, ...plans.creation(input) })), created),
      resume: (input) => settle(() => runtime.open(owner(input.owner), compact({ kind: 'resume' as const, resumeSessionId: input.resumeSessionId, ...plans.creation(input) })), created),
      spawn: (parent, input) =>
        settle(
          () => {
            const context = handles.get(parent).agent.context;
            const request = plans.creation(input);
            return input.mode === 'fork' ? context.fork(request) : context.spawn(request);
          },
          (child) => ({ ...created(child), id: child.agent.id, runId: child.runId ?? '' }),
        ),
      spawnRemote: () => unsupported('spawnRemote'),

      prompt: (handle) => settle(() => handles.get(handle).prompt()),
      dispose: (handle) => settle(() => handles.get(handle).dispose()),
      flush: (handle) => settle(() => handles.get(handle).flush()),
      shutdown: () => settle(() => runtime.shutdown()),
      restart: ({ config: next }) => settle(async () => (await runtime.shutdown(), await boot(next))),
      configResults: () => config,

      listen: (plan, target) => plans.listen(plan, target === undefined ? undefined : () => handles.get(target).agent.context),
      unlisten: (name) => plans.unlisten(name),

      getAgent: (id) => {
        const agent = runtime.getAgent(id);
        return agent === undefined ? undefined : agentToken(agent);
      },
      getSession: (id) => {
        const session = runtime.getSession(id);
        return session === undefined ? undefined : sessions.token(session);
      },
      agents: () =>
        runtime.listAgents().map(([id, agent]) => ({
          id,
          token: agentToken(agent),
          session: { id: agent.session.id, headerId: agent.session.header.id, token: sessions.token(agent.session) },
          ...(agent.parent === undefined ? {} : { parent: agentToken(agent.parent) }),
        })),
      sessions: () => runtime.listSessions().map(([id, session]) => ({ id, token: sessions.token(session), header: session.header, length: session.log.length })),
      history: (token) => sessions.find(token)?.log ?? [],
      events: () => plans.events(),
      planOutcomes: () => plans.planOutcomes(),
      classifyError,
      forwarded: () => [...forwarded],
    };

    await boot(options.config);
    return system;
  };
}

const liberalAdapter: AdapterFactory = liberalAdapterWith('reject-at-flush');

export default liberalAdapter;
