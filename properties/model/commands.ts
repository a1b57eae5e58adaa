import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { AsyncCommand } from 'fast-check';
import { RECORDER, UnsupportedOperation, type ConfigInput, type CreateInput, type ListenPlan, type Outcome, type ResumeInput } from '../../src/contract/adapter.js';
import { turnEventLoop } from '../runner/event-loop.js';
import { showId } from '../runner/step.js';
import type { Declared } from './declared.js';
import type { GeneratedRun, HandleSlot } from './generated-run.js';
import { GeneratedFailure } from './generated-failure.js';
import { checkInvariants } from './invariants.js';

type RunCommand = AsyncCommand<GeneratedRun, GeneratedRun>;

/**
 * The small id pool: collisions are the point. One id is a prefix of another; one looks like a
 * config-minted id of the label `main` (the kit's id source starts at `minted-1`, so it stays fresh).
 */
const IDS = ['s1', 's2', 's1-x', 'main-session-minted-0', 'ü🦀'] as const;
const LABELS = ['main', 's1'] as const;

/** A creation's generated plans. */
type CreatePlan =
  | 'plain'
  | 'seed'
  | 'setup-reject'
  | 'setup-reject-value'
  | 'abort-before'
  | 'abort-value'
  | 'bad-cwd'
  | 'veto-session'
  | 'veto-agent'
  | 'reject-listener'
  | 'abort-in-dispatch'
  | 'shutdown-in-dispatch'
  | 'dispose-in-dispatch';

/** The global listener a creation plan installs for its creation, and the requirement its outcome decides. */
const LISTENERS: Partial<Record<CreatePlan, { readonly plan: (injected: unknown) => Omit<ListenPlan, 'name'>; readonly requirement: string }>> = {
  'veto-session': { plan: (value) => ({ event: 'session/created', action: 'throw', value }), requirement: 'AIK-TXN-004' },
  'veto-agent': { plan: (value) => ({ event: 'agent/created', action: 'throw', value }), requirement: 'AIK-TXN-004' },
  'reject-listener': { plan: (value) => ({ event: 'session/created', action: 'reject', value }), requirement: 'AIK-EVENT-003' },
  'abort-in-dispatch': { plan: () => ({ event: 'session/created', action: 'abort', value: 'generated-abort' }), requirement: 'AIK-TXN-007' },
  'shutdown-in-dispatch': { plan: () => ({ event: 'agent/created', action: 'shutdown' }), requirement: 'AIK-TXN-007' },
  'dispose-in-dispatch': { plan: () => ({ event: 'agent/created', action: 'dispose-context' }), requirement: 'AIK-TXN-007' },
};
type ResumePlan = 'plain' | 'setup-reject' | 'load-fault' | 'abort-before';

/**
 * Where a creation's outcome was decided, and which requirement a disagreement breaks. `unloaded`:
 * the creation names an owner whose unload was requested, whose refusal (`inactive`) is that
 * owner's (AIK-QUIESCE-001), not a shutdown's.
 */
function creationRequirement(op: 'create' | 'resume', expected: string, live: boolean, unloaded = false): string {
  if (expected.startsWith('injected:veto')) return 'AIK-TXN-004';
  if (expected.startsWith('injected:abort') || expected === 'aborted') return 'AIK-TXN-005';
  if (expected.startsWith('injected:setup-reject-value')) return 'AIK-TXN-006';
  if (expected.startsWith('injected:')) return 'AIK-TXN-003';
  if (expected === 'inactive') return unloaded ? 'AIK-QUIESCE-001' : 'AIK-QUIESCE-005';
  if (op === 'create') {
    if (expected === 'conflict') return live ? 'AIK-CREATE-002' : 'AIK-CONFLICT-003';
    if (expected === 'invalid') return 'AIK-CREATE-003';
    return 'AIK-CREATE-001';
  }
  if (expected === 'conflict') return 'AIK-RESUME-003';
  if (expected === 'not-found') return 'AIK-RESUME-002';
  if (expected === 'invalid') return 'AIK-RESUME-005';
  return 'AIK-RESUME-001';
}

/**
 * Runs `act` on both systems and compares what they decided (unless the outcome is the implementation's choice).
 * `concurrent` runs both at once, for an operation whose cost is a wait (a child process starting) and that no pause orders.
 */
async function both<T extends Outcome>(run: GeneratedRun, op: Parameters<GeneratedRun['decided']>[2], act: (system: GeneratedRun['real'], which: 'real' | 'model') => Promise<T>, concurrent = false): Promise<{ real: T; model: T; realDecided: string; modelDecided: string }> {
  const pending = concurrent ? act(run.model, 'model') : undefined;
  // Should the real side throw, the model's call is not awaited: its failure must not go unobserved.
  pending?.catch(() => undefined);
  const real = await act(run.real, 'real');
  run.heardWhenSettled = run.real.events().length;
  run.rethrowAdapterFailure();
  // An operation the adapter reports unsupported cannot be compared with the model: the run ends here.
  if (!real.ok && UnsupportedOperation.is(real.error)) throw real.error;
  const model = await (pending ?? act(run.model, 'model'));
  return { real, model, realDecided: run.decided(run.real, real, op), modelDecided: run.decided(run.model, model, op) };
}

/** After an undecided outcome (an implementation's persistence choice), disposes whichever side published, so both agree again. */
async function resync(run: GeneratedRun, real: Outcome, model: Outcome): Promise<void> {
  if (real.ok !== model.ok) {
    if (real.ok && 'handle' in real) await run.real.dispose(real.handle as string);
    if (model.ok && 'handle' in model) await run.model.dispose(model.handle as string);
  }
}

/**
 * What the implementation's outcome over an undecided id (see {@link GeneratedRun.undecided}) shows
 * of its choice whether the id is persisted: true, false, or undefined when it shows nothing. A
 * creation that announced `session/created` went past the durable read.
 */
function persistenceShown(run: GeneratedRun, op: 'create' | 'resume', decided: string, announced: boolean): boolean | undefined {
  if (op === 'resume') return decided === 'ok' || announced ? true : decided === 'not-found' ? false : undefined;
  // Under reject-at-flush a create over a persisted id is accepted too: its outcome shows nothing.
  if (run.declared.profiles.persistedCreate !== 'reject-at-create') return undefined;
  return decided === 'ok' || announced ? false : decided === 'conflict' ? true : undefined;
}

/**
 * §2: a session that never appended an event "may or may not be persisted". Once the
 * implementation's outcome showed its choice for `id`, the model's store takes the same one before
 * the model acts, so the model follows the implementation's branch (a listener of an admitted
 * creation shutting the runtime down, a later resume) and no later step is judged on the
 * reference's.
 */
async function adopt(run: GeneratedRun, id: string, persisted: boolean): Promise<void> {
  const store = run.modelKit.store;
  if (store === undefined) return;
  const held = await store.peek(id);
  if (!persisted && held !== undefined) store.forget(id);
  if (persisted && held === undefined) {
    const record = await run.realKit.store?.peek(id);
    if (record !== undefined) await store.put(record);
  }
}

/** Whether `system`'s recorder heard `session/created` for `id` among the events after the first `heard`. */
function announced(system: GeneratedRun['real'], id: string, heard: number): boolean {
  return system.events().slice(heard).some((event) => event.listener === RECORDER && event.type === 'session/created' && event.id === id);
}

/** Waits (on timers, at most the per-operation timeout) until `done` holds; the invariants then judge what it left. */
async function settled(run: GeneratedRun, done: () => boolean): Promise<void> {
  const deadline = performance.now() + run.limits.for('wait');
  while (!done()) {
    if (performance.now() >= deadline) return run.limits.expire();
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

function slotAt(run: GeneratedRun, index: number): HandleSlot | undefined {
  return run.handles.length === 0 ? undefined : run.handles[index % run.handles.length];
}

abstract class Base implements RunCommand {
  protected result = '';
  /** The requirement under test: an operation of this command that does not settle, or an adapter failure during it, is reported under it. */
  abstract readonly home: string;
  /** Whether the command runs: never once the run is tainted (a masked check broke). */
  check(run: Readonly<GeneratedRun>): boolean {
    return !run.tainted;
  }
  abstract act(run: GeneratedRun): Promise<void>;
  abstract describe(): string;
  async run(_model: GeneratedRun, run: GeneratedRun): Promise<void> {
    // The loop turns before every command: the worker's heartbeat and the implementation's timers are never starved by a long run.
    await turnEventLoop();
    run.executed.push(this);
    run.home = this.home;
    run.heardWhenSettled = undefined;
    try {
      await this.act(run);
      run.rethrowAdapterFailure();
      checkInvariants(run);
    } catch (error) {
      // An operation the adapter reports unsupported ends the generated runs (see runGenerated), whatever is masked.
      if (UnsupportedOperation.is(error)) throw error;
      const failure = GeneratedFailure.of(error, this.home);
      if (!run.masked(failure.check)) throw failure;
      if (run.tainted) return;
      if (!failure.invariant) run.tallies.count(failure.check);
      run.taint(failure.check);
    }
  }
  toString(): string {
    return `${this.describe()}${this.result}`;
  }
}

class CreateCommand extends Base {
  readonly home = 'AIK-CREATE-001';
  constructor(
    readonly id: string,
    readonly plan: CreatePlan,
    readonly owner: number | undefined,
  ) {
    super();
  }
  describe(): string {
    return `create(${showId(this.id)}${this.plan === 'plain' ? '' : `, ${this.plan}`}${this.owner === undefined ? '' : `, owner#${this.owner}`})`;
  }
  async act(run: GeneratedRun): Promise<void> {
    const injected = run.inject(this.plan, this.plan !== 'setup-reject-value' && this.plan !== 'abort-value');
    const inputs = { real: this.#input(run, 'real', injected), model: this.#input(run, 'model', injected) };
    const live = run.model.getAgent(this.id) !== undefined;
    const undecided = run.undecided(this.id);
    // AIK-CREATE-003: an invalid cwd is refused at admission or at preparation, and the live check and the durable read stand between them.
    const eitherPhase = this.plan === 'bad-cwd' && (live || (run.declared.profiles.persistedCreate === 'reject-at-create' && (await run.modelKit.store?.peek(this.id)) !== undefined));
    const listener = LISTENERS[this.plan];
    // Whether the model announced the event the plan's listener acts on: only then does the listener's requirement decide the outcome.
    let dispatched = false;
    // Over an undecided id: what the real system's outcome showed of its persistence choice, which the model then adopts.
    let shown: boolean | undefined;
    const outcome = await both(run, 'create', async (system, which) => {
      if (which === 'model' && shown !== undefined) await adopt(run, this.id, shown);
      const started = system.planOutcomes().length;
      const heard = system.events().length;
      if (listener !== undefined) system.listen({ name: 'generated-listener', ...listener.plan(injected) });
      const made = await system.create(inputs[which]);
      if (which === 'real' && undecided) shown = persistenceShown(run, 'create', run.decided(system, made, 'create'), announced(system, this.id, heard));
      if (listener !== undefined) system.unlisten('generated-listener');
      const event = listener?.plan(injected).event;
      if (which === 'model') dispatched = system.events().slice(heard).some((heardEvent) => heardEvent.listener === RECORDER && heardEvent.type === event && heardEvent.id === this.id);
      // A shutdown or context dispose the listener started is not awaited by the creation: let it finish on each side.
      const acted = system.events().slice(heard).some((event) => event.listener === 'generated-listener');
      if (acted && (this.plan === 'shutdown-in-dispatch' || this.plan === 'dispose-in-dispatch')) await settled(run, () => system.planOutcomes().length > started);
      return made;
    });
    this.result = outcome.realDecided === 'ok' ? ' ✓' : ` ✗${outcome.realDecided}`;
    if (undecided) return resync(run, outcome.real, outcome.model);
    // A creation refused before its listener's event was announced decides its refusal, not the listener's plan.
    const requirement = listener !== undefined && dispatched ? listener.requirement : creationRequirement('create', outcome.modelDecided, live, this.#owner(run)?.unloaded);
    const legal = eitherPhase && outcome.modelDecided === 'invalid' ? ['invalid', 'conflict'] : [outcome.modelDecided];
    run.expect(`${requirement}/generated-outcome`, !legal.includes(outcome.realDecided), () => `${this.describe()}: expected ${legal.join(' or ')} (as the reference runtime decides${legal.length > 1 ? ', validating at admission or preparation' : ''}), got ${outcome.realDecided}`);
    if (outcome.real.ok && outcome.model.ok) {
      const facts = run.facts(this.id);
      const shadow = facts.persisted;
      facts.published = true;
      run.track({ id: this.id, real: outcome.real.handle, model: outcome.model.handle, shadow });
    }
  }
  /** The owner the creation goes through, when it names one and the run made any. */
  #owner(run: GeneratedRun): GeneratedRun['owners'][number] | undefined {
    return this.owner === undefined || run.owners.length === 0 ? undefined : run.owners[this.owner % run.owners.length];
  }
  #input(run: GeneratedRun, which: 'real' | 'model', injected: unknown): CreateInput {
    const kit = which === 'real' ? run.realKit : run.modelKit;
    const slot = this.#owner(run);
    const owner = slot === undefined ? {} : { owner: slot[which] };
    const base = { sessionId: this.id, ...owner };
    switch (this.plan) {
      case 'seed':
        return { ...base, seed: kit.env.seed(1), meta: { cwd: '/generated', delegationDepth: 0 } };
      case 'bad-cwd':
        return { ...base, meta: { cwd: 'not/absolute' } };
      case 'setup-reject':
        return { ...base, setup: { name: 'generated-setup', action: 'reject', value: injected } };
      case 'setup-reject-value':
        return { ...base, setup: { name: 'generated-setup', action: 'reject', value: injected } };
      case 'abort-before':
        return { ...base, signal: { name: 'generated-abort', at: 'before', reason: injected } };
      case 'abort-value':
        return { ...base, signal: { name: 'generated-abort', at: 'before', reason: injected } };
      case 'abort-in-dispatch':
        return { ...base, signal: { name: 'generated-abort', at: 'listener', reason: injected } };
      default:
        return base;
    }
  }
}

class ResumeCommand extends Base {
  readonly home = 'AIK-RESUME-001';
  constructor(
    readonly id: string,
    readonly plan: ResumePlan,
  ) {
    super();
  }
  describe(): string {
    return `resume(${showId(this.id)}${this.plan === 'plain' ? '' : `, ${this.plan}`})`;
  }
  async act(run: GeneratedRun): Promise<void> {
    const live = run.model.getAgent(this.id) !== undefined;
    const undecided = run.undecided(this.id);
    const injected = this.plan === 'plain' ? undefined : run.inject(this.plan, true);
    const input: ResumeInput =
      this.plan === 'setup-reject'
        ? { resumeSessionId: this.id, setup: { name: 'generated-setup', action: 'reject', value: injected } }
        : this.plan === 'abort-before'
          ? { resumeSessionId: this.id, signal: { name: 'generated-abort', at: 'before', reason: injected } }
          : { resumeSessionId: this.id };
    let shown: boolean | undefined;
    const outcome = await both(run, 'resume', async (system, which) => {
      if (which === 'model' && shown !== undefined) await adopt(run, this.id, shown);
      const store = (which === 'real' ? run.realKit : run.modelKit).store;
      const heard = system.events().length;
      // Every load of the id fails until the resume settles, not only the next one: behind a slow store a load that an
      // earlier, cancelled creation left in flight may reach the store first, and a one-time fault would go to it.
      if (this.plan === 'load-fault') store?.inject({ op: 'load', id: this.id, effect: 'fail', value: injected });
      const resumed = await system.resume(input);
      store?.heal(this.id);
      if (which === 'real' && undecided) shown = persistenceShown(run, 'resume', run.decided(system, resumed, 'resume'), announced(system, this.id, heard));
      return resumed;
    });
    this.result = outcome.realDecided === 'ok' ? ' ✓' : ` ✗${outcome.realDecided}`;
    if (undecided) return resync(run, outcome.real, outcome.model);
    const requirement = creationRequirement('resume', outcome.modelDecided, live);
    run.expect(`${requirement}/generated-outcome`, outcome.realDecided !== outcome.modelDecided, () => `${this.describe()}: expected ${outcome.modelDecided} (as the reference runtime decides), got ${outcome.realDecided}`);
    if (outcome.real.ok && outcome.model.ok) {
      const header = run.real.session(this.id)?.header;
      const modelHeader = run.model.session(this.id)?.header;
      const { createdAt: _real, ...realRest } = header ?? { createdAt: 0 };
      const { createdAt: _model, ...modelRest } = modelHeader ?? { createdAt: 0 };
      // Headers are compared as values: key order is the implementation's.
      run.expect('AIK-RESUME-004/generated-header', !isDeepStrictEqual(realRest, modelRest), () => `${this.describe()}: resumed header ${JSON.stringify(header)}, the model has ${JSON.stringify(modelHeader)}`);
      run.track({ id: this.id, real: outcome.real.handle, model: outcome.model.handle, shadow: false });
    }
  }
}

class HandleCommand extends Base {
  readonly home = 'AIK-DETACH-001';
  constructor(
    readonly op: 'prompt' | 'flush' | 'dispose',
    readonly slot: number,
  ) {
    super();
  }
  #name = '';
  describe(): string {
    return `${this.op}(${this.#name || `#${this.slot}`})`;
  }
  async act(run: GeneratedRun): Promise<void> {
    const slot = slotAt(run, this.slot);
    if (slot === undefined) return;
    this.#name = `${run.real.handleName(slot.real)}=${showId(slot.id)}`;
    // Stale once the model's agent of this handle is gone, also when a newer agent is live under the same id.
    const stale = run.model.getAgent(slot.id) !== slot.agent;
    // What each system had live under the id before the operation.
    const [real, model] = [run.real.getAgent(slot.id), run.model.getAgent(slot.id)];
    const outcome = await both(run, this.op, (system, which) => system[this.op](slot[which]));
    this.result = outcome.realDecided === 'ok' ? ' ✓' : ` ✗${outcome.realDecided}`;
    // A stale handle's outcome is detach; a live one's flush is the durability barrier, its prompt a turn (refused only once teardown began).
    const live = this.op === 'flush' ? 'AIK-DURABLE-001' : 'AIK-QUIESCE-004';
    const requirement = outcome.modelDecided === 'conflict' || outcome.realDecided === 'conflict' ? 'AIK-CONFLICT-003' : this.op === 'dispose' || stale ? 'AIK-DETACH-001' : live;
    run.expect(`${requirement}/generated-${this.op}`, outcome.realDecided !== outcome.modelDecided, () => `${this.describe()}: expected ${outcome.modelDecided} (as the reference runtime decides), got ${outcome.realDecided}`);
    // A turn appends events, so the session is durable from then on (§2). A flush alone proves nothing: a session that never
    // appended an event may or may not be persisted, also after a `flush` that resolved (§2, AIK-DURABLE-001).
    if (this.op === 'prompt' && outcome.real.ok && !slot.shadow) run.facts(slot.id).persisted = true;
    if (this.op === 'dispose') {
      // The model's dispose left the agent it had under the id: the handle was stale, that agent a newer one, and the real system must leave its own.
      const kept = model !== undefined && run.model.getAgent(slot.id) !== undefined;
      run.expect('AIK-DETACH-001/generated-dispose', kept && real !== undefined && run.real.getAgent(slot.id) === undefined, () => `${this.describe()}: disposing a stale handle removed the newer agent ${slot.id}`);
      run.expect('AIK-QUIESCE-002/generated-gone-after-dispose', run.model.getAgent(slot.id) === undefined && run.real.getAgent(slot.id) !== undefined, () => `${this.describe()} resolved but ${slot.id} is still live`);
    }
  }
}

class SpawnCommand extends Base {
  readonly home = 'AIK-SUB-001';
  constructor(
    readonly mode: 'spawn' | 'fork',
    readonly slot: number,
  ) {
    super();
  }
  #name = '';
  describe(): string {
    return `${this.mode}(${this.#name || `#${this.slot}`})`;
  }
  async act(run: GeneratedRun): Promise<void> {
    const slot = slotAt(run, this.slot);
    if (slot === undefined) return;
    this.#name = `${run.real.handleName(slot.real)}=${showId(slot.id)}`;
    const minted = run.realKit.minted.length;
    const outcome = await both(run, 'spawn', (system, which) => system.spawn(slot[which], { mode: this.mode }));
    this.result = outcome.realDecided === 'ok' ? ` ✓ ${outcome.real.ok ? showId(outcome.real.id) : ''}` : ` ✗${outcome.realDecided}`;
    const requirement = outcome.modelDecided === 'inactive' ? 'AIK-SUB-003' : outcome.modelDecided === 'invalid' ? 'AIK-SUB-002' : 'AIK-SUB-001';
    run.expect(`${requirement}/generated-outcome`, outcome.realDecided !== outcome.modelDecided, () => `${this.describe()}: expected ${outcome.modelDecided} (as the reference runtime decides), got ${outcome.realDecided}`);
    if (outcome.real.ok && outcome.model.ok) {
      const child = outcome.real;
      if (run.declared.capabilities.idSource) {
        // A run id may come from the id source too (it need not): the child's id is then its next other output.
        const next = run.realKit.minted.slice(minted).find((id) => id !== child.runId);
        run.expect('AIK-SUB-001/generated-minted-id', child.id !== next, () => `${this.describe()}: child id ${child.id} is not the id source's next output ${String(next)}`);
      }
      run.expect('AIK-SUB-001/generated-one-id', run.real.getAgent(child.id) === undefined, () => `${this.describe()}: child ${child.id} is not live under its run id`);
      if (run.declared.capabilities.rpc) run.expect('AIK-RPC-001/generated-run-id', child.runId === child.id, () => `${this.describe()}: the runId of child ${child.id} equals its id`);
      run.facts(child.id).published = true;
      run.track({ id: child.id, real: child.handle, model: outcome.model.handle, shadow: false });
    }
  }
}

/** At most this many remote runs per generated run: each one starts a child process on both systems. */
const MAX_REMOTE_RUNS = 1;

class SpawnRemoteCommand extends Base {
  readonly home = 'AIK-REMOTE-001';
  constructor(readonly slot: number) {
    super();
  }
  #name = '';
  override check(run: Readonly<GeneratedRun>): boolean {
    return super.check(run) && run.remotes.length < MAX_REMOTE_RUNS;
  }
  describe(): string {
    return `spawnRemote(${this.#name || `#${this.slot}`})`;
  }
  async act(run: GeneratedRun): Promise<void> {
    const slot = slotAt(run, this.slot);
    if (slot === undefined) return;
    this.#name = `${run.real.handleName(slot.real)}=${showId(slot.id)}`;
    const minted = run.realKit.minted.length;
    const heard = run.real.events().length;
    // Both systems start their child at once: the run's cost is one child start, not two.
    const outcome = await both(run, 'spawnRemote', (system, which) => system.spawnRemote(slot[which]), true);
    this.result = outcome.realDecided === 'ok' ? ` ✓ ${outcome.real.ok ? showId(outcome.real.id) : ''}` : ` ✗${outcome.realDecided}`;
    // Only a published, non-disposing parent can start a run: a disagreement about that is AIK-SUB-003's.
    const requirement = outcome.modelDecided === 'inactive' || outcome.realDecided === 'inactive' ? 'AIK-SUB-003' : 'AIK-REMOTE-001';
    run.expect(`${requirement}/generated-remote-outcome`, outcome.realDecided !== outcome.modelDecided, () => `${this.describe()}: expected ${outcome.modelDecided} (as the reference runtime decides), got ${outcome.realDecided}`);
    if (!outcome.real.ok || !outcome.model.ok) return;
    const remote = outcome.real;
    run.expect('AIK-REMOTE-001/generated-wire-id-private', remote.id === run.wireId || remote.runId === run.wireId, () => `${this.describe()}: the run took the wire-local session id ${run.wireId} as its id or runId`);
    if (run.declared.capabilities.idSource) {
      const next = run.realKit.minted.slice(minted).find((id) => id !== remote.runId);
      run.expect('AIK-REMOTE-001/generated-parent-minted', remote.id !== next, () => `${this.describe()}: run id ${remote.id} is not the id source's next output ${String(next)}`);
    } else {
      const seen = run.ids.has(remote.id) || run.remotes.some((known) => known.real.id === remote.id);
      run.expect('AIK-REMOTE-001/generated-parent-minted', seen, () => `${this.describe()}: run id ${remote.id} is not fresh (an id the run already used)`);
    }
    const registered = [remote.id, run.wireId].filter((id) => run.real.getAgent(id) !== undefined || run.real.getSession(id) !== undefined || run.real.agents().some((entry) => entry.id === id) || run.real.sessions().some((entry) => entry.id === id));
    run.expect('AIK-REMOTE-001/generated-not-registered', registered.length > 0, () => `${this.describe()}: ${registered.join(' and ')} entered the local registries`);
    const leaked = run.real.events().slice(heard).some((event) => JSON.stringify(event).includes(run.wireId));
    run.expect('AIK-REMOTE-001/generated-wire-id-private', leaked, () => `${this.describe()}: the wire-local session id ${run.wireId} appears in an event`);
    if (run.declared.capabilities.rpc) {
      const reused = remote.runId === remote.id || run.remotes.some((known) => known.real.runId === remote.runId);
      run.expect('AIK-RPC-001/generated-remote-run-id', reused, () => `${this.describe()}: runId ${remote.runId} equals the run id ${remote.id} or another run's runId`);
    }
    run.remotes.push({ parent: slot.id, real: remote, model: outcome.model });
  }
}

class OwnerCommand extends Base {
  readonly home = 'AIK-QUIESCE-001';
  constructor(readonly label: string) {
    super();
  }
  describe(): string {
    return `owner(${this.label})`;
  }
  async act(run: GeneratedRun): Promise<void> {
    run.owners.push({ real: run.real.owner(this.label), model: run.model.owner(this.label), unloaded: false });
    this.result = ` → owner#${run.owners.length - 1}`;
  }
}

class UnloadCommand extends Base {
  readonly home = 'AIK-QUIESCE-001';
  constructor(readonly slot: number) {
    super();
  }
  describe(): string {
    return `unload(owner#${this.slot})`;
  }
  async act(run: GeneratedRun): Promise<void> {
    const owner = run.owners.length === 0 ? undefined : run.owners[this.slot % run.owners.length];
    if (owner === undefined) return;
    owner.unloaded = true;
    const outcome = await both(run, 'unload', (system, which) => system.unload(owner[which]));
    this.result = outcome.realDecided === 'ok' ? ' ✓' : ` ✗${outcome.realDecided}`;
    run.expect('AIK-QUIESCE-001/generated-unload', outcome.realDecided !== outcome.modelDecided, () => `${this.describe()}: expected ${outcome.modelDecided}, got ${outcome.realDecided}`);
  }
}

class RestartCommand extends Base {
  readonly home = 'AIK-CONFIG-004';
  #run: ConfigInput | undefined;
  constructor(readonly config: ConfigInput | undefined) {
    super();
    this.#run = config;
  }
  describe(): string {
    return this.#run === undefined ? 'restart()' : `restart(config: ${JSON.stringify(this.#run.agents)})`;
  }
  async act(run: GeneratedRun): Promise<void> {
    const undecided = new Set([...run.ids.keys()].filter((id) => run.facts(id).published && !run.facts(id).persisted));
    const handles = run.declared.capabilities.configHandles;
    // Without `configHandles` a configured agent cannot be disposed alone: an entry whose outcome the implementation's persistence choice decides is left out.
    this.#run = handles || this.config === undefined ? this.config : { agents: this.config.agents.filter((spec) => !undecided.has(spec.sessionId ?? spec.resumeSessionId ?? '')) };
    const outcome = await both(run, 'restart', (system) => system.restart(this.#run));
    run.expect('AIK-QUIESCE-005/generated-restart', outcome.realDecided !== outcome.modelDecided, () => `${this.describe()}: expected ${outcome.modelDecided}, got ${outcome.realDecided}`);
    const real = run.real.configResults();
    if (!real.ok && UnsupportedOperation.is(real.error)) throw real.error;
    const model = run.model.configResults();
    run.expect('AIK-CONFIG-002/generated-validation', real.ok !== model.ok, () => `${this.describe()}: the configuration was ${real.ok ? 'accepted' : 'refused'}, the reference runtime ${model.ok ? 'accepts' : 'refuses'} it`);
    if (!real.ok || !model.ok) {
      this.result = ' ✗config';
      // The contract refuses the whole configuration and says nothing of the runtime after that
      // (it may keep creating, or stop as a deployment whose configuration did not load does):
      // nothing after a refusal on both sides is compared, so the run ends here quietly.
      if (!real.ok && !model.ok) run.tainted = true;
      return;
    }
    this.result = ` → ${real.entries.map((entry) => (entry.ok ? '✓' : '✗')).join('')}`;
    const entries = this.#run?.agents ?? [];
    const resyncs: Promise<unknown>[] = [];
    real.entries.forEach((entry, index) => {
      const expected = model.entries[index];
      const spec = entries[index];
      const exact = spec?.sessionId ?? spec?.resumeSessionId;
      if (expected === undefined || spec === undefined) return;
      if (exact !== undefined && undecided.has(exact)) {
        // The implementation's persistence choice decided this entry: dispose whichever side published it, so both agree.
        if (entry.ok && !expected.ok && entry.handle !== undefined) resyncs.push(run.real.dispose(entry.handle));
        if (expected.ok && !entry.ok && expected.handle !== undefined) resyncs.push(run.model.dispose(expected.handle));
        return;
      }
      const realDecided = run.decided(run.real, entry, 'config');
      const modelDecided = run.decided(run.model, expected, 'config');
      run.expect('AIK-CONFIG-004/generated-entry-outcome', realDecided !== modelDecided, () => `${this.describe()}: entry ${index} (${spec.id}) expected ${modelDecided}, got ${realDecided}`);
      if (entry.ok && expected.ok) {
        if (exact === undefined) {
          const facts = run.ids.get(entry.id);
          run.expect('AIK-CONFIG-001/generated-fresh-id', entry.id === spec.id || facts?.published === true, () => `${this.describe()}: entry ${index} (${spec.id}) published ${entry.id}, which is its label or an id published before`);
          // A fresh id's form is the implementation's: the model's minted id stands for it.
          run.fresh.set(expected.id, entry.id);
        }
        run.facts(entry.id).published = true;
        if (handles && entry.handle !== undefined && expected.handle !== undefined) run.track({ id: entry.id, real: entry.handle, model: expected.handle, shadow: false });
      }
    });
    await Promise.all(resyncs);
  }
}

class ShutdownCommand extends Base {
  readonly home = 'AIK-QUIESCE-005';
  describe(): string {
    return 'shutdown()';
  }
  async act(run: GeneratedRun): Promise<void> {
    // Shutdown resolves last: every subagent run's teardown, which ends with its subagent/end, completed before it resolved.
    // Read as the real shutdown resolves, before the model's own shutdown gives a late teardown time to catch up.
    let running: (string | undefined)[] = [];
    const outcome = await both(run, 'shutdown', async (system, which) => {
      const done = await system.shutdown();
      if (which === 'real') {
        const recorded = system.events().filter((event) => event.listener === RECORDER);
        const ended = new Set(recorded.filter((event) => event.type === 'subagent/end').map((event) => event.run?.runId));
        running = recorded.filter((event) => event.type === 'subagent/start' && !ended.has(event.run?.runId)).map((event) => event.run?.id);
      }
      return done;
    });
    this.result = outcome.realDecided === 'ok' ? ' ✓' : ` ✗${outcome.realDecided}`;
    run.expect('AIK-QUIESCE-005/generated-shutdown', !outcome.real.ok || run.real.agents().length > 0 || run.real.sessions().length > 0, () => `shutdown() resolved ${outcome.realDecided} with ${run.real.agents().length} agents and ${run.real.sessions().length} sessions live`);
    if (run.declared.capabilities.rpc) run.expect('AIK-QUIESCE-005/generated-shutdown', outcome.real.ok && running.length > 0, () => `shutdown() resolved before the teardown of the subagent run(s) ${running.join(', ')} completed (no subagent/end)`);
  }
}

/** How a race is run: creations only, or one of them disposing itself in setup, a resume among them, a shutdown during their setup. */
type RaceVariant = 'creates' | 'dispose-self' | 'resume' | 'shutdown';

class RaceCommand extends Base {
  readonly home = 'AIK-CONFLICT-001';
  constructor(
    readonly id: string,
    readonly racers: number,
    readonly variant: RaceVariant,
  ) {
    super();
  }
  describe(): string {
    const first = this.variant === 'resume' ? `resume(${showId(this.id)}) vs ` : '';
    const extra = this.variant === 'shutdown' ? ', shutdown during setup' : this.variant === 'dispose-self' ? ', #0 disposes itself in setup' : '';
    return `race(${first}create(${showId(this.id)})×${this.racers}${extra})`;
  }
  async act(run: GeneratedRun): Promise<void> {
    if (run.undecided(this.id)) return;
    const scheduler = run.scheduler;
    const heardBefore = run.real.events().length;
    const setup = (n: number) => ({ name: `racer-${n}`, pause: `race-${n}`, action: n === 0 && this.variant === 'dispose-self' ? ('dispose-self' as const) : ('resolve' as const) });
    const pending = Array.from({ length: this.racers }, (_, n) => (n === 0 && this.variant === 'resume' ? run.real.resume({ resumeSessionId: this.id, setup: setup(n) }) : run.real.create({ sessionId: this.id, setup: setup(n) })));
    const stop = this.variant === 'shutdown' ? scheduler.schedule(Promise.resolve(), 'shutdown').then(() => run.real.shutdown()) : Promise.resolve(undefined);
    const outcomes = await scheduler.waitFor(Promise.all(pending));
    await scheduler.waitFor(stop);
    run.rethrowAdapterFailure();
    const decided = outcomes.map((outcome, n) => run.decided(run.real, outcome, n === 0 && this.variant === 'resume' ? 'resume' : 'create'));
    this.result = ` → ${decided.map((d) => (d === 'ok' ? '✓' : `✗${d}`)).join(' ')}`;
    const winnerIndex = outcomes.findIndex((outcome) => outcome.ok);
    const winners = outcomes.filter((outcome) => outcome.ok);
    run.expect('AIK-CONFLICT-001/generated-one-winner', winners.length > 1, () => `${this.describe()}: ${winners.length} creations fulfilled`);
    if (this.variant === 'shutdown') {
      run.expect('AIK-QUIESCE-005/generated-shutdown-race', decided.some((d) => d !== 'ok' && d !== 'inactive' && d !== 'conflict'), () => `${this.describe()}: outcomes ${decided.join(', ')}`);
      // The model publishes only what the real system published before its shutdown.
      if (winnerIndex >= 0 && (await run.model.create({ sessionId: this.id })).ok) run.facts(this.id).published = true;
      await run.model.shutdown();
      return;
    }
    // The model mirrors the kind of creation that won (a resume restores history, a create does not).
    const mirrored = winnerIndex === 0 && this.variant === 'resume' ? await run.model.resume({ resumeSessionId: this.id }) : await run.model.create({ sessionId: this.id });
    const expected = run.decided(run.model, mirrored, 'create');
    if (this.variant === 'dispose-self') {
      // Refused before setup (a live or stored id, a closed runtime) it never gets to dispose itself.
      const selfExpected = expected === 'ok' ? 'aborted' : expected;
      run.expect('AIK-TXN-003/generated-dispose-in-setup', decided[0] !== selfExpected, () => `${this.describe()}: the creation whose context was disposed in setup decided ${decided[0]}, expected ${selfExpected}`);
    }
    const resumer = this.variant === 'resume' ? 0 : -1;
    if (resumer === 0 && decided[0] !== 'ok' && decided[0] !== expected) {
      // A losing resume is refused as the live id's conflict, or as not persisted (or as every creation is, e.g. after shutdown).
      const requirement = run.facts(this.id).persisted ? 'AIK-RESUME-003' : 'AIK-RESUME-002';
      run.expect(`${requirement}/generated-race-resume`, decided[0] !== 'conflict' && decided[0] !== 'not-found', () => `${this.describe()}: the losing resume decided ${decided[0]}, expected conflict or not-found`);
    }
    // Losers emit nothing: one created edge of each kind for the winner, none for a creation that lost or cancelled in setup.
    const heard = run.real.events().slice(heardBefore).filter((event) => event.listener === RECORDER && event.id === this.id);
    for (const type of ['session/created', 'agent/created'] as const) {
      const count = heard.filter((event) => event.type === type).length;
      run.expect('AIK-CONFLICT-001/generated-losers-silent', count !== winners.length, () => `${this.describe()}: ${count} ${type} events for ${winners.length} winner(s)`);
    }
    const losers = decided.filter((d, n) => d !== 'ok' && n !== resumer && !(n === 0 && this.variant === 'dispose-self'));
    const allowed = new Set(['conflict', ...(expected === 'ok' ? [] : [expected])]);
    run.expect(
      'AIK-CONFLICT-001/generated-one-winner',
      winners.length !== (expected === 'ok' ? 1 : 0) || losers.some((d) => !allowed.has(d)),
      () => `${this.describe()}: outcomes ${decided.join(', ')}; the reference runtime decides ${expected} for the winning kind of creation, the rest conflict`,
    );
    const winner = winners[0];
    if (winner !== undefined && mirrored.ok) {
      const facts = run.facts(this.id);
      const shadow = facts.persisted && !(winnerIndex === 0 && this.variant === 'resume');
      facts.published = true;
      run.track({ id: this.id, real: winner.handle, model: mirrored.handle, shadow });
    } else if (mirrored.ok) {
      run.facts(this.id).published = true;
    }
  }
}

const ids = fc.constantFrom(...IDS);
const slot = fc.nat({ max: 7 });

/** The generated configuration of a restart: valid or not, with labels that look like ids. */
const config: fc.Arbitrary<ConfigInput | undefined> = fc.option(
  fc.record({
    agents: fc.array(
      fc.oneof(
        fc.record({ id: fc.constantFrom(...LABELS) }),
        fc.record({ id: fc.constantFrom(...LABELS), sessionId: ids }),
        fc.record({ id: fc.constantFrom(...LABELS), resumeSessionId: ids }),
        fc.record({ id: fc.constantFrom(...LABELS, ''), cwd: fc.constantFrom('/abs', 'rel') }),
      ),
      { maxLength: 3 },
    ),
  }),
  { nil: undefined },
);

/** The command arbitraries for a system that declared `declared` (fast-check model-based testing). */
export function modelCommands(declared: Declared): fc.Arbitrary<RunCommand>[] {
  const plans: CreatePlan[] = [
    'plain',
    'plain',
    'seed',
    'setup-reject',
    'setup-reject-value',
    'abort-before',
    'abort-value',
    'bad-cwd',
    'veto-session',
    'veto-agent',
    'reject-listener',
    'abort-in-dispatch',
    'shutdown-in-dispatch',
    ...(declared.capabilities.contextDispose ? (['dispose-in-dispatch'] as const) : []),
  ];
  const create = fc.tuple(ids, fc.constantFrom(...plans), fc.option(fc.nat({ max: 2 }), { nil: undefined })).map(([id, plan, owner]): RunCommand => new CreateCommand(id, plan, owner));
  const handle = fc.tuple(fc.constantFrom('prompt', 'flush', 'dispose', 'dispose') as fc.Arbitrary<'prompt' | 'flush' | 'dispose'>, slot).map(([op, index]): RunCommand => new HandleCommand(op, index));
  const resume = fc.tuple(ids, fc.constantFrom<ResumePlan>('plain', 'plain', 'setup-reject', 'load-fault', 'abort-before')).map(([id, plan]): RunCommand => new ResumeCommand(id, plan));
  const variants: RaceVariant[] = ['creates', 'creates', 'resume', 'shutdown', ...(declared.capabilities.contextDispose ? (['dispose-self'] as const) : [])];
  // Repeated entries weigh the draw: lifecycle commands often, system-wide ones (restart, shutdown) rarely.
  const arbitraries: fc.Arbitrary<RunCommand>[] = [
    create,
    create,
    create,
    resume,
    resume,
    handle,
    handle,
    handle,
    fc.constantFrom(...LABELS).map((label) => new OwnerCommand(label)),
    slot.map((index) => new UnloadCommand(index)),
    config.map((value) => new RestartCommand(value)),
    fc.constant(new ShutdownCommand()),
    fc.tuple(ids, fc.integer({ min: 2, max: 4 }), fc.constantFrom<RaceVariant>(...variants)).map(([id, racers, variant]) => new RaceCommand(id, racers, variant)),
  ];
  if (declared.capabilities.subagents) {
    const spawn = fc.tuple(fc.constantFrom<'spawn' | 'fork'>('spawn', 'fork'), slot).map(([mode, index]): RunCommand => new SpawnCommand(mode, index));
    arbitraries.push(spawn, spawn);
  }
  // One entry of the draw, at most one run per generated run: each remote run starts a child process (~75 ms) on both systems.
  if (declared.capabilities.remote) arbitraries.push(slot.map((index): RunCommand => new SpawnRemoteCommand(index)));
  return arbitraries;
}
