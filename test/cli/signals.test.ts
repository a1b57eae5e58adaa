/**
 * An interrupted or killed CLI leaves nothing behind: no temp file of a check in flight (the fake
 * ACP child's pid file), no process the adapter started.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { processesMarked } from '../support/marked-processes.js';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Files below `folder`, except tsx's compile cache, relative to it. */
function leftovers(folder: string): string[] {
  return (readdirSync(folder, { recursive: true }) as string[]).filter((path) => !path.startsWith('tsx-')).sort();
}

describe('the CLI interrupted while a remote check runs', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s: exit %i, and neither the pid file nor the fake ACP child is left', async (signal, code) => {
    const temp = mkdtempSync(join(tmpdir(), 'aik-signal-'));
    folders.push(temp);
    const marker = `AIK_SIGNAL_RUN=${randomUUID()}`;
    const child = spawn(process.execPath, ['bin/agent-identity-kit.mjs', 'conform', '--requirements', 'AIK-REMOTE'], {
      stdio: 'ignore',
      env: { ...process.env, TMPDIR: temp, AIK_SIGNAL_RUN: marker.slice(marker.indexOf('=') + 1) },
    });
    const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
    // Interrupted while a remote check's fake ACP child runs: it has written its pid file.
    await vi.waitFor(() => expect(leftovers(temp).some((path) => path.endsWith('.pid'))).toBe(true), { timeout: 90_000, interval: 20 });
    child.kill(signal);
    expect(await closed).toBe(code);
    await vi.waitFor(() => expect(processesMarked(marker)).toEqual([]), { timeout: 10_000, interval: 100 });
    expect(leftovers(temp)).toEqual([]);
  }, 120_000);
});

describe('the CLI killed (SIGKILL) while the adapter runs a helper process', () => {
  it('the helper does not outlive the run', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'aik-killed-'));
    folders.push(folder);
    const helper = join(folder, 'helper-runs');
    const marker = `AIK_KILLED_RUN=${randomUUID()}`;
    const child = spawn(process.execPath, ['bin/agent-identity-kit.mjs', 'conform', '--adapter', 'test/fixtures/hostile/spawns-helper.ts', '--requirements', 'AIK-ID-001'], {
      stdio: 'ignore',
      env: { ...process.env, AIK_HELPER_MARKER: helper, AIK_KILLED_RUN: marker.slice(marker.indexOf('=') + 1) },
    });
    const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
    await vi.waitFor(() => expect(existsSync(helper)).toBe(true), { timeout: 90_000, interval: 20 });
    // The CLI, its worker and the helper.
    expect(processesMarked(marker).length).toBeGreaterThanOrEqual(3);
    child.kill('SIGKILL');
    await closed;
    await vi.waitFor(() => expect(processesMarked(marker)).toEqual([]), { timeout: 10_000, interval: 100 });
  }, 120_000);
});
