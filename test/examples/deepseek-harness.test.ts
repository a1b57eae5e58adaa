import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { kitEvent, nativeLog } from '../../examples/deepseek-harness/log-codec.js';
import { seedLog } from '../../properties/env/kit-env.js';

/**
 * The kit on the real harness (examples/deepseek-harness/README.md): the example installs the
 * published @deepseek-ai/dsh-* packages from its own lock file, and `conform` with its baseline
 * must reach CONFORMANT — every known gap still failing, none passing again, no new failure.
 * Skipped only when that `npm ci` cannot run (no registry), and then it says so.
 */
const EXAMPLE = 'examples/deepseek-harness';
const gaps = parseYaml(readFileSync(join(EXAMPLE, 'known-gaps.yaml'), 'utf8')) as string[];

const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: EXAMPLE, encoding: 'utf8', timeout: 180_000 });
const installed = install.status === 0;
if (!installed) {
  const why = install.error?.message ?? (install.stderr.trim().split('\n').at(-1) || `exit ${String(install.status)}`);
  console.warn(`deepseek-harness conformance SKIPPED: npm ci in ${EXAMPLE} failed (${why})`);
}

interface Report {
  readonly verdict: string;
  readonly stale: readonly string[];
  readonly failures: readonly { readonly check: string; readonly requirement: string; readonly expected: boolean; readonly adapter: boolean }[];
}

describe('the DeepSeek Harness example', () => {
  it('translates a kit seed one event for one event, turns numbered from 1, and reads harness events back exactly', () => {
    const native = nativeLog(seedLog(2)) as { type: string; seq: number; data: { turn?: number } }[];
    expect(native.map((event) => [event.seq, event.type, event.data.turn])).toEqual([
      [0, 'user/message', undefined],
      [1, 'assistant/message', 1],
      [2, 'turn/end', 1],
      [3, 'user/message', undefined],
      [4, 'assistant/message', 2],
      [5, 'turn/end', 2],
    ]);
    const stored = native.map((event) => kitEvent(event as never));
    expect(stored.map((event) => [event.seq, event.kind])).toEqual(seedLog(2).map((event) => [event.seq, event.kind]));
    expect(nativeLog(stored)).toEqual(native);
    // What the codec does not know is handed over unchanged, for the harness to refuse.
    expect(nativeLog({ seq: 0, kind: 'user' })).toEqual({ seq: 0, kind: 'user' });
    expect(nativeLog([{ seq: 0, kind: 'telepathy' }])).toEqual([{ type: 'telepathy', seq: 0, time: 0, data: {} }]);
  });

  it('lists in its README every gap of its baseline, and nothing else', () => {
    const readme = readFileSync(join(EXAMPLE, 'README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| `(AIK-[A-Z]+-\d{3}(?:\/[a-z0-9-]+)?)` \|/gm)].map((match) => match[1]);
    expect(rows).toEqual(gaps);
  });

  it.skipIf(!installed)('typechecks against the installed packages', () => {
    const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', join(EXAMPLE, 'tsconfig.json')], { encoding: 'utf8', timeout: 120_000 });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 130_000);

  it.skipIf(!installed)('is CONFORMANT with its baseline: every gap fails as listed, none is stale, none is the adapter’s', () => {
    const args = ['conform', '--adapter', `${EXAMPLE}/adapter.ts`, '--import', `./${EXAMPLE}/node20.mjs`, '--expected-failures', `${EXAMPLE}/known-gaps.yaml`, '--format', 'json'];
    const run = spawnSync(process.execPath, ['bin/agent-identity-kit.mjs', ...args], { encoding: 'utf8', timeout: 240_000 });
    expect(run.stdout.length, run.stderr).toBeGreaterThan(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.failures.filter((failure) => failure.adapter).map((failure) => failure.check)).toEqual([]);
    expect(report.failures.filter((failure) => !failure.expected).map((failure) => failure.check)).toEqual([]);
    expect(report.stale).toEqual([]);
    expect(report.verdict).toBe('CONFORMANT');
    expect(run.status).toBe(0);
    // Every gap is seen failing: a requirement entry through one of its checks, a check entry itself.
    const failing = new Set(report.failures.flatMap((failure) => [failure.check, failure.requirement]));
    expect(gaps.filter((gap) => !failing.has(gap))).toEqual([]);
  }, 250_000);
});
