/**
 * The conformance adapter of your implementation, as `agent-identity-kit init` wrote it.
 *
 * An adapter translates the kit's operations into your implementation's calls, and nothing more:
 * it never re-implements what your implementation lacks, it declares it absent instead. The guide
 * is node_modules/agent-identity-kit/docs/writing-an-adapter.md; the sections named below are its.
 *
 * Every operation is a TODO that reports itself unsupported, so `npx agent-identity-kit conform`
 * runs right away and lists each requirement as NOT-TESTED ("needs create; the adapter reports it
 * unsupported"). Replace the TODOs one by one, starting with create, prompt, dispose and the
 * observations; every optional capability is declared absent until its operations are translated.
 */
import type { AdapterFactory, System } from 'agent-identity-kit/adapter';
import { errorClassifier, PlanInterpreter, TokenTable, UnsupportedOperation, unsupported } from 'agent-identity-kit/adapter';

const adapter: AdapterFactory = async (env, options) => {
  // TODO ("Booting"): start your implementation over env.store, env.clock and env.turn, with options.config.
  // TODO ("Tokens"): one TokenTable per kind of object (agents, sessions, handles); owners below.
  const owners = new TokenTable<{ readonly label: string }>('owner');

  // TODO ("Plans and the recorder"): wire `on` and `onScope` to your implementation's listeners,
  // `observe` to observePayload (or your own reading of its payloads), then call plans.attach()
  // right after each boot, before anything else.
  const plans = new PlanInterpreter<object>(env, {
    on: () => () => undefined,
    onScope: () => () => undefined,
    scopeToken: () => 'agent-0',
    observe: (type) => ({ type, subject: 'none', id: '' }),
    snapshot: () => ({ agents: system.agents(), sessions: system.sessions() }),
    shutdown: () => Promise.resolve(),
  });
  plans.attach();

  const system: System = {
    // TODO ("Capabilities and profiles"): declare a capability only when its operations are translated.
    capabilities: { subagents: false, remote: false, bridge: false, rpc: false, consumers: false, contextDispose: false, idSource: false, clock: false, configHandles: false },
    profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' },

    // TODO ("Owners"): owner(label) returns a token synchronously; without owners, keep unload unsupported.
    owner: (label) => owners.fresh({ label }),
    unload: () => unsupported('unload'),
    // TODO ("Creations"): settle(() => yourCreate({ ...plans.creation(input) }), (handle) => ({ handle: handles.token(handle) })).
    create: () => unsupported('create'),
    resume: () => unsupported('resume'),
    // Capability subagents and remote: declared absent above.
    spawn: () => unsupported('spawn'),
    spawnRemote: () => unsupported('spawnRemote'),

    // TODO ("Turns, dispose, flush"): settle(() => handles.get(handle).prompt()) and the like.
    prompt: () => unsupported('prompt'),
    dispose: () => unsupported('dispose'),
    flush: () => unsupported('flush'),
    // TODO ("Shutdown and restart"): shutdown must also reach the recorder with every disposal.
    shutdown: () => Promise.resolve({ ok: true }),
    restart: () => unsupported('restart'),
    // TODO ("Configuration"): the per-entry outcomes of the configuration start.
    configResults: () => (options.config === undefined ? { ok: true, entries: [] } : { ok: false, error: new UnsupportedOperation('config') }),

    listen: (plan, target) => (target === undefined ? plans.listen(plan) : { ok: false, error: new UnsupportedOperation('listen on an agent') }),
    unlisten: (name) => plans.unlisten(name),

    // TODO ("Observations"): synchronous reads of your registries, named by tokens.
    getAgent: () => undefined,
    getSession: () => undefined,
    agents: () => [],
    sessions: () => [],
    history: () => [],
    events: () => plans.events(),
    planOutcomes: () => plans.planOutcomes(),
    // TODO ("Errors"): map your implementation's failures to the contract's codes.
    classifyError: errorClassifier(),
  };
  return system;
};

export default adapter;
