import { describe, expect, it } from 'vitest';
import { RECORDER, type AgentEntry, type ObservedEvent, type SessionEntry } from '../../src/contract/adapter.js';
import type { Scenario, ScenarioStep } from '../../src/contract/scenario.js';
import { referenceChecks, type Snapshot } from '../../src/cli/counterexample-checks.js';

/**
 * The checks a counterexample pins from what the reference runtime showed must hold on every
 * conforming implementation: an id the implementation mints and no handle is bound to cannot be
 * written in a scenario, so no list or map that would need it is pinned (else a conforming
 * implementation minting other ids would FAIL the counterexample).
 */

const agent = (id: string, parent?: string): AgentEntry => ({ id, token: `agent:${id}`, session: { id, headerId: id, token: `session:${id}` }, ...(parent === undefined ? {} : { parent: `agent:${parent}` }) }) as AgentEntry;
const session = (id: string, parentSession?: string): SessionEntry => ({ id, token: `session:${id}`, header: { id, ...(parentSession === undefined ? {} : { parentSession }) }, length: 0 }) as unknown as SessionEntry;
const heard = (type: string, id: string): ObservedEvent => ({ type, listener: RECORDER, subject: id, id }) as ObservedEvent;

function snapshot(fields: Partial<Snapshot>): Snapshot {
  return { events: [], agents: [], sessions: [], names: new Map(), settlements: new Map(), forwarded: [], plans: [], storeCalls: [], stored: new Set(), bridged: new Set(), config: { entries: [] }, ...fields };
}

function checksOf(steps: readonly ScenarioStep[], snapshots: readonly Snapshot[], answers: ReadonlyMap<number, 'ok'> = new Map()) {
  const scenario: Scenario = { id: 'x', title: 'x', requirements: ['AIK-SUB-001'], steps };
  return referenceChecks({ scenario, snapshots, requirement: 'AIK-SUB-001', hanging: new Set(), wireId: undefined, forwarding: false, answers });
}

describe('the checks of a counterexample', () => {
  it('never pin an id the implementation minted that no handle is bound to', () => {
    // `a` and `c` are the scenario's own ids; a setup spawned `m1` (minted, unnamed), and `m1` a child `m2`; `c`'s header names `m1` as its parent.
    const steps: ScenarioStep[] = [
      { op: 'create', input: { sessionId: 'a' }, name: 'h1', expect: 'ok' },
      { op: 'create', input: { sessionId: 'c' }, name: 'h3', expect: 'ok' },
    ];
    const now = snapshot({
      agents: [agent('a'), agent('m1', 'a'), agent('m2', 'gone'), agent('c', 'm1')],
      sessions: [session('a'), session('m1', 'a'), session('m2', 'm1'), session('c', 'm1')],
      names: new Map([['h1', 'a'], ['h3', 'c']]),
      events: [heard('agent/created', 'a'), heard('agent/created', 'm1')],
    });
    const check = checksOf(steps, [snapshot({}), now])[1];
    // The live lists and the events would need `m1`: left out.
    expect(check).not.toHaveProperty('agents');
    expect(check).not.toHaveProperty('sessions');
    expect(check).not.toHaveProperty('events');
    // What can be written of the others still is.
    expect(check?.identity).toEqual(['a', 'c']);
    // `c`'s header and parent would need `m1`; `m1`'s parent `a` can be written, but not `m1` itself; `m2`'s parent is not live.
    expect(check?.headers).toStrictEqual({ a: { cwd: null, parentSession: null, seedLength: null, delegationDepth: null } });
    expect(check?.parents).toStrictEqual({ a: null });
  });

  it('write a minted id as @name of the handle bound to it, preferring a handle over a configuration entry', () => {
    const steps: ScenarioStep[] = [{ op: 'spawn', parent: 'h1', input: { mode: 'spawn' }, name: 'h2', expect: 'ok' }];
    const now = snapshot({ agents: [agent('m1')], sessions: [session('m1')], names: new Map([['h2', 'm1'], ['config[0]', 'm1']]), events: [heard('agent/created', 'm1')] });
    const [check] = checksOf(steps, [now]);
    expect([check?.agents, check?.sessions, check?.events]).toEqual([['@h2'], ['@h2'], ['agent/created @h2']]);
  });

  it('pin what each teardown started without waiting had to wait for, once the reference settled it', () => {
    const steps: ScenarioStep[] = [
      { op: 'create', input: { sessionId: 'a', owner: 'o1' }, name: 'h1', expect: 'ok' },
      { op: 'create', input: { sessionId: 'b' }, name: 'h2', expect: 'ok' },
      { op: 'prompt', handle: 'h2', name: 'turn', wait: false },
      { op: 'unload', owner: 'o1', name: 'u', wait: false },
      { op: 'unload', owner: 'nobody', name: 'u2', wait: false },
      { op: 'dispose', handle: 'unbound', name: 'd', wait: false },
      { op: 'shutdown', name: 'sd', wait: false },
      { op: 'prompt', handle: 'h2', name: 'after', wait: false },
      { op: 'await', call: 'after', expect: { reject: 'inactive' } },
      { op: 'await', call: 'turn', expect: 'ok' },
      { op: 'await', call: 'u', expect: 'ok' },
      { op: 'await', call: 'u2', expect: 'ok' },
      { op: 'await', call: 'd', expect: 'ok' },
      { op: 'await', call: 'sd', expect: 'ok' },
    ];
    const events = [heard('agent/disposed', 'a'), heard('agent/disposed', 'b')];
    const settled = new Map([
      ['turn', { events: 0, calls: [] }],
      ['u', { events: 1, calls: ['turn'] }],
      ['u2', { events: 1, calls: ['turn'] }],
      ['d', { events: 1, calls: ['turn'] }],
      ['after', { events: 2, calls: ['turn', 'u', 'u2', 'd'] }],
      ['sd', { events: 2, calls: ['turn', 'u', 'u2', 'd', 'after'] }],
    ]);
    const names = new Map([['h1', 'a'], ['h2', 'b']]);
    const snapshots = steps.map((_, index) => snapshot({ names, ...(index < 6 ? {} : { events, settlements: settled }) }));
    const checks = checksOf(steps, snapshots);
    // Checked once every call started so far was awaited: after the last await.
    expect(checks.map((check) => check?.settledAfter !== undefined)).toEqual([...Array(13).fill(false), true]);
    // An unload waits for its owner's agents' disposal; an unload of an owner with no agents and a dispose of no agent wait for nothing; a shutdown for every disposal and every call started before it (not `after`).
    expect(checks[13]?.settledAfter).toStrictEqual({ u: ['agent/disposed a'], sd: ['agent/disposed a', 'agent/disposed b', 'turn', 'u', 'u2', 'd'] });
  });

  it('pin a refused configuration start by its error code, and leave out one refused with an injected value or with an entry whose outcome reads as no expectation', () => {
    const steps: ScenarioStep[] = [{ op: 'restart', config: { agents: [{ id: 'main', sessionId: 's1' }] }, expect: 'ok' }];
    const configOf = (config: Snapshot['config']) => checksOf(steps, [snapshot({ config })])[0];
    expect(configOf({ refused: { reject: 'invalid' } })?.config).toEqual({ reject: 'invalid' });
    expect(configOf({ refused: { reject: { injected: 'v1' } } })).not.toHaveProperty('config');
    expect(configOf({ entries: [{ label: 'main', expect: undefined, id: undefined }] })).not.toHaveProperty('config');
    // A minted entry id is written as fresh, a chosen one as itself.
    expect(configOf({ entries: [{ label: 'main', expect: 'ok', id: 's1' }, { label: 'side', expect: 'ok', id: 'm1' }] })?.config).toEqual([
      { label: 'main', expect: 'ok', id: 's1' },
      { label: 'side', expect: 'ok', id: { fresh: true } },
    ]);
  });
});
