/**
 * `lint(options)`: the identity lint's pipeline — discover the files, parse each one without a
 * type checker, walk it once for every rule (the candidates), confirm the candidates of the
 * type-aware rules with the type checker (unless `syntactic`), keep one finding per construct,
 * then apply suppressions and the baseline.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ts } from 'ts-morph';
import { applyBaseline, readBaseline } from './_internals/baseline.js';
import type { BuiltInCheck } from './_internals/built-in-checks.js';
import { discoverFiles } from './_internals/discover-files.js';
import { fingerprints } from './_internals/fingerprint.js';
import { KIT_VERSION } from '../../src/contract/kit-version.js';
import { contentHash, lintSourceHash, readCache, writeCache, type FileOutcome } from './_internals/lint-cache.js';
import { resolveVocabulary } from './_internals/identity-names.js';
import { loadConfig, validateConfig, type LoadedConfig } from './_internals/load-config.js';
import { parseSource } from './_internals/parse-source.js';
import { parseSuppressions, type Suppression } from './_internals/suppressions.js';
import { buildDispatch, walkFile } from './_internals/walk-file.js';
import { Confirmer } from './_internals/confirm.js';
import { severityOf } from './_internals/decide.js';
import { mintFunctionsOf, modulesReadFor } from './_internals/id-sources.js';
import { onePerConstruct } from './_internals/one-per-construct.js';
import { Repositories } from './_internals/repository-root.js';
import { RULES } from './rules/index.js';
import type { RawFinding, RuleVisitor } from './rules/rule.js';
import type { Finding, LintOptions, LintResult, RuleRun, Severity, SuppressedFinding } from './types.js';

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

function compare(a: RawFinding, b: RawFinding): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0);
}


/** The configuration of a lint with `options`: given, or read from its file. */
function configOf(cwd: string, options: LintOptions): LoadedConfig {
  return options.config === undefined ? loadConfig(cwd, options.configFile, RULES) : { config: validateConfig(options.config, 'options.config', RULES), base: cwd };
}

/** The baseline file, absolute: `options.baseline`, else the configuration's (relative to its file), else none. */
function baselinePath(cwd: string, options: LintOptions, loaded: LoadedConfig): string | undefined {
  if (typeof options.baseline === 'string') return resolve(cwd, options.baseline);
  return loaded.config.baseline === undefined ? undefined : resolve(loaded.base, loaded.config.baseline);
}

/**
 * The baseline file a lint with `options` reads, absolute, or `undefined` when neither
 * `options.baseline` nor the configuration names one: where `--baseline-update` writes, known
 * before the lint runs.
 */
export function baselineFileOf(options: LintOptions = {}): string | undefined {
  const cwd = resolve(options.cwd ?? process.cwd());
  return baselinePath(cwd, options, configOf(cwd, options));
}

/** Lints the TypeScript sources under `options.paths` (or of `options.project`) for the shapes of docs/contract.md §6. */
export async function lint(options: LintOptions = {}): Promise<LintResult> {
  const started = performance.now();
  const cwd = resolve(options.cwd ?? process.cwd());
  const loaded = configOf(cwd, options);
  const { config } = loaded;
  const vocabulary = resolveVocabulary(config.vocabulary);
  const baselineFile = baselinePath(cwd, options, loaded);
  const baseline = baselineFile === undefined || options.baseline === false ? undefined : readBaseline(baselineFile, cwd);

  const raw: RawFinding[] = [];
  const severities = new Map<string, 'error' | 'warning'>();
  const runs: RuleRun[] = [];
  const visitors: RuleVisitor[] = [];
  const activeRules: string[] = [];
  for (const rule of RULES) {
    const setting = config.rules?.[rule.id];
    const severity: Severity = (typeof setting === 'string' ? setting : setting?.severity) ?? 'error';
    runs.push({ id: rule.id, mode: options.syntactic === true ? 'syntactic' : rule.mode, severity });
    if (severity === 'off') continue;
    severities.set(rule.id, severity);
    const ruleOptions = typeof setting === 'object' ? (setting.options ?? {}) : {};
    visitors.push(rule.start({ options: ruleOptions, report: (finding) => raw.push({ ruleId: rule.id, ...finding }) }));
    activeRules.push(rule.id);
  }
  const dispatch = buildDispatch(visitors);
  const repositories = new Repositories();

  const discovered = discoverFiles({
    cwd,
    paths: options.paths === undefined || options.paths.length === 0 ? ['.'] : options.paths,
    project: options.project,
    ignores: (config.ignores ?? []).map((entry) => entry.pattern),
    ignoreBase: loaded.base,
    includeDeclarationFiles: options.includeDeclarationFiles ?? false,
  });

  const knownRules = new Set(RULES.map((rule) => rule.id));
  const cachePath = options.cache === undefined ? undefined : resolve(cwd, options.cache);
  const cacheKey =
    cachePath === undefined ? '' : contentHash(JSON.stringify([KIT_VERSION, lintSourceHash(), config.rules ?? {}, config.vocabulary ?? {}]));
  const cached = cachePath === undefined ? new Map<string, FileOutcome>() : readCache(cachePath, cacheKey);
  const outcomes = new Map<string, FileOutcome>();
  const suppressionsByFile = new Map<string, readonly Suppression[]>();

  // Lints one file: its per-file findings (rules, syntax error, bad suppressions) go to `raw`.
  const lintText = (absolute: string, file: string, text: string, hash: string): FileOutcome => {
    const first = raw.length;
    const builtIn = (check: BuiltInCheck, line: number, column: number, symbol: string, message: string): void => {
      raw.push({ ruleId: check, file, line, column, symbol, message });
    };
    const sourceFile = parseSource(absolute, text);
    const [syntaxError] = (sourceFile as unknown as { readonly parseDiagnostics: readonly ts.DiagnosticWithLocation[] }).parseDiagnostics;
    if (syntaxError !== undefined) {
      const { line, character } = sourceFile.getLineAndCharacterOfPosition(syntaxError.start);
      const message = ts.flattenDiagnosticMessageText(syntaxError.messageText, ' ');
      builtIn('syntax-error', line + 1, character + 1, '<file>', `Syntax error: ${message} The rest of the file was linted as far as it parsed; fix the syntax to lint it fully.`);
    }
    walkFile(sourceFile, file, vocabulary, dispatch, repositories);
    const { valid, invalid } = parseSuppressions(text, knownRules);
    for (const bad of invalid) {
      builtIn('invalid-suppression', bad.line, bad.column, '<suppression>', `This suppression ${bad.problem}; the form is '// agent-identity-kit-ignore-next-line <rule> -- <reason>'.`);
    }
    const states: Record<string, unknown> = {};
    if (cachePath !== undefined) {
      for (const [index, visitor] of visitors.entries()) {
        if (visitor.saveFile !== undefined) states[activeRules[index] as string] = visitor.saveFile(file);
      }
    }
    const reads: Record<string, string> = {};
    if (cachePath !== undefined) for (const path of modulesReadFor(sourceFile)) reads[toPosix(relative(cwd, path))] = contentHash(readFileSync(path, 'utf8'));
    return { hash, findings: raw.slice(first), suppressions: valid, states, ...(Object.keys(reads).length === 0 ? {} : { reads }) };
  };

  // A cached outcome holds while the other files its rules read are unchanged too.
  const readsUnchanged = (outcome: FileOutcome): boolean =>
    Object.entries(outcome.reads ?? {}).every(([path, hash]) => {
      try {
        return contentHash(readFileSync(resolve(cwd, path), 'utf8')) === hash;
      } catch {
        return false;
      }
    });

  for (const absolute of discovered.files) {
    const file = toPosix(relative(cwd, absolute));
    const text = readFileSync(absolute, 'utf8');
    const hash = cachePath === undefined ? '' : contentHash(text);
    const hit = cached.get(file);
    let outcome: FileOutcome;
    if (hit !== undefined && hit.hash === hash && readsUnchanged(hit)) {
      outcome = hit;
      raw.push(...hit.findings);
      for (const [index, visitor] of visitors.entries()) {
        const state = hit.states[activeRules[index] as string];
        if (state !== undefined) visitor.restoreFile?.(file, state);
      }
    } else {
      outcome = lintText(absolute, file, text, hash);
    }
    if (cachePath !== undefined) outcomes.set(file, outcome);
    if (outcome.suppressions.length > 0) suppressionsByFile.set(file, outcome.suppressions);
  }
  if (cachePath !== undefined) writeCache(cachePath, cacheKey, outcomes);
  for (const visitor of visitors) visitor.finish?.();

  // Candidates of the type-aware rules: confirmed by the type checker (built only when one has
  // any), or — with `syntactic` — reported as proposed, with their fix as the syntax suggests it.
  // The cache keeps candidates only: confirming depends on other files, so it runs every time.
  const mode = options.syntactic === true ? 'syntactic' : 'type-aware';
  // Candidates that only names relate (or whose types the checker could not resolve) are
  // warnings by default, each saying why (see `LintConfig.unconfirmed`).
  const unconfirmed = options.unconfirmed ?? config.unconfirmed ?? 'warning';
  const level = options.level ?? config.level ?? 'warning';
  let unconfirmedLeftOut = 0;
  const candidates = raw.splice(0, raw.length).filter((finding) => finding.only === undefined || finding.only === mode);
  if (options.syntactic === true) {
    raw.push(...candidates.map(({ questions: _questions, confirmation: _confirmation, only: _only, pair: _pair, proof: _proof, members: _members, fix, ...finding }) => (fix === undefined ? finding : { ...finding, message: `${finding.message} ${fix.replace(/\{id\}/g, 'id')}` })));
  } else {
    const mintSetting = config.rules?.['double-mint'];
    const mintFunctions = mintFunctionsOf(typeof mintSetting === 'object' ? mintSetting.options : undefined);
    for (const finding of new Confirmer(cwd, vocabulary, mintFunctions, repositories).confirmAll(candidates)) {
      if (finding.confirmation?.status === 'unknown' && unconfirmed === 'off') unconfirmedLeftOut += 1;
      else raw.push(finding);
    }
  }
  const single = onePerConstruct(raw);
  raw.splice(0, raw.length, ...single);

  // Suppressions: a finding is silenced by a comment on the line above naming its rule.
  const used = new Set<Suppression>();
  const kept: RawFinding[] = [];
  const suppressedRaw: Array<{ finding: RawFinding; reason: string }> = [];
  for (const finding of raw) {
    const match = suppressionsByFile.get(finding.file)?.find((entry) => entry.target === finding.line && entry.rules.includes(finding.ruleId));
    if (match === undefined) {
      kept.push(finding);
    } else {
      used.add(match);
      suppressedRaw.push({ finding, reason: match.reason });
    }
  }
  for (const [file, entries] of suppressionsByFile) {
    for (const entry of entries) {
      if (used.has(entry)) continue;
      kept.push({
        ruleId: 'unused-suppression',
        file,
        line: entry.line,
        column: entry.column,
        symbol: '<suppression>',
        message: `This suppression of '${entry.rules.join("', '")}' silenced no finding on the next line: remove it.`,
      });
    }
  }

  const finalize = (list: readonly RawFinding[]): Finding[] => {
    const sorted = [...list].sort(compare);
    const prints = fingerprints(sorted);
    return sorted.map((finding, index) => ({
      ...finding,
      severity: severityOf(finding, severities.get(finding.ruleId) ?? 'error', unconfirmed),
      fingerprint: prints[index] as string,
    }));
  };
  // Below the reported level: counted, not listed (`level: 'error'` keeps a gate to what is proven).
  const reported = finalize(kept);
  let findings = level === 'error' ? reported.filter((finding) => finding.severity === 'error') : reported;
  const belowLevel = reported.length - findings.length;
  suppressedRaw.sort((a, b) => compare(a.finding, b.finding));
  const suppressedFindings = finalize(suppressedRaw.map((entry) => entry.finding));
  const suppressed: SuppressedFinding[] = suppressedFindings.map((finding, index) => ({ finding, reason: suppressedRaw[index]?.reason ?? '' }));
  let baselined: Finding[] = [];
  if (baseline !== undefined) {
    const split = applyBaseline(findings, baseline);
    baselined = split.baselined;
    const stale = finalize(
      split.stale.map(
        (entry): RawFinding => ({
          ruleId: 'stale-baseline-entry',
          file: entry.file,
          line: entry.line,
          column: 1,
          symbol: entry.symbol,
          message: `The baseline entry for '${entry.ruleId}' on '${entry.symbol}' matches no finding any more: run with --baseline-update to drop it.`,
        }),
      ),
    );
    findings = [...split.fresh, ...stale].sort(compare);
  }

  return {
    findings,
    suppressed,
    baselined,
    files: discovered.files.length,
    unconfirmedLeftOut,
    belowLevel,
    projects: discovered.projects,
    rules: runs,
    durationMs: Math.round(performance.now() - started),
    cwd,
    baselineFile,
  };
}
