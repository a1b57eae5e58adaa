/**
 * The CLI loads what a command needs when it runs it (issue 37: a CI log waited 1.2–3.5 s for the
 * seed while the CLI loaded every command's modules; issue 36: `check` held them beside its
 * gates). Traced with test/support/trace-module-loads.mjs, which names each module on standard
 * error as it is resolved, in order with what the CLI writes there.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs the CLI from the checkout with every module load traced; returns its exit code and standard error, line by line. */
async function traced(argv: readonly string[]): Promise<{ readonly code: number | null; readonly lines: readonly string[] }> {
  const child = spawn(process.execPath, ['--import', './test/support/trace-module-loads.mjs', 'bin/agent-identity-kit.mjs', ...argv], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, lines: stderr.split('\n') };
}

/** The npm packages the traced run loaded, by name. */
function packagesOf(lines: readonly string[]): string[] {
  return [...new Set(lines.flatMap((line) => /^module-load .*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line)?.[1] ?? []))].sort();
}

/** The line at which the module whose path ends with `path` is first loaded (-1: never). */
const loadOf = (lines: readonly string[], path: string) => lines.findIndex((line) => line.startsWith('module-load ') && line.endsWith(path));

/** What the checkout's bin/ loads to run TypeScript sources: tsx and its esbuild. An installed package runs dist/ without them. */
const SOURCE_RUNNER = ['esbuild', 'tsx'];

describe('the CLI loads a command’s implementation only when it runs it', () => {
  it('conform writes its header, seed included, before it loads the engine and the supervisor', async () => {
    const { code, lines } = await traced(['conform', '--requirements', 'AIK-ID-002', '--runs', '1', '--workers', '1']);
    expect(code).toBe(0);
    const header = lines.findIndex((line) => /^agent-identity-kit conform · .* · seed 202611 · /.test(line));
    const engine = loadOf(lines, '/properties/runner/run-conformance.ts');
    const supervisor = loadOf(lines, '/src/supervisor/supervise-conformance.ts');
    expect(header).toBeGreaterThanOrEqual(0);
    // Both are loaded (the run needs them), and after the header.
    expect(engine).toBeGreaterThan(header);
    expect(supervisor).toBeGreaterThan(header);
  }, 120_000);

  it('--help lists every command without loading any command’s implementation: no npm package but commander and write-file-atomic', async () => {
    const { code, lines } = await traced(['--help']);
    expect(code).toBe(0);
    expect(packagesOf(lines).filter((name) => !SOURCE_RUNNER.includes(name))).toEqual(['commander', 'write-file-atomic']);
    expect(loadOf(lines, '/properties/runner/run-conformance.ts')).toBe(-1);
  }, 60_000);
});
