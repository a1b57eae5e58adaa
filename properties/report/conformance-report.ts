import type { Capabilities } from '../../src/contract/adapter.js';
import type { Area, Profiles, Tier } from '../../src/contract/requirements.js';

/** A requirement's result (DESIGN.md "Conformance run"). */
export type RequirementStatus = 'PASS' | 'FAIL' | 'NOT-APPLICABLE' | 'NOT-TESTED' | 'STATIC';

/** How often one check ran for a requirement, and how it went. */
export interface CheckTally {
  /** `<requirement>/<name>`. */
  readonly id: string;
  /** `directed` (always runs) or `generated` (an invariant of the model-based runs). */
  readonly kind: 'directed' | 'generated';
  readonly runs: number;
  readonly failures: number;
  /** Why it did not run, when it did not. */
  readonly skipped?: string;
}

/** One step of a counterexample: what the kit did, as a line and as plain data. */
export interface CounterexampleStep {
  readonly op: string;
  readonly args: unknown;
  readonly line: string;
  readonly result: string;
  /** The kit's name of the handle it returned. */
  readonly handle?: string;
  /** Where a replay awaits it, when other steps started before it settled. */
  readonly awaitedAt?: number;
  /** For a start with a configuration: the kit's names of its entries' handles, by entry index (null: no handle). */
  readonly entries?: readonly (string | null)[];
}

/** The shrunk, replayable evidence of a failure. */
export interface Counterexample {
  readonly seed: number;
  /** False when the check ran without a durable store. */
  readonly durable?: false;
  /** The plan flags of the fake ACP child its env offered (src/runtime/acp-child-server.mjs), when it offered that child. */
  readonly remote?: readonly string[];
  /** Ids its env's id source handed out first, when the check chose them. */
  readonly ids?: readonly string[];
  /** fast-check's replay path, for generated runs. */
  readonly path?: string;
  /** The operations as log lines (`create(s1) ✗conflict`). */
  readonly commands: readonly string[];
  /** The same operations as plain data (op and arguments, its log line and result), for the scenario file and diagrams. */
  readonly steps: readonly CounterexampleStep[];
}

/** One failing check. */
export interface FailureDetail {
  readonly check: string;
  readonly requirement: string;
  readonly message: string;
  /** True when the adapter itself broke the protocol (hang, throw, garbage). */
  readonly adapter: boolean;
  /** True when `--expected-failures` lists the check or its requirement. */
  readonly expected: boolean;
  readonly counterexample: Counterexample;
}

/** One requirement in the report. */
export interface RequirementResult {
  readonly id: string;
  readonly area: Area;
  readonly tier: Tier;
  readonly status: RequirementStatus;
  /** Why NOT-APPLICABLE / NOT-TESTED / STATIC, or which profile variant was checked. */
  readonly note?: string;
  /** Whether a failure here is listed as expected (it then does not fail the run). */
  readonly expected?: boolean;
  readonly checks: readonly CheckTally[];
}

/** The result of a conformance run: the stable envelope the `json` reporter prints. */
export interface ConformanceReport {
  readonly tool: 'agent-identity-kit';
  readonly version: string;
  readonly contract: string;
  readonly seed: number;
  /** Generated runs made (shrinking and confirming replays aside). */
  readonly runs: number;
  /** Generated runs asked for (`--runs`); more than `runs` only when the time budget ended the phase. */
  readonly runsRequested: number;
  /** The time budget of the generated phase (`--time-budget`), when one was given. */
  readonly timeBudgetMs?: number;
  readonly adapter: { readonly capabilities: Capabilities; readonly profiles: Profiles } | { readonly error: string };
  /** The `--requirements` filter, or `all`. */
  readonly scope: readonly string[] | 'all';
  readonly verdict: 'CONFORMANT' | 'NOT CONFORMANT';
  readonly summary: { readonly [S in RequirementStatus]: number };
  readonly requirements: readonly RequirementResult[];
  readonly failures: readonly FailureDetail[];
  /** `--expected-failures` entries that now pass (a stale baseline fails the run). */
  readonly stale: readonly string[];
  /** Wall time of the run; the only field that differs between two runs with the same seed. */
  readonly durationMs: number;
}
