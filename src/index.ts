/** agent-identity-kit: the reference runtime and the contract's requirement registry. */
export * from './runtime/index.js';
export { CONTRACT_VERSION, REQUIREMENTS, requirement, isRequirementId, type Requirement, type Tier, type Capability, type Profiles, type Area } from './contract/requirements.js';
export { ERROR_CODES, type ErrorCode } from './contract/error-code.js';
