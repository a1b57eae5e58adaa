// One version reader for every machine report of the kit (the lint's JSON and SARIF too).
import { KIT_VERSION } from '../../../src/contract/kit-version.js';
import type { GateOutcome } from '../gate-outcome.js';

/**
 * The machine report, a stable envelope:
 * `{ tool, version, exitCode, gates: [{ gate, status, error?, findings, notes, read, durationMs }] }`,
 * findings as `{ rule, file, line?, column?, message }` with paths relative to the root.
 */
export function json(outcomes: readonly GateOutcome[], exitCode: number): string {
  const gates = outcomes.map((outcome) => ({
    gate: outcome.gate,
    status: outcome.status,
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
    findings: outcome.findings,
    notes: outcome.notes,
    read: outcome.read,
    durationMs: outcome.durationMs,
  }));
  return `${JSON.stringify({ tool: 'agent-identity-kit', version: KIT_VERSION, exitCode, gates }, null, 2)}\n`;
}
