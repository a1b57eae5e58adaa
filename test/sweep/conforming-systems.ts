import independentAdapter from '../../examples/independent/adapter.js';
import liberalAdapter, { liberalAdapterWith } from '../../examples/liberal/adapter.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import type { AdapterFactory } from '../../src/contract/adapter.js';
import { behindSlowStore, persistingLazily, validatingAtPreparation, withShuffledLists } from '../mutants/_support/benign.js';

/**
 * Systems that conform to the contract, each taking different freedoms: the kit must find every
 * one CONFORMANT at every seed, run count and load. Any FAIL among them is a false FAIL of the kit.
 */
export const CONFORMING_SYSTEMS: readonly { readonly name: string; readonly factory: AdapterFactory }[] = [
  { name: 'reference scope-last/reject-at-create', factory: referenceAdapter({ profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' } }) },
  { name: 'reference scope-last/reject-at-flush', factory: referenceAdapter({ profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-flush' } }) },
  { name: 'reference scope-first/reject-at-create', factory: referenceAdapter({ profiles: { teardown: 'scope-first', persistedCreate: 'reject-at-create' } }) },
  { name: 'reference scope-first/reject-at-flush', factory: referenceAdapter({ profiles: { teardown: 'scope-first', persistedCreate: 'reject-at-flush' } }) },
  { name: 'reference behind a slow store', factory: behindSlowStore(referenceAdapter()) },
  { name: 'reference with shuffled lists', factory: withShuffledLists(referenceAdapter()) },
  { name: 'independent example', factory: independentAdapter },
  { name: 'reference persisting lazily', factory: persistingLazily(referenceAdapter()) },
  { name: 'reference validating cwd at preparation', factory: validatingAtPreparation(referenceAdapter()) },
  { name: 'liberal example', factory: liberalAdapter },
  { name: 'liberal example, reject-at-create', factory: liberalAdapterWith('reject-at-create') },
];
