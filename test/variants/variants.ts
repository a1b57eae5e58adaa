import independentAdapter from '../../examples/independent/adapter.js';
import { liberalAdapterWith } from '../../examples/liberal/adapter.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import type { AdapterFactory } from '../../src/contract/adapter.js';
import { clause, INTERACTIONS } from '../../src/contract/clauses.js';
import type { Profiles } from '../../src/contract/requirements.js';
import { behindSlowStore, declaringAbsent, materializingAtFirstAppend, persistingLazily, stoppedByRefusedConfig, validatingAtPreparation, withShuffledLists } from '../mutants/_support/benign.js';

/** A persisted-create profile (AIK-CONFLICT-003). */
export type PersistedCreate = Profiles['persistedCreate'];

/** How a variation of the reference changes the reference system (see test/mutants/_support/benign.ts). */
export type Wrapper = (factory: AdapterFactory) => AdapterFactory;

/**
 * A variant: a conforming system that takes one of the contract's permissions (a "may", an
 * "either … or", an optional capability, a profile, an unspecified order). The clause map
 * (src/contract/clauses.ts) lists it by name beside each permission clause it exercises; the kit
 * must find it CONFORMANT at every seed, run count and load, so any FAIL is a false FAIL of the kit.
 */
export interface Variant {
  /** kebab-case, as the clause map spells it. */
  readonly name: string;
  /** The freedom it takes, in one line. */
  readonly freedom: string;
  /** The persisted-create profiles it can follow: the sweep runs it under each. */
  readonly persistedCreate: readonly PersistedCreate[];
  /** The system following `profile`. */
  readonly system: (profile: PersistedCreate) => AdapterFactory;
  /** For a variation of the reference: its options and wrapper, so variants of interacting clauses combine. */
  readonly reference?: { readonly options: ReferenceOptions; readonly wrap: Wrapper };
}

/** The reference adapter's options a variation sets (the persisted-create profile is the sweep's). */
export interface ReferenceOptions {
  readonly teardown: Profiles['teardown'];
  readonly scopeHearsChildEnds: boolean;
}

const BOTH: readonly PersistedCreate[] = ['reject-at-create', 'reject-at-flush'];
const AS_IT_IS: ReferenceOptions = { teardown: 'scope-last', scopeHearsChildEnds: true };

/** A variation of the reference under either persisted-create profile. */
function ofReference(name: string, freedom: string, options: ReferenceOptions, wrap: Wrapper = (factory) => factory): Variant {
  const system = (persistedCreate: PersistedCreate) => wrap(referenceAdapter({ profiles: { teardown: options.teardown, persistedCreate }, scopeHearsChildEnds: options.scopeHearsChildEnds }));
  return { name, freedom, persistedCreate: BOTH, reference: { options, wrap }, system };
}

/** Every variant. */
export const VARIANTS: readonly Variant[] = [
  ofReference('reference', 'the reference runtime as it is: scope-last, writes a session at publication, validates input at admission, a failed write rejects the next flush only', AS_IT_IS),
  ofReference('scope-first', 'the reference under the scope-first teardown profile', { ...AS_IT_IS, teardown: 'scope-first' }),
  ofReference('child-ends-unheard-in-teardown', 'a parent\'s scope stops hearing as its own teardown begins: it misses its children\'s subagent/end', { ...AS_IT_IS, scopeHearsChildEnds: false }),
  ofReference('behind-slow-store', 'every store call waits one to four macrotasks, in call order (the contract never promises a fast store, nor an even one)', AS_IT_IS, behindSlowStore),
  ofReference('shuffled-lists', 'agents() and sessions() list their entries in another order', AS_IT_IS, withShuffledLists),
  ofReference('persisting-at-first-flush', 'an unseeded session is written at its first flush or append, not at publication', AS_IT_IS, persistingLazily),
  ofReference('materializing-at-first-append', 'a session (seeded or not) is written at its first appended event only, never by a flush alone', AS_IT_IS, materializingAtFirstAppend),
  ofReference('validating-at-preparation', 'a relative cwd is refused at preparation (after the live check and the durable read), not at admission', AS_IT_IS, validatingAtPreparation),
  ofReference('stopped-by-refused-config', 'after a refused configuration the runtime creates nothing more (inactive)', AS_IT_IS, stoppedByRefusedConfig),
  ofReference('without-optional-capabilities', 'the reference declaring no optional capability (subagents, remote, bridge, rpc, consumers, contextDispose, idSource)', AS_IT_IS, declaringAbsent(['subagents', 'remote', 'bridge', 'rpc', 'consumers', 'contextDispose', 'idSource'])),
  ofReference('without-id-source', 'the reference declaring no injectable id source: a child\'s id is any fresh id', AS_IT_IS, declaringAbsent(['idSource'])),
  {
    name: 'liberal',
    freedom: 'examples/liberal: bookkeeping events on seed and resume, a failed write rejects every later flush, run ids of its own, configured agents without handles, no remote/bridge/consumers/contextDispose',
    persistedCreate: BOTH,
    system: liberalAdapterWith,
  },
  {
    name: 'independent',
    freedom: 'examples/independent: written apart from the reference; no subagents, remote, bridge, rpc, consumers, contextDispose or id source',
    persistedCreate: ['reject-at-create'],
    system: () => independentAdapter,
  },
];

/** The variant named `name`, or `undefined`. */
export function variant(name: string): Variant | undefined {
  return VARIANTS.find((candidate) => candidate.name === name);
}

/**
 * Both variations of the reference at once: each option's non-default value if either takes it,
 * `second` wrapped by `first`. `undefined` when either is not a variation of the reference.
 */
export function combined(first: Variant, second: Variant): Variant | undefined {
  const [a, b] = [first.reference, second.reference];
  if (a === undefined || b === undefined) return undefined;
  const options: ReferenceOptions = {
    teardown: a.options.teardown === 'scope-first' || b.options.teardown === 'scope-first' ? 'scope-first' : 'scope-last',
    scopeHearsChildEnds: a.options.scopeHearsChildEnds && b.options.scopeHearsChildEnds,
  };
  return ofReference(`${first.name}+${second.name}`, `${first.freedom}; and ${second.freedom}`, options, (factory) => a.wrap(b.wrap(factory)));
}

/** A system the sweep runs: a variant (or a combination) under one persisted-create profile. */
export interface SweptSystem {
  readonly name: string;
  readonly factory: AdapterFactory;
}

/** `variant` under each persisted-create profile it can take. */
function underEachProfile(entry: Variant): SweptSystem[] {
  return entry.persistedCreate.map((profile) => ({ name: `${entry.name} (${profile})`, factory: entry.system(profile) }));
}

/**
 * Every system of the false-FAIL sweep: each variant under each persisted-create profile it can
 * take, then each pair of variations of the reference listed beside two interacting clauses
 * (INTERACTIONS of src/contract/clauses.ts; `reference` itself left out, and two variants that are
 * alternatives of one clause's choice), under both profiles.
 */
export function sweptSystems(): SweptSystem[] {
  const named = (name: string): Variant => {
    const found = variant(name);
    if (found === undefined) throw new Error(`the clause map names variant ${name}, which test/variants/variants.ts does not register`);
    return found;
  };
  const namesOf = (id: string): readonly string[] => clause(id)?.variants ?? [];
  const variantsOf = (id: string): Variant[] => namesOf(id).filter((name) => name !== 'reference').map(named);
  const pairs = new Map<string, Variant>();
  for (const { clauses: [left, right] } of INTERACTIONS) {
    for (const first of variantsOf(left)) {
      for (const second of variantsOf(right)) {
        const beside = (id: string) => namesOf(id).includes(first.name) && namesOf(id).includes(second.name);
        const alternatives = beside(left) || beside(right);
        const both = alternatives ? undefined : combined(first, second);
        const key = [first.name, second.name].sort().join('+');
        if (both !== undefined && !pairs.has(key)) pairs.set(key, both);
      }
    }
  }
  return [...VARIANTS, ...pairs.values()].flatMap(underEachProfile);
}
