/** The reference runtime: docs/contract.md as running code. */
export { AcpBridge, type BridgeUpdate } from './acp-bridge.js';
export { Agent, type AgentContext } from './agent.js';
export { type AgentConfigEntry, type ConfigEntryResult, type RuntimeConfig } from './config-start.js';
export { Consumers, type BackgroundJob, type HookPayload } from './consumers.js';
export { type CreateMeta, type CreateRequest, type ResumeRequest, type Setup } from './creation-transaction.js';
export { createMemoryStore, type DurableRecord, type DurableStore, type StoredEvent, type StoredHeader } from './durable-store.js';
export { isRuntimeError, RuntimeError } from './errors.js';
export { type Listener } from './event-bus.js';
export { AgentHandle } from './handle.js';
export { forwardSubagentRuns } from './forwarding.js';
export { type Logger, type Model, type ModelEvent } from './kernel.js';
export { Owner } from './owner.js';
export { acpChildServer, type RemoteLauncher, type RemoteRun, type RemoteSpawnOptions } from './remote.js';
export { type RunInfo, type RunOutcome, type RuntimeEventMap, type RuntimeEventType } from './runtime-events.js';
export { createRuntime, Runtime, type RuntimeOptions } from './runtime.js';
export { completedTurnPrefix, LOG_EVENT_KINDS, Session, type LogEvent, type LogEventKind, type SessionHeader } from './session.js';
export { toSessionId, type SessionId } from './session-id.js';
export { type SpawnOptions, type SubagentRun } from './subagents.js';
