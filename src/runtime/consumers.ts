import type { Agent } from './agent.js';
import type { ConfigEntryResult } from './config-start.js';
import { RuntimeError } from './errors.js';
import type { Runtime } from './runtime.js';
import type { SessionId } from './session-id.js';

/** The payload a hook receives about an agent: `session_id` is the agent's one id (AIK-USE-001). */
export interface HookPayload {
  readonly hook_event_name: string;
  readonly session_id: SessionId;
  /** The agent's working directory, when its session has one. */
  readonly cwd?: string;
}

/** A background job started by an agent: owned by that exact agent object, never by an id. */
export interface BackgroundJob {
  readonly owner: Agent;
}

/**
 * The consumers of an agent's identity (docs/contract.md §3 "Consumers"): hook payloads, background
 * jobs and front-end binding. Each uses the agent's one id, or the exact agent object; none
 * derives anything from an id's text, a label or registry order (AIK-USE-001, AIK-USE-002).
 */
export class Consumers {
  readonly #runtime: Pick<Runtime, 'getAgent'>;

  constructor(runtime: Pick<Runtime, 'getAgent'>) {
    this.#runtime = runtime;
  }

  /** The payload of hook `hookEventName` for `agent` (AIK-USE-001: `session_id` = the agent id). */
  hookPayload(agent: Agent, hookEventName: string): HookPayload {
    if (typeof hookEventName !== 'string' || hookEventName.length === 0) throw new RuntimeError('invalid', 'hookPayload: hookEventName must be a non-empty string');
    const cwd = agent.session.header.cwd;
    return { hook_event_name: hookEventName, session_id: agent.id, ...(cwd === undefined ? {} : { cwd }) };
  }

  /** Starts a background job owned by `agent`, which must be live (else `inactive`). */
  startJob(agent: Agent): BackgroundJob {
    if (this.#runtime.getAgent(agent.id) !== agent) throw new RuntimeError('inactive', `startJob: agent ${JSON.stringify(agent.id)} is not live`);
    return Object.freeze({ owner: agent });
  }

  /**
   * Whether a request about `job` from `requesterId` is authorised: iff the live agent filed under
   * `requesterId` is the job's exact owner (AIK-USE-001). A newer agent reusing the owner's id,
   * or any other id, is refused.
   */
  authorize(job: BackgroundJob, requesterId: string): boolean {
    return this.#runtime.getAgent(requesterId) === job.owner;
  }

  /**
   * The id a front end started next to configuration entry `entry` (its index in `results`)
   * binds to: exactly the id that entry resolved (resume or create), or `undefined` when the
   * entry failed — never a prefix, a label or registry order (AIK-USE-002).
   */
  frontEndTarget(results: readonly ConfigEntryResult[], entry: number): SessionId | undefined {
    const result = Number.isSafeInteger(entry) ? results[entry] : undefined;
    if (result === undefined) throw new RuntimeError('invalid', `frontEndTarget: there is no configuration entry ${String(entry)} (${results.length} entries)`);
    return result.ok ? result.id : undefined;
  }
}
