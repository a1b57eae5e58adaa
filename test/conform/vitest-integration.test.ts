import { describe, expect, it, vi } from 'vitest';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { conformanceSuite } from '../../src/vitest/index.js';
import { notFoundAsInvalid } from './_support/with-overrides.js';
import olderContract from '../fixtures/conform/older-contract-adapter.js';

// What the suites warn about (an adapter written for an earlier contract version), read by the last test.
const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

// The suite as a user registers it: these tests are part of this file's run.
conformanceSuite(referenceAdapter({ profiles: { teardown: 'scope-first' } }), { runs: 10, requirements: ['AIK-ID', 'AIK-QUIESCE-004', 'AIK-SUB-001'] });

// A known gap, listed as an expected failure: its test is skipped, the others pass.
conformanceSuite(notFoundAsInvalid, { name: 'known gap', seed: 99, runs: 10, requirements: ['AIK-RESUME-002', 'AIK-RESUME-003'], expectedFailures: ['AIK-RESUME-002'] });

// The adapter as a module path, relative to this file: the same suite, run in a supervised worker process.
conformanceSuite('../../properties/reference-adapter.ts', { name: 'by path', runs: 10, requirements: ['AIK-ID-001', 'AIK-ID-004'] });

// One part of two: a requirement is decided in its home part, skipped in the other.
conformanceSuite(referenceAdapter(), { name: 'part 1', runs: 10, requirements: ['AIK-ID'], part: { index: 1, count: 2 } });

// An adapter written for contract 2026-11 (no configHandles): it passes, with one warning.
conformanceSuite(olderContract, { name: 'older contract', runs: 2, requirements: ['AIK-CONFIG-001'] });

describe('conformanceSuite', () => {
  it('names each suite with its seed (the kit default unless vitest or the options give one) and registers one test per requirement', ({ task }) => {
    const suites = task.file.tasks.filter((candidate) => candidate.type === 'suite' && candidate.name !== 'conformanceSuite');
    // With `--sequence.seed` the default suite takes vitest's seed.
    const given = (globalThis as { __vitest_worker__?: { config?: { sequence?: { seed?: number } } } }).__vitest_worker__?.config?.sequence?.seed;
    expect(suites.map((suite) => suite.name)).toEqual([`agent-identity-kit conformance (seed ${given ?? 202611})`, 'known gap (seed 99)', `by path (seed ${given ?? 202611})`, `part 1 (seed ${given ?? 202611}, part 1 of 2)`, `older contract (seed ${given ?? 202611})`]);
    const [first] = suites;
    const names = first?.type === 'suite' ? first.tasks.flatMap((child) => (child.type === 'suite' ? child.tasks.map((test) => test.name) : [child.name])) : [];
    expect(names.map((name) => name.split(' ')[0])).toEqual(['AIK-ID-001', 'AIK-ID-002', 'AIK-ID-003', 'AIK-ID-004', 'AIK-QUIESCE-004', 'AIK-SUB-001', 'expected']);
  });

  it('refuses a part that is not 1 ≤ index ≤ count ≤ 1000 (integers) before it registers anything', () => {
    for (const part of [{ index: 0, count: 2 }, { index: 3, count: 2 }, { index: 1.5, count: 2 }, { index: 1, count: 1001 }]) {
      expect(() => conformanceSuite(referenceAdapter(), { part })).toThrow(`conformanceSuite: part must be { index, count } with integers 1 ≤ index ≤ count ≤ 1000, got ${JSON.stringify(part)}`);
    }
  });

  it('warns once, naming the capability added after the version an adapter was written for', () => {
    expect(warned.mock.calls).toEqual([[expect.stringMatching(/^agent-identity-kit: warning: the adapter is written for contract 2026-11 \(it does not declare configHandles\): configHandles \(added in contract 2026-12\) counts as absent; /)]]);
  });
});
