/**
 * agent-identity-kit: the reference runtime, the contract's requirement registry, and the types
 * an implementation author needs to write an adapter.
 */
export * from './runtime/index.js';
export { CONTRACT_VERSION, CONTRACT_VERSIONS, CAPABILITY_SINCE, REQUIREMENTS, CAPABILITIES, PROFILES, requirement, isRequirementId, type Requirement, type Tier, type Capability, type ContractVersion, type Profiles, type Area } from './contract/requirements.js';
export { ERROR_CODES, type ErrorCode } from './contract/error-code.js';
export { KIT_VERSION } from './contract/kit-version.js';
// The adapter interface (docs/writing-an-adapter.md; its toolkit is `agent-identity-kit/adapter`).
// `CreateMeta` is shared with the runtime, exported above.
export { EVENT_TYPES, RECORDER, UnsupportedOperation } from './contract/adapter.js';
export type {
  Outcome,
  HandleToken,
  AgentToken,
  SessionToken,
  OwnerToken,
  JobToken,
  EventType,
  Capabilities,
  CapabilitiesOf,
  TurnEvent,
  RemoteCommand,
  AdapterEnv,
  ListenPlan,
  SetupPlan,
  SignalPlan,
  PlanOutcome,
  CreateInput,
  ResumeInput,
  SpawnInput,
  SpawnRemoteInput,
  ConfigEntry,
  ConfigInput,
  ConfigEntryOutcome,
  ConfigOutcome,
  AgentEntry,
  SessionEntry,
  ObservedRun,
  ObservedEvent,
  ForwardedMessage,
  OperationName,
  System,
  FactoryOptions,
  AdapterFactory,
} from './contract/adapter.js';
