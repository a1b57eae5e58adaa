import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repo = join(import.meta.dirname, '..', '..');

/** The user's side of the vitest integration: suite files that a vitest of their own runs. */
export const SUITES = join(repo, 'test', 'fixtures', 'vitest-suites');

/** What a vitest run ended with. */
export interface VitestRun {
  /** The exit code; null when it had to be killed (a hang of the run itself). */
  readonly code: number | null;
  readonly output: string;
}

/**
 * Runs vitest (the repository's) in `cwd` with `args`, as a user's CI would: with none of this
 * test run's VITEST_* variables, a cache directory of its own, and `env` added. Never rejects.
 */
export function runVitest(args: readonly string[], env: Readonly<Record<string, string>> = {}, cwd = SUITES): Promise<VitestRun> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'TEST' && name !== 'NODE_ENV'));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repo, 'node_modules', 'vitest', 'vitest.mjs'), ...args], {
      cwd,
      env: { ...inherited, NO_COLOR: '1', AIK_SUITES_CACHE: mkdtempSync(join(tmpdir(), 'aik-suites-cache-')), ...env },
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    // Far past every watchdog: a run still going by then hangs, which is what the callers test against.
    const limit = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.on('close', (code) => {
      clearTimeout(limit);
      resolve({ code, output });
    });
  });
}

/** One test of vitest's JSON report. */
export interface JsonTest {
  readonly title: string;
  readonly fullName: string;
  readonly status: 'passed' | 'failed' | 'skipped' | 'pending' | 'todo';
  readonly failureMessages: readonly string[];
}

/** The tests of a vitest JSON report (`--reporter=json --outputFile=<file>`), with their file's name. */
export function jsonTests(file: string): (JsonTest & { readonly file: string })[] {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { testResults: { name: string; assertionResults: JsonTest[] }[] };
  return report.testResults.flatMap((result) => result.assertionResults.map((test) => ({ ...test, file: result.name })));
}

/** The requirement ids whose tests failed, sorted, once each. */
export function failingRequirements(tests: readonly JsonTest[]): string[] {
  return [...new Set(tests.filter((test) => test.status === 'failed' && /^AIK-/.test(test.title)).map((test) => test.title.split(' ')[0]!))].sort();
}
