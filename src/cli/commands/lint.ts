import { relative } from 'node:path';
import { Option } from 'commander';
import type { LintResult } from '../../../tools/lint/index.js';
import { FORMAT_NAMES, type FormatName } from '../../../tools/lint/report/format-names.js';
import { DEFAULT_CACHE_FILE } from '../../../tools/lint/_internals/lint-cache.js';
import type { RegisterCommand } from './index.js';
import { printable } from '../../contract/printable.js';
import { colorOption, useColor } from '../use-color.js';
import { UsageError } from '../../supervisor/usage-error.js';
import { ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP, refuseEmpty } from '../nothing-to-check.js';
import { helpExamples } from '../help-examples.js';
import { checkOutputPath } from '../output-path.js';

interface LintFlags {
  readonly project?: string;
  readonly format: FormatName;
  readonly config?: string;
  readonly baseline?: string;
  readonly baselineUpdate?: boolean;
  readonly cache?: boolean;
  readonly cacheLocation?: string;
  readonly allowEmpty?: boolean;
  readonly syntactic?: boolean;
  readonly unconfirmed?: 'error' | 'warning' | 'off';
  readonly level?: 'error' | 'warning';
}

/**
 * `lint [paths…]`: the identity lint (AIK-ID-004). Exit 0 no findings, 1 findings (errors), 2 a
 * usage or configuration error. `--baseline-update` writes the baseline file and exits 0.
 */
export const registerLint: RegisterCommand = (program, setExitCode) => {
  program
    .command('lint')
    .description('find APIs that take or keep separate agent and session ids (docs/contract.md §6)')
    .addHelpText('after', helpExamples('lint', 'lint packages/core src --format json', 'lint --project tsconfig.json --format sarif > identity.sarif', 'lint --baseline identity-baseline.json --baseline-update'))
    .argument('[paths...]', 'files or folders to lint', ['.'])
    .option('--project <tsconfig>', 'lint the files of this tsconfig and its project references instead of walking folders')
    .addOption(new Option('--format <format>', 'output format').choices(FORMAT_NAMES).default('text'))
    .option('--config <file>', 'configuration file (default: agent-identity-kit.config.json in the working directory, if present)')
    .option('--baseline <file>', 'adopted findings: fail only on findings not listed; stale entries are reported (default: lint.baseline of the configuration)')
    .option('--baseline-update', 'write the current findings to the --baseline file and exit 0')
    .option('--cache', `keep per-file results so unchanged files are not parsed again (writes ${DEFAULT_CACHE_FILE})`)
    .option('--cache-location <file>', 'cache file to use with --cache')
    .option(ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP)
    .option('--syntactic', 'skip the type checker: report candidates from the syntax alone (faster, less precise)')
    .addOption(new Option('--unconfirmed <level>', 'level of candidates that only names relate (default: lint.unconfirmed of the configuration, else warning)').choices(['error', 'warning', 'off']))
    .addOption(new Option('--level <level>', 'lowest severity listed: warning (default) or error, a strict gate over what is proven').choices(['error', 'warning']))
    .action(async (paths: string[], flags: LintFlags) => {
      // Loaded on use: the lint loads the compiler, which would slow every other command's start.
      const { baselineFileOf, baselineOf, FORMATTERS, lint, LintConfigError, writeBaseline } = await import('../../../tools/lint/index.js');
      let result: LintResult;
      const configFile = flags.config === undefined ? {} : { configFile: flags.config };
      let target: string | undefined;
      try {
        // What the run writes is checked before it: a bad path is refused before any file is linted.
        if (flags.baselineUpdate === true) {
          target = baselineFileOf({ ...configFile, ...(flags.baseline === undefined ? {} : { baseline: flags.baseline }) });
          if (target === undefined) throw new UsageError('--baseline-update needs --baseline <file> (or lint.baseline in the configuration) to know where to write');
          checkOutputPath(relative(process.cwd(), target) || target, { flag: '--baseline-update' });
        }
        if (flags.cache === true) checkOutputPath(flags.cacheLocation ?? DEFAULT_CACHE_FILE, { flag: flags.cacheLocation === undefined ? '--cache' : '--cache-location', createFolders: true });
        result = await lint({
          paths,
          ...(flags.project === undefined ? {} : { project: flags.project }),
          ...configFile,
          ...(flags.baselineUpdate === true ? { baseline: false } : flags.baseline === undefined ? {} : { baseline: flags.baseline }),
          ...(flags.cache === true ? { cache: flags.cacheLocation ?? DEFAULT_CACHE_FILE } : {}),
          ...(flags.syntactic === true ? { syntactic: true } : {}),
          ...(flags.unconfirmed === undefined ? {} : { unconfirmed: flags.unconfirmed }),
          ...(flags.level === undefined ? {} : { level: flags.level }),
        });
      } catch (error) {
        if (error instanceof LintConfigError) throw new UsageError(error.message);
        throw error;
      }
      if (result.files === 0) refuseEmpty(`lint ${flags.project ?? paths.join(' ')}`, flags.allowEmpty);
      if (target !== undefined) {
        writeBaseline(target, baselineOf(result.findings));
        process.stderr.write(`agent-identity-kit: wrote ${result.findings.length} finding(s) to ${printable(relative(process.cwd(), target) || target)}\n`);
        setExitCode(0);
        return;
      }
      const color = useColor(flags.format, process.stdout, colorOption(program.opts()).color);
      process.stdout.write(FORMATTERS[flags.format](result, { color }));
      setExitCode(result.findings.some((finding) => finding.severity === 'error') ? 1 : 0);
    });
};
