import { accessSync, constants, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Option } from 'commander';
import { parse as parseYaml } from 'yaml';
import { isRequirementId, REQUIREMENTS } from '../../contract/requirements.js';
import { counterexampleScenario } from '../counterexample-scenario.js';
import type { ConformanceReport } from '../../../properties/report/conformance-report.js';
import { REPORTERS, type ReportFormat } from '../../../properties/reporters/index.js';
import { DEFAULT_SEED, type ConformanceOptions } from '../../../properties/runner/run-conformance.js';
import { loadConformConfig, type ConformConfig } from '../conform-config.js';
import { progressLine } from '../progress-bar.js';
import { adapterSpec } from '../load-adapter.js';
import { superviseConformance } from '../supervise-conformance.js';
import { useColor } from '../use-color.js';
import { UsageError } from '../usage-error.js';
import type { RegisterCommand } from './index.js';
import { helpExamples } from '../help-examples.js';

interface ConformFlags {
  readonly adapter?: string;
  readonly import?: string[];
  readonly tsconfig?: string;
  readonly seed?: string;
  readonly runs?: string;
  readonly requirements?: string;
  readonly expectedFailures?: string;
  readonly out?: string;
  readonly format: ReportFormat;
  readonly timeout?: string;
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

/** `--out` must name a file that can be written, checked before the run (not after minutes of it). */
function checkOut(file: string | undefined): void {
  if (file === undefined) return;
  if (existsSync(file) && statSync(file).isDirectory()) throw new UsageError(`${file}: --out names a directory, not a file`);
  const dir = dirname(resolve(file));
  if (!existsSync(dir)) throw new UsageError(`${file}: --out directory ${dirname(file)} does not exist`);
  try {
    accessSync(existsSync(file) ? file : dir, constants.W_OK);
  } catch {
    throw new UsageError(`${file}: --out is not writable`);
  }
}

/** The flags, with the configuration's `conform` defaults for those not given. */
function withConfig(flags: ConformFlags, config: ConformConfig): ConformFlags {
  const text = (value: number | undefined) => (value === undefined ? undefined : String(value));
  const defaults = {
    adapter: config.adapter,
    import: config.import === undefined ? undefined : [...config.import],
    tsconfig: config.tsconfig,
    seed: text(config.seed),
    runs: text(config.runs),
    requirements: config.requirements?.join(','),
    expectedFailures: config.expectedFailures,
    timeout: text(config.timeout),
  };
  const given = Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined));
  return { ...Object.fromEntries(Object.entries(defaults).filter(([, value]) => value !== undefined)), ...given } as ConformFlags;
}

/** Reads an expected-failures file: a YAML list of requirement or check ids (or `{ expected-failures: [...] }`). */
function expectedFailuresOf(file: string | undefined): string[] | undefined {
  if (file === undefined) return undefined;
  if (!existsSync(file)) throw new UsageError(`${file}: expected-failures file not found`);
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

/**
 * `conform`: runs the conformance suite against an adapter (default: the reference runtime) and
 * prints the verdict per requirement. Exit 0 conformant, 1 not, 2 usage or configuration error.
 */
export const registerConform: RegisterCommand = (program, setExitCode) => {
  program
    .command('conform')
    .description('check an implementation against the one-identity contract, through its adapter')
    .addHelpText('after', helpExamples('conform', 'conform --adapter conformance/adapter.ts --format junit > conformance.xml', 'conform --adapter conformance/adapter.ts --requirements AIK-TXN,AIK-ID-001 --seed 42 --out counterexample.json', 'conform --adapter harness/adapter.ts --import ./polyfills.js --tsconfig harness/tsconfig.json'))
    .option('--adapter <module>', 'adapter module (file.ts or file.ts#export); default: conform.adapter of the configuration, else the bundled reference runtime')
    .option('--import <module>', 'preload this module before the adapter (repeatable)', (value: string, previous: string[] | undefined) => [...(previous ?? []), value])
    .option('--tsconfig <file>', 'load a .ts adapter with this tsconfig')
    .option('--seed <n>', `seed of the generated runs (default ${DEFAULT_SEED}, printed)`)
    .option('--runs <n>', 'number of generated runs (default 100)')
    .option('--requirements <ids>', 'comma-separated requirement ids or area prefixes to decide (default: all)')
    .option('--expected-failures <yaml>', 'known gaps: a YAML list of requirement or check ids; a listed entry that passes fails the run (stale)')
    .option('--out <file>', 'write the shrunk counterexample of the first failure as a scenario file')
    .option('--timeout <ms>', 'per-operation timeout for operations that must settle (default 1000)')
    .addOption(new Option('--format <format>', 'output format').choices(Object.keys(REPORTERS)).default('text'))
    .action(async (given: ConformFlags) => {
      const flags = withConfig(given, loadConformConfig(process.cwd()));
      // fast-check takes 32-bit seeds (it prints negative ones too); a larger one would be folded into that range.
      const seed = integer(flags.seed, '--seed', -(2 ** 31), 2 ** 31 - 1, ' (a 32-bit seed, as fast-check takes)');
      const runs = integer(flags.runs, '--runs', 0, Number.MAX_SAFE_INTEGER);
      const timeoutMs = integer(flags.timeout, '--timeout', 1, MAX_TIMER_MS, ' (the longest delay a timer holds)');
      checkOut(flags.out);
      const requirements = requirementsOf(flags.requirements);
      const expectedFailures = expectedFailuresOf(flags.expectedFailures);
      if (flags.tsconfig !== undefined && !existsSync(flags.tsconfig)) throw new UsageError(`${flags.tsconfig}: tsconfig not found`);
      const spec = flags.adapter === undefined ? undefined : adapterSpec(flags.adapter);
      const tty = process.stderr.isTTY === true && flags.format === 'text';
      const started = performance.now();
      const options: ConformanceOptions = {
        ...(seed === undefined ? {} : { seed }),
        ...(runs === undefined ? {} : { runs }),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        ...(requirements === undefined ? {} : { requirements }),
        ...(expectedFailures === undefined ? {} : { expectedFailures }),
        ...(tty ? { onProgress: (progress) => process.stderr.write(`\r\u001b[2K${progressLine(progress, performance.now() - started, process.stderr.columns)}`) } : {}),
      };
      const imports = flags.import ?? [];
      if (spec === undefined && (imports.length > 0 || flags.tsconfig !== undefined)) throw new UsageError('--import and --tsconfig load an --adapter module: name one');
      let report: ConformanceReport;
      try {
        // This process never runs adapter code: the engine and the adapter run in a supervised worker.
        const log = (text: string) => process.stderr.write(tty ? `\r\u001b[2K${text}` : text);
        report = await superviseConformance({ ...(spec === undefined ? {} : { adapter: spec }), imports, ...(flags.tsconfig === undefined ? {} : { tsconfig: flags.tsconfig }), options, log });
      } finally {
        if (tty) process.stderr.write('\r\u001b[2K');
      }
      const color = useColor(flags.format);
      process.stdout.write(REPORTERS[flags.format](report, { color }));
      if (flags.out !== undefined) {
        const failure = report.failures.find((candidate) => !candidate.expected);
        if (failure === undefined) {
          process.stderr.write('agent-identity-kit: no failure, no counterexample written\n');
        } else {
          writeFileSync(flags.out, `${JSON.stringify(await counterexampleScenario(report, failure), null, 2)}\n`);
          process.stderr.write(`agent-identity-kit: wrote the counterexample of ${failure.check} to ${flags.out}\n`);
        }
      }
      setExitCode(report.verdict === 'CONFORMANT' ? 0 : 1);
    });
};
