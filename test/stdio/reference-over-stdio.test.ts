/**
 * The reference runtime driven over stdio (examples/stdio-reference/adapter.ts, served by
 * serveStdio) gives the same per-requirement verdicts as in process, at three seeds: the stdio
 * subset loses nothing but the checks its table takes out (properties/runner/stdio-subset.ts),
 * and every line either side wrote was checked against its message's schema on the way
 * (parseMessage on both sides: a line out of schema would have stopped the run).
 */
import { afterAll, describe, expect, it } from 'vitest';
import referenceAdapter from '../../properties/reference-adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { IN_PROCESS_ONLY } from '../../properties/runner/stdio-subset.js';
import { stdioAdapter } from '../../src/stdio/stdio-adapter.js';

const problems: string[] = [];
const stdio = stdioAdapter({ command: 'node --import tsx examples/stdio-reference/adapter.ts', onProtocolError: (message) => problems.push(message) });
afterAll(() => stdio.close());

/** Each requirement's status and the checks that ran for it, with how often they failed. */
const verdicts = (report: Awaited<ReturnType<typeof runConformance>>) =>
  report.requirements.map((result) => ({ id: result.id, status: result.status, checks: result.checks.filter((check) => check.runs > 0).map((check) => `${check.id}:${check.failures}`) }));

describe('the reference runtime over stdio', () => {
  it.each([1, 202611, 77])('gives the in-process verdicts at seed %i', { timeout: 120_000 }, async (seed) => {
    await stdio.ready();
    const options = { seed, runs: 8 };
    const inProcess = await runConformance(referenceAdapter, options);
    const overStdio = await runConformance(stdio, { ...options, stdio: true });
    expect(problems).toEqual([]);
    expect(overStdio.verdict).toBe('CONFORMANT');
    expect(overStdio.subset).toEqual({ mode: 'stdio', notApplicable: Object.keys(IN_PROCESS_ONLY).map((check) => ({ check, reason: expect.stringContaining('stdio mode: needs in-process scheduling') })) });
    // The checks the subset takes out ran in process only; everything else is the same, check by check.
    // A requirement none of whose checks ran over stdio (its directed ones taken out, no generated run touching it) is outside the subset.
    const outside = overStdio.requirements.filter((result) => result.note === 'stdio mode: every check needs in-process scheduling').map((result) => result.id);
    expect(outside.every((id) => Object.keys(IN_PROCESS_ONLY).some((check) => check.startsWith(`${id}/`)))).toBe(true);
    const withoutExcluded = verdicts(inProcess)
      .filter((result) => !outside.includes(result.id))
      .map((result) => ({ ...result, checks: result.checks.filter((check) => IN_PROCESS_ONLY[check.slice(0, check.lastIndexOf(':'))] === undefined) }));
    expect(verdicts(overStdio).filter((result) => !outside.includes(result.id))).toEqual(withoutExcluded);
    expect(overStdio.runs).toBe(inProcess.runs);
  });
});
