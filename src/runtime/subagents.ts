import type { Setup } from './creation-transaction.js';
import { RuntimeError } from './errors.js';
import type { AgentHandle } from './handle.js';
import type { Kernel } from './kernel.js';
import type { AgentLifecycle } from './lifecycle.js';
import { completedTurnPrefix } from './session.js';
import { toSessionId, type SessionId } from './session-id.js';

/** Options of `context.spawn()` / `context.fork()`. */
export interface SpawnOptions {
  readonly setup?: Setup;
  readonly signal?: AbortSignal;
}

/** An accepted in-process run: run id = child agent id = child session id (AIK-SUB-001). */
export interface SubagentRun {
  /** Fresh per accepted run, distinct from `id`. */
  readonly runId: string;
  readonly id: SessionId;
  readonly provider: 'in-process';
  readonly local: true;
  /** The child's handle. */
  readonly handle: AgentHandle;
}

/**
 * Starts an in-process child of `parent` (docs/contract.md §3 "Subagents (in-process)"): `maxDepth`
 * refused before minting, exactly one id minted, lineage from the parent, a fork seeded with the
 * parent's longest completed-turn prefix, owned by the parent's context. Start is publication:
 * `subagent/start` fires at phase 12, `subagent/end` once the child's teardown completed.
 */
export async function spawnChild(kernel: Kernel, parent: AgentLifecycle, mode: 'spawn' | 'fork', options: SpawnOptions = {}): Promise<SubagentRun> {
  // AIK-SUB-003: only a published, non-disposing parent spawns (also refused during its setup).
  parent.scope.children.admit();
  if (typeof options !== 'object' || options === null) throw new RuntimeError('invalid', `${mode}: options must be an object`);
  for (const key of Object.keys(options)) {
    if (key !== 'setup' && key !== 'signal') throw new RuntimeError('invalid', `${mode}: options has an unknown field ${JSON.stringify(key)} (allowed: setup, signal)`);
  }
  const header = parent.session.header;
  const depth = (header.delegationDepth ?? 0) + 1;
  if (depth > kernel.maxDepth) {
    throw new RuntimeError('invalid', `${mode} from ${JSON.stringify(parent.session.id)}: delegation depth ${depth} exceeds maxDepth ${kernel.maxDepth}`);
  }
  const id = toSessionId(kernel.ids(), 'the id source');
  const runId = kernel.nextRunId();
  const run = { parent: parent.agent, runId, provider: 'in-process', id, local: true } as const;
  const handle = await kernel.transact(parent.scope.children, {
    source: 'startup',
    request: {
      sessionId: id,
      meta: { parentSession: parent.session.id, delegationDepth: depth, ...(header.cwd === undefined ? {} : { cwd: header.cwd }) },
      ...(mode === 'fork' ? { seed: completedTurnPrefix(parent.session.events) } : {}),
      ...(options.setup === undefined ? {} : { setup: options.setup }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    },
    published: (child) => {
      kernel.bus.dispatch('subagent/start', run, { veto: false });
      child.whenTornDown(() => kernel.bus.dispatch('subagent/end', { ...run, outcome: child.driver.outcome }, { veto: false }));
    },
  });
  return { runId, id, provider: 'in-process', local: true, handle };
}
