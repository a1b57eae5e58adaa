/**
 * conformanceSuite with the adapter given by path, against hostile adapters, in a vitest of its own
 * (test/fixtures/vitest-suites/hostile.suite.ts): an exit, a blocked thread and escaped errors
 * fail the requirement tests of the checks they hit, naming the check and the step; a module that
 * does not load fails its suite with the place; the vitest run ends, and no process it started is
 * left.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processesMarked } from '../support/marked-processes.js';
import { jsonTests, runVitest } from '../support/run-vitest.js';

describe('conformanceSuite by path: supervised', () => {
  it('hostile adapters fail the tests of the checks they break, the run ends, nothing is left running', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aik-hostile-suites-'));
    const marker = `AIK_SUITE_RUN=${randomUUID()}`;
    const run = await runVitest(['run', 'hostile', 'missing', '--reporter=json', `--outputFile=${join(dir, 'report.json')}`, '--reporter=default'], { AIK_SUITE_RUN: marker.slice(marker.indexOf('=') + 1) });
    expect(run.code).toBe(1);
    const tests = jsonTests(join(dir, 'report.json'));
    const test = (suite: string, title: RegExp) => {
      const found = tests.find((candidate) => candidate.fullName.startsWith(suite) && title.test(candidate.title));
      if (found === undefined) throw new Error(`no test ${title} in ${suite}`);
      return { status: found.status, message: found.failureMessages.join('\n') };
    };

    const exited = test('exits in create', /^AIK-ID-003/);
    expect(exited.status).toBe('failed');
    expect(exited.message).toContain('AIK-ID-003/ids-are-opaque (adapter): adapter: the worker process exited with code 0 (adapter code called process.exit, or the process crashed) (the last step started: create(a))');

    const hung = test('loops in agents()', /^AIK-ID-001/);
    expect(hung.status).toBe('failed');
    expect(hung.message).toMatch(/AIK-ID-001\/one-key-everywhere \(adapter\): adapter: hung: the worker showed no sign of life for \d+ ms \(a synchronous loop or a blocked thread in adapter code\) and was stopped in the observation agents\(\) \(the last step started: spawn\(h1\)\)/);

    // The rejection at load is outside any check; the throw from a timer surfaces in the check or just after it.
    const strays = [test('prints and leaks errors', /^AIK-ID-001/), test('prints and leaks errors', /^no error escaped/)];
    expect(strays[1]?.status).toBe('failed');
    expect(strays[1]?.message).toContain('unhandled rejection from adapter code outside any check: Error: stray at load');
    expect(strays.map((result) => result.message).join('\n')).toMatch(/uncaught exception from adapter code (during AIK-ID-001\/one-key-everywhere \(the last step started: .+\)|outside any check): Error: thrown from a timer/);
    expect(run.output).toContain('adapter stdout | { "not": "the report" }');

    // A module that does not load fails its suite (its tests are not run) with the place and the cause.
    expect(test('does not load', /^AIK-ID-001/).status).toBe('skipped');
    expect(run.output).toContain('UsageError: ./broken-adapter.ts:3:17: cannot load the adapter module (SyntaxError: Expected ";" but found "broken")');
    // A module that is not there fails its file when vitest collects it.
    expect(run.output).toMatch(/no-such-adapter\.ts: adapter module not found/);

    expect(processesMarked(marker)).toEqual([]);
  });
});
