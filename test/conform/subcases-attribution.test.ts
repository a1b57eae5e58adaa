import { describe, expect, it } from 'vitest';
import type { AdapterFactory, System } from '../../src/contract/adapter.js';
import type { DurableStore } from '../../src/contract/durable-store.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import type { ConformanceReport } from '../../properties/report/conformance-report.js';
import { textReporter } from '../../properties/reporters/text-reporter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import creationAwaitsFirstWrite from '../mutants/creation-awaits-first-write.js';
import { withOverrides } from './_support/with-overrides.js';

const reference = referenceAdapter();

/** The failures of `check` in `report`, as requirement → message lines. */
function failuresOf(report: ConformanceReport, check: string): Map<string, string[]> {
  return new Map(report.failures.filter((failure) => failure.check === check).map((failure) => [failure.requirement, failure.message.split('\n')]));
}

function statusOf(report: ConformanceReport, id: string): string | undefined {
  return report.requirements.find((result) => result.id === id)?.status;
}

/** A store whose loads can be waited for: `pending()` settles once every load issued so far has. */
function trackingLoads(store: DurableStore): { store: DurableStore; pending: () => Promise<unknown> } {
  const loads = new Set<Promise<unknown>>();
  return {
    store: {
      ...store,
      load: (id) => {
        const load = store.load(id);
        loads.add(load);
        return load;
      },
      put: (record) => store.put(record),
      append: (id, events) => store.append(id, events),
      list: () => store.list(),
      flush: (id) => store.flush(id),
    },
    pending: () => Promise.allSettled([...loads]),
  };
}

/** The reference whose `shutdown()` first waits for every store load it issued to settle (as a runtime draining its store calls would). */
const shutdownAwaitsLoads: AdapterFactory = async (env, options) => {
  const tracked = env.store === undefined ? undefined : trackingLoads(env.store);
  const system = await reference({ ...env, store: tracked?.store }, options);
  return withOverrides(async () => system, (inner) => ({
    shutdown: async () => {
      await tracked?.pending();
      return inner.shutdown();
    },
  }))(env, options);
};

/** A setup that rejects is never run: that creation wrongly succeeds and stays live; every other fault rolls back. */
function withoutRejecting<T extends { setup?: { action: string } }>(input: T): T {
  if (input.setup?.action !== 'reject') return input;
  const { setup: _setup, ...rest } = input;
  return rest as T;
}

const ignoresRejectingSetups = withOverrides(reference, (system) => ({
  create: (input: Parameters<System['create']>[0]) => system.create(withoutRejecting(input)),
  resume: (input: Parameters<System['resume']>[0]) => system.resume(withoutRejecting(input)),
}));

describe('one sub-case, one system', () => {
  it('AIK-CREATE-003: an invalid creation wrongly accepted fails its own sub-cases only, not the later ones', async () => {
    // The empty id is published as "blank": the first sub-case wrongly succeeds and leaves an agent behind.
    const blankAccepted = withOverrides(reference, (system) => ({ create: (input: Parameters<System['create']>[0]) => system.create(input.sessionId === '' ? { ...input, sessionId: 'blank' } : input) }));
    const report = await runConformance(blankAccepted, { runs: 0, requirements: ['AIK-CREATE-003'] });
    const lines = failuresOf(report, 'AIK-CREATE-003/invalid-input-leaves-nothing').get('AIK-CREATE-003') ?? [];
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => !line.includes('with empty id'))).toEqual([]);
  });

  it('AIK-CONFIG-002: the store calls of a configuration wrongly accepted are not charged to the later refused ones', async () => {
    // A configuration whose only defect is an empty label is accepted without that entry: its valid entry starts.
    const dropsEmptyLabels: AdapterFactory = (env, options) => {
      const strip = (config: NonNullable<typeof options.config>) => ({ ...config, agents: config.agents.filter((entry) => entry.id !== '') });
      return withOverrides(reference, (system) => ({ restart: (input: Parameters<System['restart']>[0]) => system.restart(input.config === undefined ? input : { ...input, config: strip(input.config) }) }))(env, options.config === undefined ? options : { ...options, config: strip(options.config) });
    };
    const report = await runConformance(dropsEmptyLabels, { runs: 0, requirements: ['AIK-CONFIG-002'] });
    const lines = failuresOf(report, 'AIK-CONFIG-002/whole-config-validated-up-front').get('AIK-CONFIG-002') ?? [];
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => !line.includes('an empty label'))).toEqual([]);
  });

  it('AIK-TXN-003: a creation a fault did not roll back fails its own sub-cases only, not those of the next fault nor the reuse of other ids', async () => {
    const report = await runConformance(ignoresRejectingSetups, { runs: 0, requirements: ['AIK-TXN-003'] });
    const lines = failuresOf(report, 'AIK-TXN-003/failure-at-any-phase-rolls-back').get('AIK-TXN-003') ?? [];
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => !line.includes('with setup rejects'))).toEqual([]);
  });

  it('AIK-TXN-006: a creation that was not rolled back is not created again (a conflict there would be charged twice)', async () => {
    const report = await runConformance(ignoresRejectingSetups, { runs: 0, requirements: ['AIK-TXN-006'] });
    const lines = failuresOf(report, 'AIK-TXN-006/non-error-values-reach-the-caller').get('AIK-TXN-006') ?? [];
    expect(lines.some((line) => line.includes('create(n1) whose setup rejects a non-Error'))).toBe(true);
    expect(lines.filter((line) => line.includes('again after its rollback'))).toEqual([]);
  });

  it('a sub-case stopped by a failed step does not hide the independent ones after it (AIK-DURABLE-001 write faults)', async () => {
    // The creation awaits its first write: the held-writes sub-case stops, and the put fault rolls its creation back.
    const report = await runConformance(creationAwaitsFirstWrite.adapter, { runs: 0, timeoutMs: 300, requirements: ['AIK-DURABLE-001'] });
    const failure = report.failures.find((candidate) => candidate.check === 'AIK-DURABLE-001/write-faults-surface-at-flush');
    expect(failure?.clauses).toEqual(['AIK-DURABLE-001.c2', 'AIK-DURABLE-001.c5']);
    expect(failure?.message.split('\n').some((line) => line.includes('create(failing-put) whose put fails: expected success'))).toBe(true);
  });

  it('lists every failed sub-case in the report; the text reporter folds them after 8 with a count', async () => {
    // Every creation is accepted as a plain one: each of the six invalid inputs fails several sub-cases.
    const acceptsAnything = withOverrides(reference, (system) => ({ create: (input: Parameters<System['create']>[0]) => system.create({ sessionId: input.sessionId === '' ? 'blank' : input.sessionId }) }));
    const report = await runConformance(acceptsAnything, { runs: 0, requirements: ['AIK-CREATE-003'] });
    const lines = failuresOf(report, 'AIK-CREATE-003/invalid-input-leaves-nothing').get('AIK-CREATE-003') ?? [];
    expect(lines.length).toBeGreaterThan(8);
    expect(lines.filter((line) => line.includes('more failed sub-cases'))).toEqual([]);
    for (const what of ['empty id', 'relative cwd', 'seed that is not an array', 'seed with a seq gap', 'seed with a repeated seq', 'seed with an unknown kind']) {
      expect(lines.some((line) => line.startsWith('AIK-CREATE-003.c1 ') && line.includes(`create with ${what}: expected invalid, but it succeeded`)), what).toBe(true);
    }
    const text = textReporter(report, { color: false });
    expect(text).toContain(`… and ${lines.length - 8} more failed sub-cases (every one is in the JSON report)`);
    expect(text).not.toContain(lines.at(-1));
  });
});

describe('attribution: a failure counts against the requirement of the clause that broke', () => {
  it("a check's closing shutdown() that hangs is a finding of AIK-QUIESCE-005.c1, not of the check's requirement", async () => {
    const report = await runConformance(shutdownAwaitsLoads, { runs: 0, timeoutMs: 300, requirements: ['AIK-TXN-001', 'AIK-QUIESCE-005'] });
    // The TXN-001 check leaves a load hanging (its resume was aborted): every assertion of TXN-001 holds.
    expect(statusOf(report, 'AIK-TXN-001')).toBe('PASS');
    expect(statusOf(report, 'AIK-QUIESCE-005')).toBe('FAIL');
    const failures = report.failures.filter((failure) => failure.check === 'AIK-TXN-001/nothing-partial-during-load-and-setup');
    expect(failures.map((failure) => [failure.requirement, failure.clauses])).toEqual([['AIK-QUIESCE-005', ['AIK-QUIESCE-005.c1']]]);
    expect(failures[0]?.message).toMatch(/^AIK-QUIESCE-005\.c1 "shutdown disposes every live agent[^"]*": shutdown\(\) did not settle within /);
    // The check's tally stays with its own requirement, and the charged requirement counts it as a failing run.
    expect(report.requirements.find((result) => result.id === 'AIK-TXN-001')?.checks).toContainEqual({ id: 'AIK-TXN-001/nothing-partial-during-load-and-setup', kind: 'directed', runs: 1, failures: 0 });
    expect(report.requirements.find((result) => result.id === 'AIK-QUIESCE-005')?.checks).toContainEqual({ id: 'AIK-TXN-001/nothing-partial-during-load-and-setup', kind: 'directed', runs: 1, failures: 1 });
    expect(textReporter(report, { color: false })).toContain('✗ AIK-TXN-001/nothing-partial-during-load-and-setup (counts against AIK-QUIESCE-005)');
  });

  it('charges a clause of a requirement outside the scope to the check itself: a finding is never dropped', async () => {
    const report = await runConformance(shutdownAwaitsLoads, { runs: 0, timeoutMs: 300, requirements: ['AIK-TXN-001'] });
    expect(report.verdict).toBe('NOT CONFORMANT');
    expect(report.failures.map((failure) => [failure.check, failure.requirement, failure.clauses])).toEqual([['AIK-TXN-001/nothing-partial-during-load-and-setup', 'AIK-TXN-001', ['AIK-QUIESCE-005.c1']]]);
  });

  it('AIK-QUIESCE-001: missing disposed edges are a finding of AIK-EVENT-001, while the memoized teardown holds', async () => {
    // The adapter's recorder loses every disposed edge.
    const deaf = withOverrides(reference, (system) => ({ events: () => system.events().filter((event) => !event.type.endsWith('/disposed')) }));
    const report = await runConformance(deaf, { runs: 0, requirements: ['AIK-QUIESCE-001', 'AIK-EVENT-001'] });
    expect(statusOf(report, 'AIK-QUIESCE-001')).toBe('PASS');
    const failures = failuresOf(report, 'AIK-QUIESCE-001/one-memoized-teardown');
    expect([...failures.keys()]).toEqual(['AIK-EVENT-001']);
    expect(failures.get('AIK-EVENT-001')).toEqual(['AIK-EVENT-001.c1 "per entry object: #disposed ≤ #created ≤ 1, equal once the entry is gone; both carry the same object; never created after disposed": disposed edges of q1 once it is gone: expected agent/disposed and session/disposed, got none']);
  });

  it('a check id in the expected failures covers its failure wherever it is charged, and goes stale only when no part of it fails', async () => {
    const check = 'AIK-TXN-001/nothing-partial-during-load-and-setup';
    const listed = await runConformance(shutdownAwaitsLoads, { runs: 0, timeoutMs: 300, requirements: ['AIK-TXN-001', 'AIK-QUIESCE-005'], expectedFailures: [check] });
    expect(listed.stale).toEqual([]);
    expect(listed.failures.filter((failure) => failure.check === check).map((failure) => failure.expected)).toEqual([true]);
    const passing = await runConformance(reference, { runs: 0, requirements: ['AIK-TXN-001', 'AIK-QUIESCE-005'], expectedFailures: [check] });
    expect(passing.stale).toEqual([check]);
  });
});
