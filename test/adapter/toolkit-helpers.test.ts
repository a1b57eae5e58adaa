import { describe, expect, it } from 'vitest';
import { compact, errorClassifier, observePayload, settle, TokenTable, UnsupportedOperation, unsupported } from '../../src/adapter/index.js';

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
