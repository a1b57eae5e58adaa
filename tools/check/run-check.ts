import { ConfigError } from './config-error.js';
import type { CheckOptions, Gate } from './gate.js';
import type { GateOutcome } from './gate-outcome.js';
import { CHECK_GATES, GateProcessError } from './gate-process.js';
import type { GateReport } from './gate-report.js';

/** The result of a `check` run: every gate's outcome and the one exit code. */
export interface CheckReport {
  readonly outcomes: readonly GateOutcome[];
  /** 0 every gate passed, 1 findings, 2 a gate could not run (configuration error) or crashed in its own process. */
  readonly exitCode: 0 | 1 | 2;
}

/**
 * Runs every gate on the repository, one after the other (they share the CPU anyway), each of
 * `check`'s own in a process of its own (`gate-process.ts`: nothing one gate loaded is held while
 * the next runs), and keeps going after a gate fails, cannot run or crashes, so one report shows
 * everything. `gates` may be any list (tests; `docs` runs its one gate in this process). A run is judged by what it checked: when no gate read anything, the run checked nothing and each gate is an error
 * (unless `allowEmpty`), never a pass; a gate that read nothing while another read its input (a
 * project without Markdown: lint and graph had code to check) is `skipped`, and says so.
 */
export async function runCheck(options: CheckOptions, gates: readonly Gate[] = CHECK_GATES): Promise<CheckReport> {
  const ran: (GateOutcome | (GateReport & { readonly durationMs: number }))[] = [];
  for (const gate of gates) {
    const started = performance.now();
    try {
      ran.push({ ...(await gate.run(options)), durationMs: Math.round(performance.now() - started) });
    } catch (error) {
      if (!(error instanceof ConfigError || error instanceof GateProcessError)) throw error;
      ran.push({ gate: gate.name, findings: [], notes: [], read: 0, status: 'error', error: error.message, durationMs: Math.round(performance.now() - started) });
    }
  }
  const checkedSomething = ran.some((report) => report.read > 0);
  const outcomes = ran.map((report): GateOutcome => {
    if ('status' in report) return report;
    if (report.read > 0) return { ...report, status: report.findings.length === 0 ? 'pass' : 'fail' };
    const nothing = `${report.gate}: read nothing, so checked nothing (${report.notes[0] ?? 'no input'})`;
    if (options.allowEmpty === true) return { ...report, status: 'pass' };
    if (checkedSomething) return { ...report, status: 'skipped', notes: [`${nothing}; skipped, the other gates checked their input`, ...report.notes.slice(1)] };
    return { ...report, status: 'error', error: `${nothing}; pass --allow-empty if that is expected` };
  });
  const exitCode = outcomes.some((outcome) => outcome.status === 'error') ? 2 : outcomes.some((outcome) => outcome.status === 'fail') ? 1 : 0;
  return { outcomes, exitCode };
}
