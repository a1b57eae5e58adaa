import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Option } from 'commander';
import { isRequirementId, REQUIREMENTS } from '../../contract/requirements.js';
import type { ConformanceReport } from '../../../properties/report/conformance-report.js';
import { REPORT_FORMATS, type ReportFormat } from '../../../properties/reporters/report-formats.js';
import { CHUNK_RUNS, chunksOf } from '../../../properties/model/chunks.js';
import { DEFAULT_SEED } from '../../../properties/runner/default-seed.js';
import type { ConformanceOptions } from '../../../properties/runner/run-conformance.js';
import { loadConformConfig, type ConformConfig } from '../conform-config.js';
import { ConformProgress } from '../conform-progress.js';
import { KIT_VERSION } from '../../contract/kit-version.js';
import { CONTRACT_VERSION } from '../../contract/requirements.js';
import { adapterLoading, adapterSpec } from '../../supervisor/load-adapter.js';
import { DEFAULT_MEMORY_LIMIT_MB } from '../../supervisor/worker-process.js';
import { colorOption } from '../use-color.js';
import { adapterFiles, checkOutputPath, HTML_FLAG, HTML_HELP } from '../output-path.js';
import { adapterFlags } from '../adapter-flags.js';
import { UsageError } from '../../supervisor/usage-error.js';
import type { RegisterCommand } from './index.js';
import { helpExamples } from '../help-examples.js';
import { ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP, refuseUndecided } from '../nothing-to-check.js';

interface ConformFlags {
  readonly adapter?: string;
  readonly adapterCmd?: string;
  readonly import?: string[];
  readonly tsconfig?: string;
  readonly seed?: string;
  readonly path?: string;
  readonly runs?: string;
  readonly requirements?: string;
  readonly expectedFailures?: string;
  readonly out?: string;
  readonly outCheck?: string;
  readonly format: ReportFormat;
  readonly html?: string;
  readonly timeout?: string;
  readonly timeBudget?: string;
  readonly workers?: string;
  readonly shard?: string;
  readonly allowEmpty?: boolean;
  readonly maxMemory?: string;
}

/** `--shard i/n` (1-based in the flag, 0-based in the engine). */
function shardOf(value: string | undefined): { readonly index: number; readonly count: number } | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || count < 1 || index < 1 || index > count || count > 1000) throw new UsageError(`--shard must be i/n with 1 ≤ i ≤ n ≤ 1000, got ${JSON.stringify(value)}`);
  return { index: index - 1, count };
}

/** `--path`: fast-check's path (`13:2:1`), optionally `~` and its commands' replay path, as a failure prints it; it needs the `--seed` printed with it. */
function pathOf(value: string | undefined, seed: number | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+(:\d+)*(~[A-Za-z0-9+/]*:[A-Za-z0-9+/]*)?$/.test(value)) throw new UsageError(`--path must be a counterexample's path as a failure prints it (e.g. 13:2:1~AFA:F), got ${JSON.stringify(value)}`);
  if (seed === undefined) throw new UsageError('--path needs --seed: the seed printed with the counterexample');
  return value;
}

/** How this run was started, as far as a rerun of one failure needs it: the adapter and how it loads, and the per-operation limit. */
function invocationOf(flags: ConformFlags): { readonly conform: string[]; readonly replay: string[] } {
  const loading = adapterFlags(flags);
  return { conform: ['npx', 'agent-identity-kit', 'conform', ...loading, ...(flags.timeout === undefined ? [] : ['--timeout', flags.timeout])], replay: ['npx', 'agent-identity-kit', 'replay', ...loading] };
}

/** The longest delay Node's timers hold (2^31 - 1 ms); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** An integer flag in [minimum, maximum]; anything else is a usage error (never rounded or clamped). */
function integer(value: string | undefined, flag: string, minimum: number, maximum: number, why = ''): number | undefined {
  if (value === undefined) return undefined;
  const number = /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < minimum || number > maximum) throw new UsageError(`${flag} must be an integer from ${minimum} to ${maximum}${why}, got ${JSON.stringify(value)}`);
  return number;
}

/** A requirement id, an area prefix some requirement has (`AIK-TXN`) or a check id (`AIK-TXN-003/name`). */
function knownEntry(entry: string, checks: boolean): boolean {
  if (isRequirementId(entry)) return true;
  if (checks && /^AIK-[A-Z]+-\d{3}\/.+$/.test(entry)) return isRequirementId(entry.slice(0, entry.indexOf('/')));
  return !checks && /^AIK-[A-Z]+$/.test(entry) && REQUIREMENTS.some((requirement) => requirement.id.startsWith(`${entry}-`));
}

function requirementsOf(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const unknown = entries.filter((entry) => !knownEntry(entry, false));
  if (entries.length === 0 || unknown.length > 0) throw new UsageError(`--requirements: not a requirement id or area prefix of the contract: ${unknown.join(', ') || '(empty)'}`);
  return entries;
}


/** The flags, with the configuration's `conform` defaults for those not given. */
function withConfig(flags: ConformFlags, config: ConformConfig): ConformFlags {
  const text = (value: number | undefined) => (value === undefined ? undefined : String(value));
  const defaults = {
    adapter: config.adapter,
    adapterCmd: config.adapterCmd,
    import: config.import === undefined ? undefined : [...config.import],
    tsconfig: config.tsconfig,
    seed: text(config.seed),
    runs: text(config.runs),
    requirements: config.requirements?.join(','),
    expectedFailures: config.expectedFailures,
    timeout: text(config.timeout),
  };
  const given = Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined));
  // An adapter named on the command line (module or process) replaces the configuration's, with how it loads.
  const named = flags.adapter !== undefined || flags.adapterCmd !== undefined;
  const loading = new Set(['adapter', 'adapterCmd', 'import', 'tsconfig']);
  return { ...Object.fromEntries(Object.entries(defaults).filter(([key, value]) => value !== undefined && !(named && loading.has(key)))), ...given } as ConformFlags;
}

/** Reads an expected-failures file: a YAML list of requirement or check ids (or `{ expected-failures: [...] }`). */
async function expectedFailuresOf(file: string | undefined): Promise<string[] | undefined> {
  if (file === undefined) return undefined;
  if (!existsSync(file)) throw new UsageError(`${file}: expected-failures file not found`);
  const { parse: parseYaml } = await import('yaml');
  let parsed: unknown;
  try {
    parsed = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: not valid YAML (${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)})`);
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as Record<string, unknown> | null)?.['expected-failures'];
  if (!Array.isArray(list)) throw new UsageError(`${file}: expected a list of requirement or check ids (or a mapping with an expected-failures list)`);
  const bad = list.find((entry) => typeof entry !== 'string' || !knownEntry(entry, true));
  if (bad !== undefined) throw new UsageError(`${file}: ${JSON.stringify(bad)} is not a requirement id or a check id (<requirement>/<name>)`);
  return list as string[];
}

/** The header of a run, written before the engine loads: the kit, the contract, the adapter, the seed and what the run makes. */
function headerOf(options: ConformanceOptions, adapter: string, workers: number | undefined): string[] {
  const shard = options.shard;
  return [
    `kit ${KIT_VERSION}`,
    `contract ${CONTRACT_VERSION}`,
    `adapter ${adapter}`,
    `seed ${options.seed ?? DEFAULT_SEED}`,
    ...(options.path === undefined ? [`${options.runs ?? 100} runs`] : [`path ${options.path}`]),
    ...(options.requirements === undefined ? [] : [`requirements ${options.requirements.join(',')}`]),
    ...(shard === undefined ? [] : [`shard ${shard.index + 1}/${shard.count}`]),
    ...(workers === undefined ? [] : [`${workers} worker${workers === 1 ? '' : 's'}`]),
  ];
}

/** At most this many workers by default (each is a process with the engine and the adapter). */
const MAX_WORKERS = 8;

/** One worker per generated chunk, bounded by the cores this machine offers and {@link MAX_WORKERS}. */
function defaultWorkers(runs: number): number {
  return Math.max(1, Math.min(chunksOf(runs).length, availableParallelism(), MAX_WORKERS));
}

/**
 * `conform`: runs the conformance suite against an adapter (default: the reference runtime) and
 * prints the verdict per requirement. Exit 0 conformant, 1 not, 2 usage or configuration error
 * (an adapter that cannot be used, too: it does not load, exits or hangs before the first check,
 * or its system is malformed) and a run that decided no requirement, unless `--allow-empty`.
 */
export const registerConform: RegisterCommand = (program, setExitCode) => {
  program
    .command('conform')
    .description('check an implementation against the one-identity contract, through its adapter')
    .addHelpText('after', helpExamples('conform', 'conform --adapter conformance/adapter.ts --format junit > conformance.xml', 'conform --adapter conformance/adapter.ts --html conformance.html', 'conform --adapter conformance/adapter.ts --requirements AIK-TXN,AIK-ID-001 --seed 42 --out counterexample.json', 'conform --adapter harness/adapter.ts --import ./polyfills.js --tsconfig harness/tsconfig.json'))
    .option('--adapter <module>', 'adapter module (file.ts or file.ts#export); default: conform.adapter of the configuration, else the bundled reference runtime')
    .option('--adapter-cmd <command>', 'drive an adapter process in any language over stdio (docs/stdio-adapter.md), e.g. "python3 adapter.py"; the verdict is on the stdio subset')
    .option('--import <module>', 'preload this module before the adapter (repeatable)', (value: string, previous: string[] | undefined) => [...(previous ?? []), value])
    .option('--tsconfig <file>', 'load a .ts adapter with this tsconfig')
    .option('--seed <n>', `seed of the generated runs (default ${DEFAULT_SEED}, printed)`)
    .option('--path <path>', 'replay one generated counterexample: its path as a failure prints it, with --seed the seed it printed (the generated phase then makes that one run)')
    .option('--runs <n>', 'number of generated runs (default 100)')
    .option('--requirements <ids>', 'comma-separated requirement ids or area prefixes to decide (default: all)')
    .option('--expected-failures <yaml>', 'known gaps: a YAML list of requirement or check ids; a listed entry that passes fails the run (stale)')
    .option('--out <file>', 'write the shrunk counterexample of the first failure as a scenario file')
    .option('--out-check <check>', 'with --out: write the counterexample of this check\'s failure (a check id, <requirement>/<name>) instead of the first one')
    .option('--timeout <ms>', 'per-operation limit for operations that must settle (default 1000; grown with the measured pace, and a suspected hang is confirmed with a 10× longer limit)')
    .option('--workers <n>', `run the generated chunks (${CHUNK_RUNS} runs each) and the directed checks in n supervised worker processes at once (default: one per chunk, at most ${MAX_WORKERS} and the cores this machine offers); the verdict does not depend on n`)
    .option('--shard <i/n>', 'run shard i of n (the directed checks of every n-th requirement, and every n-th chunk) and print its partial JSON report, for `merge` (exit 0 once it printed)')
    .option('--max-memory <mb>', `the memory each worker (the adapter and the engine) may use, in MB (default ${DEFAULT_MEMORY_LIMIT_MB}); a worker over it fails the check in flight, as the adapter's failure`)
    .option('--time-budget <ms>', 'end the generated phase after this long (default: none, every run is made); the report says how many runs were made')
    .addOption(new Option('--format <format>', 'output format').choices(REPORT_FORMATS).default('text'))
    .option(HTML_FLAG, HTML_HELP)
    .option(ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP)
    .action(async (given: ConformFlags) => {
      const flags = withConfig(given, await loadConformConfig(process.cwd()));
      // fast-check takes 32-bit seeds (it prints negative ones too); a larger one would be folded into that range.
      const seed = integer(flags.seed, '--seed', -(2 ** 31), 2 ** 31 - 1, ' (a 32-bit seed, as fast-check takes)');
      const runs = integer(flags.runs, '--runs', 0, Number.MAX_SAFE_INTEGER);
      const timeoutMs = integer(flags.timeout, '--timeout', 1, MAX_TIMER_MS, ' (the longest delay a timer holds)');
      const timeBudgetMs = integer(flags.timeBudget, '--time-budget', 1, Number.MAX_SAFE_INTEGER);
      const workers = integer(flags.workers, '--workers', 1, 64);
      const memoryLimitMb = integer(flags.maxMemory, '--max-memory', 128, 1024 * 1024);
      const shard = shardOf(flags.shard);
      const path = pathOf(flags.path, seed);
      if (path !== undefined && shard !== undefined) throw new UsageError('--path and --shard: a replayed counterexample is one run (run it without --shard)');
      if (shard !== undefined && workers !== undefined) throw new UsageError('--shard and --workers: a shard runs in one worker (run the shards on several machines, then merge)');
      if (shard !== undefined && flags.out !== undefined) throw new UsageError('--shard and --out: the counterexample is written by merge (merge --out)');
      if (shard !== undefined && (flags.html !== undefined || flags.format === 'html')) throw new UsageError('--shard prints the shard\'s partial JSON report: the HTML report of the run is written by merge (merge --format html or --html)');
      if (flags.outCheck !== undefined && (flags.out === undefined || !knownEntry(flags.outCheck, true) || !flags.outCheck.includes('/'))) throw new UsageError(`--out-check needs --out and a check id (<requirement>/<name>), got ${JSON.stringify(flags.outCheck)}`);
      const requirements = requirementsOf(flags.requirements);
      const expectedFailures = await expectedFailuresOf(flags.expectedFailures);
      if (flags.adapterCmd !== undefined && (flags.adapter !== undefined || flags.import !== undefined || flags.tsconfig !== undefined)) throw new UsageError('--adapter-cmd drives an adapter process: it takes no --adapter, --import or --tsconfig');
      if (flags.adapterCmd !== undefined && flags.adapterCmd.trim() === '') throw new UsageError('--adapter-cmd needs a command, got an empty one');
      const spec = flags.adapter === undefined ? undefined : adapterSpec(flags.adapter);
      const loading = adapterLoading(spec, flags.import ?? [], flags.tsconfig);
      checkOutputPath(flags.out, { flag: '--out', ...adapterFiles(spec, loading) });
      checkOutputPath(flags.html, { flag: '--html', ...adapterFiles(spec, loading), ...(flags.out === undefined ? {} : { writes: new Map([[flags.out, 'the --out file']]) }) });
      const options: ConformanceOptions = {
        ...(seed === undefined ? {} : { seed }),
        ...(runs === undefined ? {} : { runs }),
        ...(path === undefined ? {} : { path }),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        ...(timeBudgetMs === undefined ? {} : { timeBudgetMs }),
        ...(requirements === undefined ? {} : { requirements }),
        ...(expectedFailures === undefined ? {} : { expectedFailures }),
        ...(flags.adapterCmd === undefined ? {} : { stdio: true }),
      };
      const count = shard !== undefined ? 1 : (workers ?? (path === undefined ? defaultWorkers(options.runs ?? 100) : 1));
      const scoped: ConformanceOptions = { ...options, ...(shard === undefined ? {} : { shard }) };
      const progress = new ConformProgress(
        { isTTY: process.stderr.isTTY === true && flags.format === 'text', columns: process.stderr.columns, write: (text) => process.stderr.write(text) },
        headerOf(scoped, spec?.file ?? 'the bundled reference runtime', shard === undefined ? count : undefined),
      );
      let report: ConformanceReport;
      try {
        // Loaded once the header is out: the engine takes a second or more to load on a busy machine, and a CI log shows the seed first.
        const { runSupervised } = await import('../run-supervised.js');
        // What the adapter prints is echoed here, escaped, above the progress.
        const run = { ...(spec === undefined ? {} : { adapter: spec }), ...(flags.adapterCmd === undefined ? {} : { adapterCmd: flags.adapterCmd }), loading, log: (text: string) => progress.log(text), ...(memoryLimitMb === undefined ? {} : { memoryLimitMb }) };
        report = await runSupervised(run, scoped, count, progress);
      } finally {
        progress.stop();
      }
      // An adapter the kit could not use reached no verdict: bad input, not NOT CONFORMANT.
      if ('error' in report.adapter) throw new UsageError(`${spec?.file ?? (flags.adapterCmd === undefined ? 'the bundled reference adapter' : `--adapter-cmd "${flags.adapterCmd}"`)}: ${report.adapter.error.replace(/^adapter: /, '')}`);
      if (shard !== undefined) {
        // A shard's verdict is merge's: its job succeeds once its part is printed.
        process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
        setExitCode(report.part === undefined ? 1 : 0);
        return;
      }
      const { printVerdict } = await import('../print-verdict.js');
      const code = await printVerdict(report, flags.format, flags.out, { invocation: invocationOf(flags), replayedPath: path !== undefined, ...(flags.outCheck === undefined ? {} : { outCheck: flags.outCheck }), ...(flags.html === undefined ? {} : { html: flags.html }), ...colorOption(program.opts()) });
      refuseUndecided(report, flags.allowEmpty);
      setExitCode(code);
    });
};
