import type { Capabilities } from '../../src/contract/adapter.js';
import type { OlderContract } from '../runner/declared-capabilities.js';
import type { Area, Profiles, Tier } from '../../src/contract/requirements.js';

/** A requirement's result (README.md "In an implementation's CI"). */
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
  /** The operations the adapter reported unsupported (`UnsupportedOperation`) when the check tried them: it could not run. */
  readonly unsupported?: readonly string[];
  /** The hang, confirmed earlier in the run, of an operation the check needs: it was not tried, the check could not run. */
  readonly notTried?: { readonly op: string; readonly check: string; readonly step: string };
  /** Set when the check did not run because it needs in-process scheduling and the run drives a stdio adapter (properties/runner/stdio-subset.ts). */
  readonly inProcessOnly?: true;
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
  /** The errors that escaped adapter code while these steps ran (with their origin and the step last started), when they are part of the failure. */
  readonly escaped?: readonly StrayError[];
}

/**
 * One failing check, charged to one requirement: a directed check whose failed sub-cases fall
 * under clauses of several requirements gives one failure per requirement (same `check`, same
 * counterexample).
 */
export interface FailureDetail {
  readonly check: string;
  /** The requirement the failure counts against: that of the clause whose assertion failed, else the check's own. */
  readonly requirement: string;
  /**
   * The clauses (`AIK-…cN`, src/contract/clauses.ts) whose assertions failed, in the order met;
   * for a generated check, the clauses the clause map gives it. Absent when none is named (a
   * directed sub-case outside any clause).
   */
  readonly clauses?: readonly string[];
  /** What failed: for a directed check, every failed sub-case, one per line. */
  readonly message: string;
  /** True when the adapter itself broke the protocol (hang, throw, garbage). */
  readonly adapter: boolean;
  /** True when `--expected-failures` lists the check or its requirement. */
  readonly expected: boolean;
  /** Set when the failure did not recur on the confirming re-run (a hang or a lost worker the re-run did not meet): flaky, a finding all the same. */
  readonly flaky?: true;
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

/**
 * An error that escaped adapter code (nothing awaited it), a message adapter code posted on the
 * worker's channel, or a built-in the engine relies on that adapter code replaced: each fails the
 * run, as a failure of the check in flight (or of `<requirement>/escaped-errors` outside any check).
 */
export interface StrayError {
  readonly origin: 'unhandled rejection' | 'uncaught exception' | 'forged message' | 'built-in replaced';
  /** The error's name and the first line of its message. */
  readonly message: string;
  /** The check in flight when it surfaced; absent outside any check. */
  readonly check?: string;
  /** The line of that check's last step started then, when it had started one. */
  readonly step?: string;
}

/** The outcome of one directed check: its tally, and its failures when it failed. */
export interface CheckOutcome {
  readonly tally: CheckTally;
  readonly requirement: string;
  /** Its failure charged to `requirement` (its own). */
  readonly failure?: FailureDetail;
  /** Its failures charged to other requirements (the clause that broke is theirs), one per requirement; each fails that requirement. */
  readonly elsewhere?: readonly FailureDetail[];
}

/** One chunk's share of the generated runs: what it found and how much of it ran. */
export interface ChunkResult {
  readonly index: number;
  /** Runs made (shrinking and confirming replays aside). */
  readonly runs: number;
  readonly interrupted: boolean;
  /** Per generated check: evaluations and failures in this chunk, by check id. */
  readonly tallies: readonly { readonly id: string; readonly runs: number; readonly failures: number }[];
  /** One shrunk counterexample per failing requirement, in the order found. */
  readonly failures: readonly FailureDetail[];
  readonly durationMs: number;
}

/** A shard's share of a run (`--shard i/n`): what `merge` combines into the report of the whole run. */
export interface ShardPart {
  /** 0-based index and count of shards. */
  readonly shard: { readonly index: number; readonly count: number };
  /** The run's expected failures (`--expected-failures`), which the merged verdict honours. */
  readonly expectedFailures: readonly string[];
  readonly directed: readonly CheckOutcome[];
  readonly chunks: readonly ChunkResult[];
  /** Set when this shard's worker was lost in its generated runs (then `chunks` is empty): what was lost, which fails the merged run. */
  readonly generatedLost?: string;
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
  /** What the adapter declared (`olderContract` when it was written for an earlier contract version), or why it could not be used. */
  readonly adapter: { readonly capabilities: Capabilities; readonly profiles: Profiles; readonly olderContract?: OlderContract } | { readonly error: string };
  /** The `--requirements` filter, or `all`. */
  readonly scope: readonly string[] | 'all';
  readonly verdict: 'CONFORMANT' | 'NOT CONFORMANT';
  readonly summary: { readonly [S in RequirementStatus]: number };
  readonly requirements: readonly RequirementResult[];
  readonly failures: readonly FailureDetail[];
  /** `--expected-failures` entries that now pass (a stale baseline fails the run). */
  readonly stale: readonly string[];
  /** Wall time of the run; with the chunks' times, the only fields that differ between two runs with the same seed. */
  readonly durationMs: number;
  /** The generated runs' chunks: runs made and wall time of each (see `CHUNK_RUNS`). */
  readonly chunks: readonly { readonly index: number; readonly runs: number; readonly durationMs: number }[];
  /** Set on the partial report of one shard (`--shard`), which `merge` combines; absent on a whole run's report. */
  readonly part?: ShardPart;
  /** What adapter code printed (bounded; `truncated` when cut), when it printed anything. Set by the supervisor. */
  readonly adapterOutput?: { readonly stdout: string; readonly stderr: string; readonly truncated?: true };
  /** Errors that escaped adapter code, when any did. Set by the supervisor. */
  readonly strays?: readonly StrayError[];
  /** Set when the run drove a stdio adapter (`--adapter-cmd`): the verdict is on the stdio subset, without the checks listed. */
  readonly subset?: { readonly mode: 'stdio'; readonly notApplicable: readonly { readonly check: string; readonly reason: string }[] };
}

/** `report` with its timings zeroed (the run's and each chunk's): two runs with the same seed give the same value, byte for byte. */
export function withoutTimings(report: ConformanceReport): ConformanceReport {
  return { ...report, durationMs: 0, chunks: report.chunks.map((chunk) => ({ ...chunk, durationMs: 0 })), ...(report.part === undefined ? {} : { part: { ...report.part, chunks: report.part.chunks.map((chunk) => ({ ...chunk, durationMs: 0 })) } }) };
}
