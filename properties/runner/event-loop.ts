/**
 * Lets the event loop turn once (a macrotask): due timers, I/O and the worker's heartbeat run.
 * The generated runs turn it between runs and between commands, so an implementation whose
 * operations all resolve in microtasks cannot keep the loop from turning for a whole phase.
 */
export function turnEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Lets pending work run for a few timer turns (nothing to wait for, only time to progress or
 * misbehave): a directed check's `settle()` and a scenario's `settle` step wait alike.
 */
export async function letPendingWorkRun(): Promise<void> {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 1));
}
