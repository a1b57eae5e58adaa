/**
 * `check` runs each gate in a process of its own (issue 36, "Memory": its peak is the largest
 * gate's, not their sum): only the gate's report comes back; its configuration error is still its
 * `error` outcome, and a crash of its process (a throw, an exit, a kill) is an `error` outcome that
 * names the gate, never a pass or a hang.
 */
import { describe, expect, it } from 'vitest';
import { GATE_NAMES } from '../../tools/check/gate.js';
import { CHECK_GATES, gateProcess } from '../../tools/check/gate-process.js';
import { GATES } from '../../tools/check/gates.js';
import { runCheck } from '../../tools/check/run-check.js';

const FIXTURE = new URL('../fixtures/gate-processes/gates.ts', import.meta.url);
const gate = (name: string) => gateProcess(name, FIXTURE);

// Each test forks Node processes that load TypeScript through tsx: generous on a loaded machine.
describe('check runs each gate in its own process', { timeout: 60_000 }, () => {
  it("runs each of check's gates from gates.ts, in summary order", () => {
    expect(CHECK_GATES.map((each) => each.name)).toEqual([...GATE_NAMES]);
    expect(Object.keys(GATES)).toEqual([...GATE_NAMES]);
  });

  it('brings back the report of a gate run in another process, a new one for each gate', async () => {
    const report = await runCheck({ root: '/repo' }, [gate('reports'), gate('reports')]);
    expect(report.exitCode).toBe(1);
    expect(report.outcomes.map(({ durationMs: _, ...outcome }) => ({ ...outcome, notes: [] }))).toEqual([
      { gate: 'reports', status: 'fail', findings: [{ rule: 'seen', file: 'a.ts', line: 2, message: 'root /repo' }], notes: [], read: 1 },
      { gate: 'reports', status: 'fail', findings: [{ rule: 'seen', file: 'a.ts', line: 2, message: 'root /repo' }], notes: [], read: 1 },
    ]);
    const pids = report.outcomes.map((outcome) => outcome.notes[0]);
    expect(pids[0]).toMatch(/^pid \d+$/);
    expect(new Set([...pids, `pid ${process.pid}`]).size).toBe(3);
  });

  it("makes a gate's ConfigError its error outcome, with the error's own line, and runs the next gate", async () => {
    const report = await runCheck({ root: '/repo' }, [gate('config-error'), gate('reports')]);
    expect(report.exitCode).toBe(2);
    expect(report.outcomes.map((outcome) => [outcome.gate, outcome.status, outcome.error])).toEqual([
      ['config-error', 'error', 'agent-identity-kit.config.json: not JSON'],
      ['reports', 'fail', undefined],
    ]);
  });

  it.each([
    ['throws', /^throws: the gate crashed: TypeError: cannot read properties of undefined$/],
    ['exits', /^exits: its process exited with code 3 before it reported$/],
    ['killed', /^killed: its process was killed by SIGKILL before it reported$/],
    ['unhandled-rejection', /^unhandled-rejection: its process exited with code 1 before it reported$/],
    ['no-such-gate', /^no-such-gate: the gate crashed: Error: .*gates\.ts has no gate named no-such-gate$/],
  ])('makes a crash of the gate %s an error outcome that names the gate (exit 2), and runs the next gate', async (name, error) => {
    const report = await runCheck({ root: '/repo' }, [gate(name), gate('reports')]);
    expect(report.exitCode).toBe(2);
    expect(report.outcomes.map((outcome) => `${outcome.gate} ${outcome.status}`)).toEqual([`${name} error`, 'reports fail']);
    expect(report.outcomes[0]?.error).toMatch(error);
  });
});
