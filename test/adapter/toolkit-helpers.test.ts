import { describe, expect, it } from 'vitest';
import { compact, errorClassifier, observePayload, PlanInterpreter, settle, TokenTable, UnsupportedOperation, unsupported, type AdapterEnv, type Outcome, type PlanHooks } from '../../src/adapter/index.js';

describe('settle', () => {
  it('turns a result into { ok: true } with the mapped fields, and keeps the failure value itself', async () => {
    expect(await settle(() => 'ignored')).toEqual({ ok: true });
    expect(await settle(() => Promise.resolve(7), (n) => ({ handle: `h${n}` }))).toEqual({ ok: true, handle: 'h7' });
    const thrown = { injected: true };
    expect(await settle(() => Promise.reject(thrown))).toEqual({ ok: false, error: thrown });
    const outcome = await settle(() => {
      throw thrown;
    });
    expect(outcome.ok === false && outcome.error).toBe(thrown);
  });

  it('without its map, its type is an outcome that carries nothing: a creation cannot return it', () => {
    const create = (): Promise<Outcome<{ readonly handle: string }>> =>
      // @ts-expect-error -- the result would be dropped: a creation maps it to the handle it owes
      settle(() => ({ agent: 'the harness agent' }));
    expect(typeof create).toBe('function');
  });

  it('fails loudly on misuse, naming itself: a run or map that is not a function throws; a map that throws rejects (the adapter failing, not the implementation)', async () => {
    const call = settle as (...args: unknown[]) => Promise<unknown>;
    expect(() => call(Promise.resolve(1))).toThrow(new TypeError('settle(run, map?): run must be a function that calls the implementation, got object'));
    expect(() => call(() => 1, 'handle')).toThrow(new TypeError('settle(run, map?): map must be a function from the result to the outcome fields, got "handle"'));
    const broken = new Error('the adapter’s map broke');
    await expect(
      settle(
        () => 1,
        () => {
          throw broken;
        },
      ),
    ).rejects.toBe(broken);
  });
});

describe('the other helpers, misused', () => {
  it('throw a TypeError naming the helper and what it expected', () => {
    const loose = <F>(helper: F) => helper as unknown as (...args: unknown[]) => unknown;
    expect(() => loose(compact)(undefined)).toThrow(new TypeError('compact(object): object must be an object, got undefined'));
    expect(() => loose(unsupported)()).toThrow('unsupported(operation): operation must name the operation or plan action (e.g. "resume"), got undefined');
    expect(() => new (TokenTable as unknown as new (prefix?: unknown) => unknown)()).toThrow('new TokenTable(prefix): prefix must be a non-empty string (e.g. "handle"), got undefined');
    const handles = new TokenTable<object>('handle');
    expect(() => handles.token('s1' as unknown as object)).toThrow('TokenTable("handle"): a token names an object (for an id, name the object that has it), got "s1"');
    expect(() => handles.fresh(null as unknown as object)).toThrow('TokenTable("handle"): a token names an object (for an id, name the object that has it), got null');
    expect(() => errorClassifier({ codes: { ENOENT: 'notfound' as 'not-found' } })).toThrow(/^errorClassifier\(options\): codes\.ENOENT must be one of the contract’s codes \(.*not-found.*\), got "notfound"$/);
    expect(() => errorClassifier({ classes: Error as unknown as [] })).toThrow('errorClassifier(options): classes must be an array of classes, got function');
    expect(() => errorClassifier({ code: 'code' as unknown as () => unknown })).toThrow('errorClassifier(options): code must be a function reading the code from a failure, got "code"');
    const names = { agent: () => 'a', session: () => 's' };
    expect(() => observePayload('session/created', { session: { id: 's' } }, {} as typeof names)).toThrow('observePayload(type, payload, names): names must have agent(object) and session(object), which return tokens, got object');
    expect(() => observePayload('session/created', 's', names)).toThrow('observePayload(type, payload, names): the payload of session/created must be the event\'s object (a positional listener, (session, event) => …, passes the first argument only: wrap it), got "s"');
    const hooks: PlanHooks<object> = { on: () => () => undefined, observe: () => ({ type: 'session/created', subject: 's', id: 's' }), snapshot: () => ({ agents: [], sessions: [] }), shutdown: async () => undefined };
    const env = { pause: async () => undefined } as unknown as AdapterEnv;
    expect(() => new PlanInterpreter({} as AdapterEnv, hooks)).toThrow("new PlanInterpreter(env, hooks): env must be the kit's AdapterEnv (the factory's first argument), got object");
    expect(() => new PlanInterpreter(env, { ...hooks, snapshot: undefined } as unknown as PlanHooks<object>)).toThrow('new PlanInterpreter(env, hooks): hooks must have snapshot, got object');
    expect(() => new PlanInterpreter(env, { ...hooks, onScope: () => () => undefined })).toThrow('new PlanInterpreter(env, hooks): hooks with onScope must have scopeToken (the token of the agent a scope belongs to), got undefined');
    expect(new PlanInterpreter(env, hooks).events()).toEqual([]);
  });
});

describe('unsupported', () => {
  it('fails with an UnsupportedOperation naming the operation, recognised by brand rather than by class', async () => {
    const outcome = await unsupported('resume');
    expect(outcome.ok).toBe(false);
    expect(UnsupportedOperation.is(outcome.error)).toBe(true);
    expect(outcome.error.operation).toBe('resume');
    expect(outcome.error.message).toContain('resume');
    const lookalike = Object.assign(new Error('x'), { name: 'UnsupportedOperation', operation: 'resume' });
    expect(UnsupportedOperation.is(lookalike)).toBe(false);
    // Another copy of the kit brands with the same registered symbol.
    expect(UnsupportedOperation.is({ [Symbol.for('agent-identity-kit.unsupported-operation')]: true })).toBe(true);
    expect(UnsupportedOperation.is(null)).toBe(false);
    expect(UnsupportedOperation.is('resume')).toBe(false);
  });
});

describe('compact', () => {
  it('drops undefined properties only', () => {
    expect(compact({ a: undefined, b: null, c: 0, d: false, e: '' })).toEqual({ b: null, c: 0, d: false, e: '' });
    expect(Object.keys(compact({ a: undefined }))).toEqual([]);
  });
});

describe('TokenTable', () => {
  it('names an object with one stable token, mints fresh ones on demand, and finds objects by token', () => {
    const table = new TokenTable<object>('agent');
    const one = {};
    const two = {};
    expect(table.token(one)).toBe('agent-1');
    expect(table.token(one)).toBe('agent-1');
    expect(table.token(two)).toBe('agent-2');
    expect(table.fresh(one)).toBe('agent-3');
    expect(table.get('agent-1')).toBe(one);
    expect(table.get('agent-3')).toBe(one);
    expect(table.find('agent-9')).toBeUndefined();
    expect(() => table.get('agent-9')).toThrow('unknown agent token "agent-9"');
  });
});

describe('errorClassifier', () => {
  class HostError extends Error {
    constructor(readonly code: string) {
      super(code);
    }
  }

  it('by default reads bare string codes and `code` properties that are contract codes', () => {
    const classify = errorClassifier();
    expect(classify('conflict', { op: 'create' })).toBe('conflict');
    expect(classify({ code: 'not-found' }, { op: 'resume' })).toBe('not-found');
    expect(classify(new HostError('inactive'), { op: 'prompt' })).toBe('inactive');
    expect(classify('EEXIST', { op: 'create' })).toBe('unknown');
    expect(classify(new Error('no code'), { op: 'create' })).toBe('unknown');
    expect(classify(undefined, { op: 'create' })).toBe('unknown');
    expect(classify({ code: 42 }, { op: 'create' })).toBe('unknown');
  });

  it('maps the implementation’s codes, only for the given classes, with a custom reader', () => {
    const byCode = errorClassifier({ codes: { EEXIST: 'conflict' } });
    expect(byCode({ code: 'EEXIST' }, { op: 'create' })).toBe('conflict');
    expect(byCode({ code: 'conflict' }, { op: 'create' })).toBe('unknown');
    expect(byCode({ code: 'toString' }, { op: 'create' })).toBe('unknown');
    const byClass = errorClassifier({ classes: [HostError] });
    expect(byClass(new HostError('invalid'), { op: 'create' })).toBe('invalid');
    expect(byClass({ code: 'invalid' }, { op: 'create' })).toBe('unknown');
    const byReader = errorClassifier({ code: (error) => (error as { reason?: string }).reason });
    expect(byReader({ reason: 'aborted' }, { op: 'create' })).toBe('aborted');
  });
});

describe('observePayload', () => {
  const names = { agent: (agent: object) => `agent:${(agent as { id: string }).id}`, session: (session: object) => `session:${(session as { id: string }).id}` };
  const session = { id: 's1' };
  const agent = { id: 's1', session };

  it('reads agent, session and subagent payloads of the contract', () => {
    expect(observePayload('agent/session-start', { agent, source: 'resume' }, names)).toEqual({ type: 'agent/session-start', subject: 'agent:s1', id: 's1', session: 'session:s1', source: 'resume' });
    expect(observePayload('agent/created', { agent }, names)).toEqual({ type: 'agent/created', subject: 'agent:s1', id: 's1', session: 'session:s1' });
    expect(observePayload('session/event', { session, event: { seq: 3, kind: 'user', data: 'x' } }, names)).toEqual({ type: 'session/event', subject: 'session:s1', id: 's1', event: { seq: 3, kind: 'user' } });
    expect(observePayload('session/created', { session }, names)).toEqual({ type: 'session/created', subject: 'session:s1', id: 's1' });
    const run = { parent: agent, runId: 'r1', provider: 'in-process', id: 'c1', local: true };
    expect(observePayload('subagent/start', run, names)).toEqual({ type: 'subagent/start', subject: 'agent:s1', id: 's1', run: { runId: 'r1', provider: 'in-process', id: 'c1', local: true } });
    expect(observePayload('subagent/end', { ...run, outcome: 'failed' }, names).run).toEqual({ runId: 'r1', provider: 'in-process', id: 'c1', local: true, outcome: 'failed' });
  });

  it('throws on payloads that carry no subject', () => {
    expect(() => observePayload('subagent/end', { runId: 'r1' }, names)).toThrow('subagent/end payload carries no parent agent');
    expect(() => observePayload('session/created', {}, names)).toThrow('session/created payload carries neither an agent nor a session');
  });
});

describe('errorClassifier called the wrong way', () => {
  it('names the option and what it got: options that are no object, a code reader that is no function, codes that are no map', () => {
    expect(() => errorClassifier(null as never)).toThrow('errorClassifier(options): options must be an object, got null');
    expect(() => errorClassifier({ code: 'code' } as never)).toThrow('errorClassifier(options): code must be a function reading the code from a failure, got "code"');
    expect(() => errorClassifier({ codes: 'EEXIST' } as never)).toThrow('errorClassifier(options): codes must map the implementation’s codes to the contract’s, got "EEXIST"');
  });
});
