import { withoutTimings } from '../../properties/report/conformance-report.js';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdapterFactory, Capabilities, System } from '../../src/contract/adapter.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { unsupported } from '../../src/adapter/index.js';
import { decideRequirement } from '../../properties/runner/decide-requirement.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { notFoundAsInvalid, withOverrides } from './_support/with-overrides.js';
import { requirement as lookup, type Requirement } from '../../src/contract/requirements.js';

const REFERENCE_CAPABILITIES: Capabilities = { subagents: true, remote: false, bridge: true, rpc: true, consumers: true, contextDispose: true, idSource: true, clock: true, configHandles: true };

function requirementOf(id: string): Requirement {
  const found = lookup(id);
  if (found === undefined) throw new Error(`no requirement ${id}`);
  return found;
}

/** The reference adapter with `override` applied to the system. */
function adjusted(override: (system: System) => Partial<System>): AdapterFactory {
  return withOverrides(referenceAdapter(), override);
}

describe('verdict rules', () => {
  it('a failing MUST fails the run, tagged with its requirement and with a shrunk counterexample', async () => {
    const report = await runConformance(notFoundAsInvalid, { runs: 100, requirements: ['AIK-RESUME'] });
    expect(report.verdict).toBe('NOT CONFORMANT');
    expect(report.requirements.filter((result) => result.status === 'FAIL').map((result) => result.id)).toEqual(['AIK-RESUME-002']);
    const generated = report.failures.find((failure) => failure.check.startsWith('AIK-RESUME-002/generated-'));
    expect(generated?.counterexample.path).toEqual(expect.any(String));
    // Shrunk to the one command that shows it: a resume of an id never stored answered invalid.
    expect(generated?.counterexample.commands).toEqual([expect.stringMatching(/resume\(.+\).* ✗invalid/)]);
    const directed = report.failures.find((failure) => failure.check === 'AIK-RESUME-002/not-persisted-is-not-found');
    expect(directed?.counterexample.commands).toContain('resume(ghost) ✗invalid');
  });

  it('listed expected failures do not fail the run; a listed entry that passes is stale and does', async () => {
    const known = await runConformance(notFoundAsInvalid, { runs: 10, requirements: ['AIK-RESUME'], expectedFailures: ['AIK-RESUME-002'] });
    expect(known.verdict).toBe('CONFORMANT');
    expect(known.requirements.find((result) => result.id === 'AIK-RESUME-002')).toMatchObject({ status: 'FAIL', expected: true });
    expect(known.failures.every((failure) => failure.expected)).toBe(true);

    const stale = await runConformance(notFoundAsInvalid, { runs: 10, requirements: ['AIK-RESUME'], expectedFailures: ['AIK-RESUME-002', 'AIK-RESUME-003/live-id-conflicts-before-any-load'] });
    expect(stale.stale).toEqual(['AIK-RESUME-003/live-id-conflicts-before-any-load']);
    expect(stale.verdict).toBe('NOT CONFORMANT');
  });

  it('an undeclared capability makes its requirements NOT-APPLICABLE; a declared one whose checks cannot run is NOT-TESTED', async () => {
    const without = adjusted((system) => ({ capabilities: { ...system.capabilities, subagents: false } as Capabilities }));
    const report = await runConformance(without, { runs: 5, requirements: ['AIK-SUB', 'AIK-QUIESCE-004'] });
    expect(report.requirements.filter((result) => result.id.startsWith('AIK-SUB')).map((result) => result.status)).toEqual(['NOT-APPLICABLE', 'NOT-APPLICABLE', 'NOT-APPLICABLE', 'NOT-APPLICABLE']);
    expect(report.requirements.find((result) => result.id === 'AIK-SUB-001')?.note).toBe('capability subagents not declared');
    expect(report.verdict).toBe('CONFORMANT');

    const requirement = requirementOf('AIK-REMOTE-003');
    const declared = { capabilities: { ...REFERENCE_CAPABILITIES, bridge: true }, profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' } } as const;
    expect(decideRequirement(requirement, [{ id: 'AIK-REMOTE-003/x', kind: 'directed', runs: 0, failures: 0, skipped: 'needs capability remote (not declared)' }], declared)).toEqual({
      status: 'NOT-TESTED',
      note: 'needs capability remote (not declared)',
    });
    expect(decideRequirement(requirement, [], declared)).toEqual({ status: 'NOT-TESTED', note: 'no check ran' });
    expect(decideRequirement(requirement, [], { ...declared, capabilities: { ...declared.capabilities, bridge: false } })).toEqual({ status: 'NOT-APPLICABLE', note: 'capability bridge not declared' });
  });

  it('a requirement whose operation the adapter reports unsupported is NOT-TESTED, naming the operation, and fails the run', async () => {
    const noResume = adjusted(() => ({ resume: () => unsupported('resume') }));
    const report = await runConformance(noResume, { runs: 10, requirements: ['AIK-RESUME', 'AIK-CREATE'] });
    expect(report.verdict).toBe('NOT CONFORMANT');
    expect(report.requirements.find((result) => result.id === 'AIK-RESUME-002')).toMatchObject({ status: 'NOT-TESTED', note: 'needs resume; the adapter reports it unsupported' });
    expect(report.requirements.find((result) => result.id === 'AIK-CREATE-001')?.status).toBe('PASS');
    expect(report.failures.filter((failure) => failure.requirement.startsWith('AIK-RESUME'))).toEqual([]);
    // A failing check still decides FAIL; unsupported operations of several checks are listed together.
    const tally = (id: string, extra: object) => ({ id, kind: 'directed' as const, runs: 0, failures: 0, ...extra });
    const must = requirementOf('AIK-RESUME-001');
    expect(decideRequirement(must, [tally('a', { unsupported: ['resume'] }), tally('b', { runs: 1, failures: 1 })], { capabilities: REFERENCE_CAPABILITIES, profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' } }).status).toBe('FAIL');
    expect(decideRequirement(must, [tally('a', { unsupported: ['resume'] }), tally('b', { unsupported: ['owners', 'resume'] }), tally('c', { runs: 1 })], { capabilities: REFERENCE_CAPABILITIES, profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' } })).toEqual({
      status: 'NOT-TESTED',
      note: 'needs owners, resume; the adapter reports them unsupported',
    });
  });

  it('a declared profile is checked as declared: a runtime declaring the other variant fails that PROFILE', async () => {
    const lying = adjusted(() => ({ profiles: { teardown: 'scope-first', persistedCreate: 'reject-at-create' } }));
    const report = await runConformance(lying, { runs: 5, requirements: ['AIK-QUIESCE-004'] });
    expect(report.requirements[0]).toMatchObject({ id: 'AIK-QUIESCE-004', status: 'FAIL' });
    expect(report.failures.map((failure) => failure.check)).toContain('AIK-QUIESCE-004/scope-first-order');
  });
});

describe('ids an implementation mints itself', () => {
  it('are named by first appearance (#1, #2) when there is no id source, so the same seed gives the same report', async () => {
    // Random ids from the implementation, and a bug that hides spawned children from agents().
    const random: AdapterFactory = (env, options) => referenceAdapter()({ ...env, ids: () => randomUUID() }, options);
    const hiding = withOverrides(random, (system) => ({
      capabilities: { ...system.capabilities, idSource: false },
      agents: () => system.agents().filter((entry) => !/^[0-9a-f-]{36}$/.test(entry.id)),
    }));
    const options = { seed: 3, runs: 5, requirements: ['AIK-SUB-001'] };
    const [first, second] = [await runConformance(hiding, options), await runConformance(hiding, options)];
    expect(JSON.stringify(withoutTimings(second))).toBe(JSON.stringify(withoutTimings(first)));
    const failure = first.failures.find((candidate) => candidate.check === 'AIK-SUB-001/one-id-for-run-agent-and-session');
    // The sub-case names and quotes the clause it broke.
    expect(failure?.message).toBe('AIK-SUB-001.c1 "in-process child: run `id` = child agent id = child session id": spawn: no live agent under the run id #1');
  });
});
