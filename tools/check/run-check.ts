import { ConfigError } from './config-error.js';
import type { CheckOptions, Gate } from './gate.js';
import type { GateOutcome } from './gate-outcome.js';
import { GATES } from './gates.js';

/** The result of a `check` run: every gate's outcome and the one exit code. */
export interface CheckReport {
  readonly outcomes: readonly GateOutcome[];
  /** 0 every gate passed, 1 findings, 2 a gate could not run (configuration error). */
  readonly exitCode: 0 | 1 | 2;
}

/**
 * Runs every gate on the repository, one after the other (they share the CPU anyway), and
 * keeps going after a gate fails or cannot run, so one report shows everything. A gate that read
 * nothing did not check anything: it is an error unless `allowEmpty` is set, never a pass.
 */
export async function runCheck(options: CheckOptions, gates: readonly Gate[] = GATES): Promise<CheckReport> {
  const outcomes: GateOutcome[] = [];
  for (const gate of gates) {
    const started = performance.now();
    try {
      const report = await gate.run(options);
      const durationMs = Math.round(performance.now() - started);
      if (report.read === 0 && options.allowEmpty !== true) {
        const error = `${gate.name}: read nothing, so checked nothing (${report.notes[0] ?? 'no input'}); pass --allow-empty if that is expected`;
        outcomes.push({ ...report, status: 'error', error, durationMs });
      } else {
        outcomes.push({ ...report, status: report.findings.length === 0 ? 'pass' : 'fail', durationMs });
      }
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      outcomes.push({ gate: gate.name, findings: [], notes: [], read: 0, status: 'error', error: error.message, durationMs: Math.round(performance.now() - started) });
    }
  }
  const exitCode = outcomes.some((outcome) => outcome.status === 'error') ? 2 : outcomes.some((outcome) => outcome.status === 'fail') ? 1 : 0;
  return { outcomes, exitCode };
}
