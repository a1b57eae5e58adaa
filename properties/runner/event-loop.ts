/**
 * Lets the event loop turn once (a macrotask): due timers, I/O and the worker's heartbeat run.
 * The generated runs turn it between runs and between commands, so an implementation whose
 * operations all resolve in microtasks cannot keep the loop from turning for a whole phase.
 */
export function turnEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
