import type { Capabilities } from '../../src/contract/adapter.js';
import { CAPABILITIES, CAPABILITY_SINCE, CONTRACT_VERSION, CONTRACT_VERSIONS, type Capability, type ContractVersion } from '../../src/contract/requirements.js';
import { AdapterFailure } from './adapter-failure.js';

/** An adapter written for an earlier contract version: the capabilities added since, which count as absent. */
export interface OlderContract {
  /** The version it was written for. */
  readonly contract: ContractVersion;
  /** Whether the system said so (`contract`), or its capabilities showed it. */
  readonly stated: boolean;
  /** The capabilities added after that version, not declared: taken as `false`. */
  readonly absent: readonly Capability[];
}

const position = (version: ContractVersion) => CONTRACT_VERSIONS.indexOf(version);

/**
 * Reads a system's `contract` and `capabilities` (see `System.contract`): every capability of the
 * version the adapter was written for must be declared as a boolean; one added later and not
 * declared counts as absent (and is named in `olderContract`). Without a stated version, the
 * adapter was written for the latest version whose capabilities it all declares. Throws an
 * {@link AdapterFailure} for an unknown version or an undeclared capability of that version.
 */
export function declaredCapabilities(contract: unknown, capabilities: unknown): { readonly capabilities: Capabilities; readonly olderContract?: OlderContract } {
  if (contract !== undefined && !(CONTRACT_VERSIONS as readonly unknown[]).includes(contract)) {
    throw new AdapterFailure('garbage', `adapter: contract must be one of the contract versions this kit checks (${CONTRACT_VERSIONS.join(', ')}), got ${JSON.stringify(contract)}`);
  }
  const given = typeof capabilities === 'object' && capabilities !== null ? (capabilities as Record<string, unknown>) : {};
  const missing = CAPABILITIES.filter((name) => typeof given[name] !== 'boolean');
  const earliest = Math.min(...missing.map((name) => position(CAPABILITY_SINCE[name])));
  const written = (contract as ContractVersion | undefined) ?? (missing.length === 0 ? CONTRACT_VERSION : CONTRACT_VERSIONS[earliest - 1]);
  const lacking = written === undefined ? missing : missing.filter((name) => position(CAPABILITY_SINCE[name]) <= position(written));
  if (lacking.length > 0 || written === undefined) {
    const of = contract === undefined ? '' : ` of contract ${written}`;
    throw new AdapterFailure('garbage', `adapter: capabilities must declare every capability${of} as a boolean (not declared: ${lacking.join(', ')})`);
  }
  const declared = Object.fromEntries(CAPABILITIES.map((name) => [name, given[name] === true])) as Record<Capability, boolean>;
  return { capabilities: declared, ...(missing.length === 0 ? {} : { olderContract: { contract: written, stated: contract !== undefined, absent: missing } }) };
}

/** The one warning line for an adapter written for an earlier contract version (without the `agent-identity-kit: ` prefix). */
export function olderContractWarning(older: OlderContract): string {
  const names = older.absent.map((name) => `${name} (added in contract ${CAPABILITY_SINCE[name]})`).join(', ');
  const why = older.stated ? 'its contract says so' : `it does not declare ${older.absent.join(', ')}`;
  return `warning: the adapter is written for contract ${older.contract} (${why}): ${names} ${older.absent.length === 1 ? 'counts' : 'count'} as absent; declare ${older.absent.join(', ')} in capabilities (true or false) to check the adapter as written for contract ${CONTRACT_VERSION}`;
}
