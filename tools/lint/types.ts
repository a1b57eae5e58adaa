/**
 * The public types of the identity lint (`agent-identity-kit/lint`): options, configuration,
 * findings and the result that the formatters render.
 */

/** How serious a rule's findings are; `off` disables the rule. */
export type Severity = 'error' | 'warning' | 'off';

/**
 * Allow-lists for the legitimate look-alikes of docs/contract.md §6. Entries are matched
 * case-insensitively and ignoring `_`/`-`, so `parentSessionId` also covers `parent_session_id`.
 * Configured entries are added to the defaults (see `docs/rules/README.md`).
 */
export interface IdentityVocabulary {
  /** Config-label names (`agents[].label`): never an agent id. Default: `label`, `agentLabel`, `configLabel`, `agentName`. */
  readonly labelNames?: readonly string[];
  /** A remote run's private wire-local session id. Default: `wireSessionId`, `remoteSessionId`, `acpSessionId`, `serverSessionId`, `protocolSessionId` (and any session id whose name has `wire`, `remote`, `acp`, a provider, vendor, SDK or CLI, or a coding tool's name in it). */
  readonly wireLocalNames?: readonly string[];
  /** Lineage fields beside an id. Default: `parentSession`, `parentSessionId`, `parentAgentId`, `rootSessionId`, `forkedFromSessionId` (and any id name starting with `parent`). */
  readonly lineageNames?: readonly string[];
  /** Wire-protocol compatibility fields documented equal to the session id, as `Type.member` or `member`. Default: none. */
  readonly compatibilityFields?: readonly string[];
}

/** A rule's entry in the configuration. */
export type RuleSetting = Severity | { readonly severity?: Severity; readonly options?: Readonly<Record<string, unknown>> };

/** One ignored path pattern of the configuration, with the reason it is ignored. */
export interface IgnoreEntry {
  /** A glob relative to the configuration file's folder (`test/fixtures/**`). */
  readonly pattern: string;
  /** Why these files are not linted: required. */
  readonly reason: string;
}

/** The `lint` key of `agent-identity-kit.config.json`. */
export interface LintConfig {
  /** Paths never linted, each with a reason. */
  readonly ignores?: readonly IgnoreEntry[];
  /** Per-rule severity and options, by rule id. */
  readonly rules?: Readonly<Record<string, RuleSetting>>;
  /** Allow-lists shared by every rule. */
  readonly vocabulary?: IdentityVocabulary;
  /** The baseline file used when none is given (relative to the configuration file's folder). */
  readonly baseline?: string;
  /**
   * The level of candidates that only names relate — plain-string ids the package's code does not
   * decide, types the checker could not resolve (an unresolved import, `any`), code that also opens
   * sessions for an agent id from elsewhere: `warning` (default) reports them without failing the
   * run, each message saying why; `error` fails on them too; `off` leaves them out and counts
   * them (`unconfirmedLeftOut`). Findings the declarations or the package's code prove keep their
   * rule's severity; candidates the code refutes are dropped in every setting.
   */
  readonly unconfirmed?: 'error' | 'warning' | 'off';
  /**
   * The lowest severity reported: `warning` (default) lists errors and warnings (the run fails on
   * errors only); `error` lists errors only — a strict gate over what is proven — and counts the
   * rest (`belowLevel`).
   */
  readonly level?: 'error' | 'warning';
}

/** Options of {@link lint}. */
export interface LintOptions {
  /** Files or folders to lint, relative to `cwd`. Default: `['.']`. */
  readonly paths?: readonly string[];
  /** The working directory: paths in findings are relative to it. Default: `process.cwd()`. */
  readonly cwd?: string;
  /** Lint exactly the files of this tsconfig (and its project references) instead of walking folders. */
  readonly project?: string;
  /** The configuration; when absent, `agent-identity-kit.config.json` in `cwd` is read if present. */
  readonly config?: LintConfig;
  /** Path of the configuration file to read (relative to `cwd`); ignored when `config` is given. */
  readonly configFile?: string;
  /**
   * A baseline file (relative to `cwd`): findings it lists are reported as baselined, not as
   * findings. Default: the configuration's `baseline`; `false` applies none (to rewrite it).
   */
  readonly baseline?: string | false;
  /**
   * A cache file (relative to `cwd`; the CLI's `--cache` uses `.aik-cache/lint.json`): unchanged
   * files are not parsed again. Written by the run. Default: no cache, nothing written.
   */
  readonly cache?: string;
  /** Also lint `.d.ts` files. Default: false. */
  readonly includeDeclarationFiles?: boolean;
  /**
   * Skip the type checker: report the type-aware rules' candidates as the syntax proposes them
   * (faster, less precise; the behaviour of kit versions before 2026-12). Default: false.
   */
  readonly syntactic?: boolean;
  /** Overrides `LintConfig.unconfirmed` (the CLI's `--unconfirmed`). */
  readonly unconfirmed?: 'error' | 'warning' | 'off';
  /** Overrides `LintConfig.level` (the CLI's `--level`). */
  readonly level?: 'error' | 'warning';
}

/** What the type checker made of a type-aware rule's finding. */
export interface FindingConfirmation {
  /**
   * `confirmed`: the types show the shape, or — for two plain-string ids — the package's code
   * creates them as one lifecycle (`reason` names where); `unknown`: the checker could not tell
   * (`reason` says why).
   */
  readonly status: 'confirmed' | 'unknown';
  readonly reason?: string;
}

/** One finding, as every formatter reports it. */
export interface Finding {
  /** The rule id (`two-id-members`), or a built-in check (`syntax-error`, `unused-suppression`…). */
  readonly ruleId: string;
  /** Path relative to the working directory, with `/` separators. */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
  /** The symbol the finding is about (`CreateOptions`, `Registry.open`). */
  readonly symbol: string;
  /** What is wrong and what to do instead. */
  readonly message: string;
  readonly severity: 'error' | 'warning';
  /** Stable across unrelated edits (no line numbers): rule, file, symbol and occurrence. */
  readonly fingerprint: string;
  /** For type-aware rules in the default mode: whether the type checker confirmed the shape. */
  readonly confirmation?: FindingConfirmation;
}

/** A finding silenced by an inline suppression. */
export interface SuppressedFinding {
  readonly finding: Finding;
  readonly reason: string;
}

/** How a rule ran. */
export interface RuleRun {
  readonly id: string;
  /** `syntactic`: from the parse tree alone; `type-aware`: confirmed with the type checker (not with `--syntactic`). */
  readonly mode: 'syntactic' | 'type-aware';
  readonly severity: Severity;
}

/** What {@link lint} returns. */
export interface LintResult {
  /** Findings not suppressed and not in the baseline, sorted by file, line, column, rule. */
  readonly findings: readonly Finding[];
  readonly suppressed: readonly SuppressedFinding[];
  /** Findings matched by a baseline entry. */
  readonly baselined: readonly Finding[];
  /** Number of files linted. */
  readonly files: number;
  /** Candidates only names relate, left out by `unconfirmed: 'off'`; 0 otherwise. */
  readonly unconfirmedLeftOut: number;
  /** Warnings not listed because `level` is `error`; 0 otherwise. */
  readonly belowLevel: number;
  /** The tsconfig files found (or given), relative to the working directory. */
  readonly projects: readonly string[];
  readonly rules: readonly RuleRun[];
  readonly durationMs: number;
  /** The working directory the paths are relative to. */
  readonly cwd: string;
  /** The baseline file given or configured (absolute), also when `baseline: false` skipped it. */
  readonly baselineFile: string | undefined;
}
