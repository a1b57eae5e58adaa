import type { RemoteCommand } from '../../src/contract/adapter.js';
import type { Capability, Profiles } from '../../src/contract/requirements.js';
import type { CheckContext } from './check-context.js';

/**
 * A directed check: a fixed property that always runs, whatever the seed, so a verdict never
 * depends on luck. Its id is `<requirement>/<name>`; a failed sub-case fails the requirement of
 * the clause it asserts (`ctx.clause`), or that requirement when it names none.
 */
export interface Check {
  /** `<requirement>/<name>`. */
  readonly id: string;
  /** The requirement it is tagged with. */
  readonly requirement: string;
  /** Capabilities it needs beyond its requirement's own; when one is not declared the check does not run (NOT-APPLICABLE). */
  readonly needs?: readonly Capability[];
  /** The profile variants it applies to (default: all). */
  readonly profile?: Partial<Profiles>;
  /** Whether its env has a durable store (default true). */
  readonly durable?: boolean;
  /** The fake ACP child its env offers, given a fresh pid file path the child writes its pid to. */
  readonly remote?: (pidFile: string) => RemoteCommand;
  /** Ids the env's id source hands out first, in order (then its usual fresh ones). */
  readonly ids?: readonly string[];
  /** Runs against fresh systems from `ctx.open()`; throws a CheckFailure (or an AdapterFailure) when it fails. */
  run(ctx: CheckContext): Promise<void>;
}

/** Builds a {@link Check} tagged with `requirement`. */
export function check(requirement: string, name: string, run: Check['run'], options: Omit<Check, 'id' | 'requirement' | 'run'> = {}): Check {
  return { id: `${requirement}/${name}`, requirement, run, ...options };
}
