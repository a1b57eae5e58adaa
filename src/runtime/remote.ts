import { RuntimeError } from './errors.js';
import type { Kernel } from './kernel.js';
import type { AgentLifecycle } from './lifecycle.js';
import type { SessionId } from './session-id.js';

/** How the runtime starts a remote (ACP) child server process for `context.spawnRemote()`. */
export interface RemoteLauncher {
  /** The executable to spawn (e.g. `process.execPath`). */
  readonly command: string;
  /** Its arguments. */
  readonly args?: readonly string[];
}

/** Options of `context.spawnRemote()`. */
export interface RemoteSpawnOptions {
  /** Aborts the start; the run then rejects only after the child process exited. */
  readonly signal?: AbortSignal;
}

/** A published remote run: no local agent or session; its id is parent-minted (AIK-REMOTE-001). */
export interface RemoteRun {
  readonly runId: string;
  readonly id: SessionId;
  readonly provider: 'acp';
  readonly local: false;
  /** Sends one prompt to the child over the wire. */
  prompt(): Promise<void>;
  /** Cancels the prompt, kills the child, awaits its exit; then `subagent/end`. Memoized. */
  dispose(): Promise<void>;
}

/**
 * Starts a remote run of `parent` (CONTRACT.md §3 "Subagents (remote, ACP child process)").
 * Not yet implemented in the reference runtime.
 */
export async function spawnRemote(_kernel: Kernel, _parent: AgentLifecycle, _options?: RemoteSpawnOptions): Promise<RemoteRun> {
  throw new RuntimeError('invalid', 'spawnRemote: remote runs are not implemented yet');
}
