/**
 * Kill tests (issue 34): a CLI process SIGKILLed in the middle of writing `conform --out`,
 * `merge --out`, the lint baseline (`--baseline-update`) or the lint cache leaves the previous
 * file byte for byte. The CLI runs as a real child process with test/fixtures/crash/stop-at-write.mjs
 * preloaded: it stops the process as soon as it opens the output (or a temporary file beside it)
 * for writing; the test then kills it with SIGKILL, the one signal nothing can clean up after.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const work = mkdtempSync(join(tmpdir(), 'aik-kill-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const STOP = './test/fixtures/crash/stop-at-write.mjs';
const MARK = 'AIK-STOPPED-AT-WRITE ';
const FAILING = ['--adapter', 'test/fixtures/conform/misclassifying-adapter.ts', '--runs', '20', '--requirements', 'AIK-RESUME-002'];
const PREVIOUS = 'the previous file: kept whole\n';

/**
 * Runs the CLI with `argv` until it opens `target` for writing, SIGKILLs it there, and returns the
 * path it was writing and the signal that ended it. Rejects when the process ends on its own.
 */
function killAtWrite(argv: readonly string[], target: string): Promise<{ readonly writing: string; readonly signal: NodeJS.Signals | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', STOP, 'src/cli/main.ts', ...argv], { env: { ...process.env, AIK_STOP_AT: target, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  let writing: string | undefined;
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const at = stderr.indexOf(MARK);
      if (writing === undefined && at >= 0 && stderr.indexOf('\n', at) > at) {
        writing = stderr.slice(at + MARK.length, stderr.indexOf('\n', at));
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      if (writing === undefined) reject(new Error(`the CLI ended before writing ${target}: ${stderr}`));
      else resolve({ writing, signal });
    });
  });
}

/** Writes the previous file, kills the CLI at its write of `target`, and checks the previous file is intact. */
async function killedKeepsPrevious(argv: readonly string[], target: string): Promise<void> {
  writeFileSync(target, PREVIOUS);
  const killed = await killAtWrite(argv, target);
  expect(killed.signal).toBe('SIGKILL');
  expect(killed.writing.startsWith(target)).toBe(true);
  expect(readFileSync(target, 'utf8')).toBe(PREVIOUS);
}

describe('a CLI killed while writing its output', () => {
  it('conform --out keeps the previous counterexample', async () => {
    await killedKeepsPrevious(['conform', ...FAILING, '--out', join(work, 'counterexample.json')], join(work, 'counterexample.json'));
  }, 120_000);

  it('merge --out keeps the previous counterexample', async () => {
    const parts = [];
    for (const shard of ['1/2', '2/2']) {
      const run = await runCli(['conform', ...FAILING, '--shard', shard]);
      expect(run.code).toBe(0);
      parts.push(join(work, `part-${shard.slice(0, 1)}.json`));
      writeFileSync(parts.at(-1) as string, run.stdout);
    }
    await killedKeepsPrevious(['merge', ...parts, '--out', join(work, 'merged.json')], join(work, 'merged.json'));
  }, 120_000);

  it('lint --baseline-update keeps the previous baseline, and --cache the previous cache', async () => {
    const root = mkdtempSync(join(work, 'lint-'));
    writeFileSync(join(root, 'legacy.ts'), "export const isLocal = (sessionId: string) => sessionId.startsWith('local-');\n");
    await killedKeepsPrevious(['lint', root, '--baseline', join(root, 'baseline.json'), '--baseline-update'], join(root, 'baseline.json'));
    await killedKeepsPrevious(['lint', root, '--cache', '--cache-location', join(root, 'cache.json')], join(root, 'cache.json'));
    // Nothing but the sources, the previous files and the killed writes' temporary files is left.
    expect(readdirSync(root).filter((name) => !/^(?:legacy\.ts|baseline\.json|cache\.json)(?:\.\d+)?$/.test(name))).toEqual([]);
  }, 120_000);
});
