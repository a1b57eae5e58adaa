/**
 * The worker's heartbeat cannot be starved by the code it watches (issue 25): an implementation
 * whose operations all resolve in microtasks must still let the event loop turn during a long
 * generated phase, and every settled operation is a sign of life of its own. No timing is
 * asserted: what is counted is how much work happens within one turn of the event loop.
 */
import { describe, expect, it } from 'vitest';
import type { AdapterFactory, System } from '../../src/contract/adapter.js';
import { withoutTimings } from '../../properties/report/conformance-report.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { adapterSpec } from '../../src/supervisor/load-adapter.js';
import { superviseConformance } from '../../src/supervisor/supervise-conformance.js';
import neverYields from '../fixtures/conform/never-yields-adapter.js';

/** The operations of a system that act (observations aside). */
const OPERATIONS = new Set(['create', 'resume', 'spawn', 'spawnRemote', 'prompt', 'dispose', 'flush', 'unload', 'shutdown', 'restart']);

/** Counts, per turn of the event loop, the systems opened and the operations called once `counting` is set. */
class TurnMeter {
  counting = false;
  /** The most operations called within one turn. */
  mostOperations = 0;
  /** Systems opened in the same turn as the previous one. */
  opensWithoutTurn = 0;
  opens = 0;
  #operations = 0;
  #opened = false;
  #armed = false;

  #point(): void {
    if (this.#armed) return;
    this.#armed = true;
    // Runs at the next turn of the loop: what happens before it happened within this one.
    setImmediate(() => {
      this.#armed = false;
      this.#operations = 0;
      this.#opened = false;
    });
  }

  factory(inner: AdapterFactory): AdapterFactory {
    return async (env, options) => {
      if (this.counting) {
        this.opens += 1;
        if (this.#opened) this.opensWithoutTurn += 1;
        this.#opened = true;
        this.#point();
      }
      const system = await inner(env, options);
      return new Proxy(system, {
        get: (target, key) => {
          const value = Reflect.get(target, key, target) as unknown;
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            if (this.counting && OPERATIONS.has(String(key))) {
              this.#operations += 1;
              this.mostOperations = Math.max(this.mostOperations, this.#operations);
              this.#point();
            }
            return (value as (...args: unknown[]) => unknown).apply(target, args);
          };
        },
      }) as System;
    };
  }
}

describe('the heartbeat cannot be starved by an adapter that never yields', () => {
  it('the event loop turns between every two generated runs and every two commands', async () => {
    const meter = new TurnMeter();
    const report = await runConformance(meter.factory(neverYields), { seed: 11, runs: 100, onCheck: (event) => (meter.counting ||= event.phase === 'generated') });
    expect(report.verdict).toBe('CONFORMANT');
    expect(meter.opens).toBeGreaterThanOrEqual(100);
    expect(meter.opensWithoutTurn).toBe(0);
    // One command calls at most five operations (a race of four creations and a shutdown), and a run's
    // last command shares its turn with the run's closing shutdown; a run of 14 commands calls far more.
    expect(meter.mostOperations).toBeGreaterThan(0);
    expect(meter.mostOperations).toBeLessThanOrEqual(6);
  }, 60_000);

  it('every settled operation is a sign of life, also in the generated runs', async () => {
    let generated = false;
    let settledThere = 0;
    let runsThere = 0;
    const counted: AdapterFactory = async (env, options) => {
      if (generated) runsThere += 1;
      return neverYields(env, options);
    };
    await runConformance(counted, {
      seed: 5,
      runs: 20,
      onCheck: (event) => (generated ||= event.phase === 'generated'),
      onSettle: () => {
        if (generated) settledThere += 1;
      },
    });
    // Each generated run opens a system: that alone settles an operation (the factory).
    expect(runsThere).toBeGreaterThanOrEqual(20);
    expect(settledThere).toBeGreaterThanOrEqual(runsThere);
  }, 60_000);

  it('supervised, it gets the report it gets in-process (timings aside)', async () => {
    const options = { seed: 3, runs: 100 };
    const inProcess = await runConformance(neverYields, options);
    const supervised = await superviseConformance({ adapter: adapterSpec('test/fixtures/conform/never-yields-adapter.ts'), options, log: () => undefined });
    expect(supervised.verdict).toBe('CONFORMANT');
    expect(JSON.stringify(withoutTimings(supervised))).toBe(JSON.stringify(withoutTimings(inProcess)));
  }, 90_000);
});
