import { describe, expect, it } from 'vitest';
import type { AdapterFactory, System } from '../../src/contract/adapter.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { withOverrides } from './_support/with-overrides.js';

/** The reference adapter with one member replaced. */
function breaking(member: keyof System, replacement: unknown): AdapterFactory {
  return withOverrides(referenceAdapter(), () => ({ [member]: replacement }));
}

const quick = { runs: 5, timeoutMs: 50, requirements: ['AIK-QUIESCE-003', 'AIK-DETACH-001', 'AIK-CREATE-002'] } as const;

describe('an adapter that breaks the protocol', () => {
  it('hangs in dispose: a finding of the requirement under test (not blamed on the adapter), confirmed with a longer limit once; later checks it hangs in again are NOT-TESTED naming it, and the run completes', async () => {
    const report = await runConformance(
      breaking('dispose', () => new Promise(() => undefined)),
      quick,
    );
    expect(report.verdict).toBe('NOT CONFORMANT');
    // The first check that disposes meets the hang.
    const hang = report.failures.find((failure) => failure.check === 'AIK-DETACH-001/idempotent-and-stale-safe');
    expect(hang).toMatchObject({ adapter: false, requirement: 'AIK-DETACH-001' });
    // Reported only once the confirming re-run (10× the limit) hung too.
    expect(hang?.message).toMatch(/dispose\(h1\) did not settle within its limit, also on a confirming re-run with 10× the limit \(base 50 ms\)/);
    expect(hang?.counterexample.commands).toContain('dispose(h1) ⏳hang');
    // Confirmed once: the checks that need dispose later are not tried, and say why.
    const confirmed = 'needs dispose, which hangs (confirmed in AIK-DETACH-001/idempotent-and-stale-safe: dispose(h1)): not waited for again';
    expect(report.requirements.find((result) => result.id === 'AIK-QUIESCE-003')).toMatchObject({ status: 'NOT-TESTED', note: confirmed });
    expect(report.failures.map((failure) => failure.check)).toEqual(['AIK-DETACH-001/idempotent-and-stale-safe']);
    // Checks that never dispose still pass: one hang does not poison the run. Dispose hung 3 times in a row, so the
    // generated runs (which dispose) are not made, which the home of the generated runs in this scope says.
    const create = report.requirements.find((result) => result.id === 'AIK-CREATE-002');
    expect(create?.checks.filter((tally) => tally.kind === 'directed')).toEqual([{ id: 'AIK-CREATE-002/live-id-conflicts-before-setup', kind: 'directed', runs: 1, failures: 0 }]);
    expect(create).toMatchObject({ status: 'NOT-TESTED', note: `generated runs not made: ${confirmed}` });
  });

  it.each([
    ['a write of the turn is held', 'AIK-DURABLE-002', 'AIK-DURABLE-002/hung-write-keeps-dispose-pending', 2],
    ['the kit holds the turn', 'AIK-QUIESCE-002', 'AIK-QUIESCE-002/agent-disposed-after-the-turn', 1],
  ])('hangs in a prompt while %s: the prompt’s own limit decides, reported as that hang', async (_, requirement, check, hung) => {
    // In each system, the prompt number `hung` of a handle never settles nor starts a turn (so the
    // confirming re-run hangs too); the others take 30 ms, so the prompt's limit (5× its measured
    // pace) outgrows the base limit a polled wait would have had of its own.
    const report = await runConformance(
      withOverrides(referenceAdapter(), (system) => {
        const prompted = new Map<string, number>();
        return {
          prompt: (handle: string) => {
            prompted.set(handle, (prompted.get(handle) ?? 0) + 1);
            if (prompted.get(handle) === hung) return new Promise(() => undefined);
            return new Promise((resolve) => setTimeout(resolve, 30)).then(() => system.prompt(handle));
          },
        };
      }),
      { runs: 1, timeoutMs: 50, requirements: ['AIK-CREATE-001', requirement] },
    );
    const hang = report.failures.find((failure) => failure.check === check);
    // One timer decides (the prompt's), so the report does not depend on which of two fired first.
    expect(hang?.message).toMatch(/prompt\(h1\) did not settle within its limit, also on a confirming re-run/);
    expect(hang?.counterexample.commands).toContain('prompt(h1) ⏳hang');
  });

  it('a prompt that hangs once and never again is flaky: a finding naming its check and step, not forgiven by the confirming re-run', async () => {
    let hung = false;
    const report = await runConformance(
      withOverrides(referenceAdapter(), (system) => ({
        prompt: (handle: string) => {
          if (hung) return system.prompt(handle);
          hung = true;
          return new Promise(() => undefined);
        },
      })),
      { runs: 5, timeoutMs: 50, requirements: ['AIK-DETACH-001'] },
    );
    expect(report.verdict).toBe('NOT CONFORMANT');
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatchObject({ check: 'AIK-DETACH-001/idempotent-and-stale-safe', flaky: true });
    expect(report.failures[0]?.message).toMatch(/^flaky: prompt\(h1\) did not settle within its limit on the first run and had not settled after as long again as the confirming limit, while the confirming re-run passed/);
    expect(report.failures[0]?.counterexample.commands).toContain('prompt(h1) ⏳hang');
  });

  it('a prompt that is slow once (it settles after its limit) is a slow machine, not flaky: the confirming re-run decides and the check passes', async () => {
    let slow = false;
    const report = await runConformance(
      withOverrides(referenceAdapter(), (system) => ({
        prompt: (handle: string) => {
          if (slow) return system.prompt(handle);
          slow = true;
          return new Promise((resolve) => setTimeout(resolve, 150)).then(() => system.prompt(handle));
        },
      })),
      { runs: 5, timeoutMs: 50, requirements: ['AIK-DETACH-001'] },
    );
    expect(report.failures).toEqual([]);
    expect(report.verdict).toBe('CONFORMANT');
  });

  it('throws from prompt and returns garbage from flush: each is the adapter failing, with its requirement', async () => {
    const throwing = await runConformance(
      breaking('prompt', () => {
        throw new Error('boom');
      }),
      quick,
    );
    const thrown = throwing.failures.find((failure) => failure.requirement === 'AIK-DETACH-001');
    expect(thrown).toMatchObject({ adapter: true });
    expect(thrown?.message).toMatch(/threw boom instead of resolving to an outcome/);

    const garbage = await runConformance(
      breaking('flush', async () => 42),
      quick,
    );
    const returned = garbage.failures.find((failure) => failure.check === 'AIK-DETACH-001/idempotent-and-stale-safe');
    expect(returned?.message).toMatch(/flush\(h1\) returned 42, not an outcome/);
    expect(returned?.adapter).toBe(true);
  });

  it('a factory that throws or does not return a system: every requirement NOT-TESTED, no crash', async () => {
    const throwing: AdapterFactory = () => {
      throw new Error('cannot start');
    };
    const report = await runConformance(throwing, { runs: 1 });
    expect(report.verdict).toBe('NOT CONFORMANT');
    expect(report.adapter).toEqual({ error: 'adapter: the factory threw cannot start' });
    expect(report.summary['NOT-TESTED']).toBe(report.requirements.filter((result) => result.tier !== 'STATIC').length);

    const hollow = (() => ({ capabilities: {} })) as unknown as AdapterFactory;
    const second = await runConformance(hollow, { runs: 1 });
    expect(second.adapter).toMatchObject({ error: expect.stringMatching(/did not return a system/) });
  });

  it('a throwing observation is the adapter failing, not a crash', async () => {
    const report = await runConformance(
      breaking('agents', () => {
        throw new Error('no list');
      }),
      { runs: 3, timeoutMs: 50, requirements: ['AIK-CREATE-001'] },
    );
    const failure = report.failures.find((candidate) => candidate.check === 'AIK-CREATE-001/publishes-exactly-the-given-id');
    expect(failure).toMatchObject({ adapter: true, message: 'adapter: observation agents() threw Error: no list' });
  });
});
