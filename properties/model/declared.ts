import type { Capabilities } from '../../src/contract/adapter.js';
import type { Profiles } from '../../src/contract/requirements.js';

/** What a system declared: its capabilities and profile variants. */
export interface Declared {
  readonly capabilities: Capabilities;
  readonly profiles: Profiles;
}
