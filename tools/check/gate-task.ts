import { ConfigError } from './config-error.js';
import type { GateRun } from './gate.js';
import type { GateMessage, GateTask } from './gate-process.js';

/**
 * Runs the gate of a task in the gate's own process (`gate-worker.mjs` calls it): its report, or
 * its configuration error. Anything else the gate throws is the process's crash.
 */
export async function runGateTask(task: GateTask): Promise<GateMessage> {
  const { GATES } = (await import(task.module)) as { readonly GATES: Readonly<Record<string, GateRun>> };
  const run = Object.hasOwn(GATES, task.gate) ? GATES[task.gate] : undefined;
  if (run === undefined) throw new Error(`${task.module} has no gate named ${task.gate}`);
  try {
    return { kind: 'report', report: await run(task.options) };
  } catch (error) {
    if (error instanceof ConfigError) return { kind: 'config-error', message: error.message };
    throw error;
  }
}
