import type { Capabilities } from '../../src/contract/adapter.js';
import type { Profiles } from '../../src/contract/requirements.js';
import type { OlderContract } from '../runner/declared-capabilities.js';

/** What a system declared: its capabilities (those added after the contract version it was written for as absent) and profile variants. */
export interface Declared {
  readonly capabilities: Capabilities;
  readonly profiles: Profiles;
  /** Set when its adapter was written for an earlier contract version. */
  readonly olderContract?: OlderContract;
}
