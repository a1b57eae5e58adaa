/**
 * `agent-identity-kit/adapter`: the toolkit an adapter is written in, so its author writes only
 * the translation (`docs/writing-an-adapter.md`). It carries the plan plumbing — token tables,
 * the plan interpreter with the recorder and plan outcomes, outcome helpers, error
 * classification — and re-exports every type and value of the adapter interface, so one import
 * is enough.
 */
export { compact, type Compact } from './compact.js';
export { errorClassifier, type ErrorClassifierOptions } from './error-classifier.js';
export { observePayload, type Observation, type PayloadNames } from './observe-payload.js';
export { PlanInterpreter, type NativeListener, type PlanHooks } from './plan-interpreter.js';
export { settle } from './settle.js';
export { TokenTable } from './token-table.js';
export { unsupported } from './unsupported.js';

export { EVENT_TYPES, RECORDER, UnsupportedOperation } from '../contract/adapter.js';
export { CAPABILITIES, CAPABILITY_SINCE, CONTRACT_VERSIONS, PROFILES, type Capability, type ContractVersion, type Profiles } from '../contract/requirements.js';
export { ERROR_CODES, type ErrorCode } from '../contract/error-code.js';
export type { DurableRecord, DurableStore, StoredEvent, StoredHeader } from '../contract/durable-store.js';
export type {
  AdapterEnv,
  AdapterFactory,
  AgentEntry,
  AgentToken,
  Capabilities,
  CapabilitiesOf,
  ConfigEntry,
  ConfigEntryOutcome,
  ConfigInput,
  ConfigOutcome,
  CreateInput,
  CreateMeta,
  EventType,
  FactoryOptions,
  ForwardedMessage,
  HandleToken,
  JobToken,
  ListenPlan,
  ObservedEvent,
  ObservedRun,
  OperationName,
  Outcome,
  OwnerToken,
  PlanOutcome,
  RemoteCommand,
  ResumeInput,
  SessionEntry,
  SessionToken,
  SetupPlan,
  SignalPlan,
  SpawnInput,
  SpawnRemoteInput,
  System,
  TurnEvent,
} from '../contract/adapter.js';
