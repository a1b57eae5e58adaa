/**
 * `conform` piped, as in CI: the header with the seed comes first on standard error, at once, and
 * lines keep coming until the verdict (issue 37: before, nothing came until the verdict).
 */
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { DEFAULT_SEED } from '../../properties/runner/default-seed.js';
import { SILENCE_MS } from '../../src/cli/conform-progress.js';

/** One piece of output and when it came, in ms from the start. */
interface Arrival {
  readonly stream: 'stdout' | 'stderr';
  readonly at: number;
  readonly text: string;
}

it('a piped conform run shows its seed before the verdict, and lines keep coming', async () => {
  const started = performance.now();
  const arrivals: Arrival[] = [];
  const child = spawn(process.execPath, ['bin/agent-identity-kit.mjs', 'conform', '--runs', '800', '--workers', '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of ['stdout', 'stderr'] as const) child[stream].on('data', (chunk: Buffer) => arrivals.push({ stream, at: performance.now() - started, text: String(chunk) }));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  expect(code).toBe(0);
  const firstOut = arrivals.findIndex((arrival) => arrival.stream === 'stdout');
  const before = arrivals.slice(0, firstOut).filter((arrival) => arrival.stream === 'stderr').map((arrival) => arrival.text).join('');
  expect(before.split('\n')[0]).toMatch(new RegExp(`^agent-identity-kit conform · kit \\S+ · contract \\S+ · adapter the bundled reference runtime · seed ${DEFAULT_SEED} · 800 runs · 1 worker$`));
  expect(before).toMatch(/^\[\d+s\] \d+ directed checks, then 800 generated runs in 8 chunks$/m);
  expect(before).toMatch(/^\[\d+s\] directed checks done \(\d+\)$/m);
  expect(before).toMatch(/^\[\d+s\] generated runs done \(800\)$/m);
  // Lines keep coming: no gap between two pieces of output much longer than the silence limit.
  // The bound is four times the limit, so a loaded machine that delays a timer does not fail it.
  const gaps = arrivals.slice(1).map((arrival, index) => arrival.at - (arrivals[index]?.at ?? 0));
  expect(Math.max(...gaps)).toBeLessThan(4 * SILENCE_MS);
}, 300_000);
