import { describe, expect, it } from 'vitest';
import type { AgentEntry } from '../../src/contract/adapter.js';
import type { ScenarioCheck, ScenarioStep } from '../../src/contract/scenario.js';
import type { Snapshot } from '../../src/cli/counterexample-checks.js';
import { undecidedPersistence } from '../../src/cli/undecided-persistence.js';

/**
 * A counterexample's steps over a session that was created and never appended an event: the
 * contract (§2 "Durable store", AIK-DURABLE-001) lets such a session be persisted or not, so what
 * the reference runtime answered is widened to every outcome the contract allows, and what the
 * reference showed from there on is checked only on the reference's own branch.
 */

/** What the reference showed after a step: the live agents' ids and the handle names bound so far (the rest is not read). */
function shown(agents: readonly string[], names: Readonly<Record<string, string>> = {}): Snapshot {
  return {
    events: [],
    agents: agents.map((id) => ({ id }) as AgentEntry),
    sessions: [],
    names: new Map(Object.entries(names)),
    settlements: new Map(),
    forwarded: [],
    plans: [],
    storeCalls: [],
    stored: new Set(),
    bridged: new Set(),
    config: { entries: [] },
  };
}

const check = (name: string): ScenarioCheck => ({ name, requirements: ['AIK-DURABLE-001'] });
const CONFLICT = { reject: 'conflict' } as const;
const NOT_FOUND = { reject: 'not-found' } as const;

/** Created as `h1` (ok), disposed (ok): published, never appended, no longer live. */
const PUBLISHED: readonly ScenarioStep[] = [
  { op: 'create', input: { sessionId: 'a' }, name: 'h1', expect: 'ok' },
  { op: 'dispose', handle: 'h1', expect: 'ok' },
];
const AFTER_PUBLISHED: readonly Snapshot[] = [shown(['a'], { h1: 'a' }), shown([], { h1: 'a' })];

describe('a counterexample over a session that may or may not be persisted', () => {
  it('a create the reference answered ok may also be refused conflict (reject-at-create); later checks hold on the reference’s branch only', () => {
    const steps: ScenarioStep[] = [...PUBLISHED, { op: 'create', input: { sessionId: 'a' }, expect: 'ok', check: check('after') }, { op: 'settle', check: check('later') }];
    const widened = undecidedPersistence({ steps, snapshots: [...AFTER_PUBLISHED, shown(['a']), shown(['a'])], persistedCreate: 'reject-at-create' });
    expect(widened[2]).toEqual({ op: 'create', input: { sessionId: 'a' }, name: 'either-2', expect: { oneOf: ['ok', CONFLICT] }, check: { ...check('after'), when: [{ call: 'either-2', expect: 'ok' }] } });
    expect(widened[3]).toEqual({ op: 'settle', check: { ...check('later'), when: [{ call: 'either-2', expect: 'ok' }] } });
    // The steps before it are the reference's answers as they were.
    expect(widened.slice(0, 2)).toEqual(PUBLISHED);
  });

  it('under reject-at-flush a create over it is left as the reference answered it', () => {
    const steps: ScenarioStep[] = [...PUBLISHED, { op: 'create', input: { sessionId: 'a' }, expect: 'ok' }];
    expect(undecidedPersistence({ steps, snapshots: [...AFTER_PUBLISHED, shown(['a'])], persistedCreate: 'reject-at-flush' })).toEqual(steps);
  });

  it('a create refused conflict and followed by a resume of the id: the create may be ok, and the resume runs only when it was refused', () => {
    const steps: ScenarioStep[] = [...PUBLISHED, { op: 'create', input: { sessionId: 'a' }, expect: CONFLICT, check: check('refused') }, { op: 'resume', input: { resumeSessionId: 'a' }, expect: 'ok', check: check('back') }];
    const widened = undecidedPersistence({ steps, snapshots: [...AFTER_PUBLISHED, shown([]), shown(['a'])], persistedCreate: 'reject-at-create' });
    // The way-back create's check is the refused branch's alone: dropped; the resume's (where both branches join) stays, unconditioned.
    expect(widened[2]).toEqual({ op: 'create', input: { sessionId: 'a' }, name: 'way-back-2', expect: { oneOf: [CONFLICT, 'ok'] } });
    expect(widened[3]).toEqual({ op: 'resume', input: { resumeSessionId: 'a' }, name: 'way-back-2', when: { call: 'way-back-2', expect: CONFLICT }, expect: 'ok', check: check('back') });
  });

  it('a create refused conflict with no resume after it may be ok too', () => {
    const steps: ScenarioStep[] = [...PUBLISHED, { op: 'create', input: { sessionId: 'a' }, name: 'again', expect: CONFLICT }, { op: 'resume', input: { resumeSessionId: 'b' }, expect: NOT_FOUND }];
    const widened = undecidedPersistence({ steps, snapshots: [...AFTER_PUBLISHED, shown([]), shown([])], persistedCreate: 'reject-at-create' });
    expect(widened[2]).toEqual({ op: 'create', input: { sessionId: 'a' }, name: 'again', expect: { oneOf: [CONFLICT, 'ok'] } });
    // `b` was never published: its resume is not-found on every implementation.
    expect(widened[3]).toEqual(steps[3]);
  });

  it('a create answered with anything but ok or conflict, or already either, is left alone', () => {
    for (const expectation of [{ reject: 'invalid' } as const, { oneOf: ['ok', CONFLICT] } as const, undefined]) {
      const steps: ScenarioStep[] = [...PUBLISHED, { op: 'create', input: { sessionId: 'a' }, ...(expectation === undefined ? {} : { expect: expectation }) }];
      expect(undecidedPersistence({ steps, snapshots: [...AFTER_PUBLISHED, shown([])], persistedCreate: 'reject-at-create' })).toEqual(steps);
    }
  });

  it('a resume the reference answered not-found may also be ok', () => {
    const steps: ScenarioStep[] = [...PUBLISHED, { op: 'resume', input: { resumeSessionId: 'a' }, expect: NOT_FOUND }];
    const widened = undecidedPersistence({ steps, snapshots: [...AFTER_PUBLISHED, shown([])], persistedCreate: 'reject-at-flush' });
    expect(widened[2]).toEqual({ op: 'resume', input: { resumeSessionId: 'a' }, name: 'either-2', expect: { oneOf: [NOT_FOUND, 'ok'] } });
  });

  it('past the last snapshot the reference took (its replay stopped early), the id counts as not live', () => {
    const steps: ScenarioStep[] = [...PUBLISHED, { op: 'settle' }, { op: 'resume', input: { resumeSessionId: 'a' }, expect: 'ok' }];
    const widened = undecidedPersistence({ steps, snapshots: AFTER_PUBLISHED, persistedCreate: 'reject-at-flush' });
    expect(widened[3]).toEqual({ op: 'resume', input: { resumeSessionId: 'a' }, name: 'either-3', expect: { oneOf: ['ok', NOT_FOUND] } });
  });

  it('once a turn of the session resolved it appended: persisted on every implementation, nothing is widened', () => {
    const steps: ScenarioStep[] = [
      { op: 'create', input: { sessionId: 'a' }, name: 'h1', expect: 'ok' },
      { op: 'prompt', handle: 'h1', expect: 'ok' },
      { op: 'dispose', handle: 'h1', expect: 'ok' },
      { op: 'resume', input: { resumeSessionId: 'a' }, expect: 'ok' },
    ];
    const snapshots = [shown(['a'], { h1: 'a' }), shown(['a'], { h1: 'a' }), shown([], { h1: 'a' }), shown(['a'], { h1: 'a' })];
    expect(undecidedPersistence({ steps, snapshots, persistedCreate: 'reject-at-create' })).toEqual(steps);
  });

  it('while the session is live a create over it conflicts on every implementation: not widened', () => {
    const steps: ScenarioStep[] = [
      { op: 'create', input: { sessionId: 'a' }, name: 'h1', expect: 'ok' },
      { op: 'create', input: { sessionId: 'a' }, expect: CONFLICT },
    ];
    expect(undecidedPersistence({ steps, snapshots: [shown(['a'], { h1: 'a' }), shown(['a'], { h1: 'a' })], persistedCreate: 'reject-at-create' })).toEqual(steps);
  });

  it('a create started with wait:false publishes the session once its await settled ok', () => {
    const steps: ScenarioStep[] = [
      { op: 'create', input: { sessionId: 'a' }, name: 'h1', wait: false },
      { op: 'await', call: 'h1', expect: 'ok' },
      { op: 'dispose', handle: 'h1', expect: 'ok' },
      // A turn on a handle bound to nothing appends to no session.
      { op: 'prompt', handle: 'unbound', expect: 'ok' },
      { op: 'resume', input: { resumeSessionId: 'a' }, expect: 'ok' },
    ];
    const snapshots = [shown([]), shown(['a'], { h1: 'a' }), shown([], { h1: 'a' }), shown([], { h1: 'a' }), shown(['a'], { h1: 'a' })];
    expect(undecidedPersistence({ steps, snapshots, persistedCreate: 'reject-at-create' })[4]).toEqual({ op: 'resume', input: { resumeSessionId: 'a' }, name: 'either-4', expect: { oneOf: ['ok', NOT_FOUND] } });
  });

  it('a flush the reference saw rejected by a put fault may resolve (the session may never be written); a flush fault stays', () => {
    const fault = (store: 'put' | 'flush', name: string): ScenarioStep => ({ op: 'fault', store, id: 'a', effect: 'fail', value: { $injected: name } });
    const flushed = (injected: string): ScenarioStep => ({ op: 'flush', handle: 'h1', expect: { reject: { injected } } });
    const steps: ScenarioStep[] = [fault('put', 'v1'), fault('flush', 'v2'), { op: 'create', input: { sessionId: 'a' }, name: 'h1', expect: 'ok' }, flushed('v1'), flushed('v2'), flushed('v3')];
    const snapshots = steps.map(() => shown(['a'], { h1: 'a' }));
    const widened = undecidedPersistence({ steps, snapshots, persistedCreate: 'reject-at-create' });
    expect(widened[3]).toEqual({ op: 'flush', handle: 'h1', expect: { oneOf: [{ reject: { injected: 'v1' } }, 'ok'] } });
    expect(widened.slice(4)).toEqual(steps.slice(4));
  });

  it('a flush of a session that appended is left as the reference answered it', () => {
    const steps: ScenarioStep[] = [
      { op: 'fault', store: 'put', id: 'a', effect: 'fail', value: { $injected: 'v1' } },
      { op: 'create', input: { sessionId: 'a' }, name: 'h1', expect: 'ok' },
      { op: 'prompt', handle: 'h1', expect: 'ok' },
      { op: 'flush', handle: 'h1', expect: { reject: { injected: 'v1' } } },
      { op: 'flush', handle: 'gone', expect: { reject: { injected: 'v1' } } },
    ];
    const snapshots = steps.map(() => shown(['a'], { h1: 'a' }));
    expect(undecidedPersistence({ steps, snapshots, persistedCreate: 'reject-at-create' })).toEqual(steps);
  });
});
