import { resolve } from 'node:path';
import { Option } from 'commander';
import { repositoryRoot } from '../../../tools/check/repository-root.js';
import { REPORT_FORMATS, type ReportFormat } from '../../../tools/check/reporters/report-formats.js';
import { UsageError } from '../../supervisor/usage-error.js';
import type { RegisterCommand } from './index.js';
import { printable } from '../../contract/printable.js';
import { helpExamples } from '../help-examples.js';
import { colorOption, useColor } from '../use-color.js';

interface CheckFlags {
  readonly root: string;
  readonly project?: string;
  readonly allowEmpty?: boolean;
  readonly format: ReportFormat;
}

/** `check`: lint + graph + docs, one summary, one exit code (0 pass, 1 findings, 2 configuration error). */
export const registerCheck: RegisterCommand = (program, setExitCode) => {
  program
    .command('check')
    .summary('lint + graph + docs: one summary, one exit code')
    .description('run the static gates (identity lint, module graph, doc-sync) on a repository, with one summary table and one exit code: 0 pass, 1 findings, 2 configuration error')
    .addHelpText('after', helpExamples('check', 'check --format json', 'check --format sarif > gates.sarif', 'check --project tsconfig.build.json'))
    .option('--root <dir>', 'repository to check', '.')
    .option('--project <tsconfig>', 'tsconfig every gate reads, followed through its project references (default: each gate finds them)')
    .option('--allow-empty', 'let a gate that read nothing pass (default: it is an error, exit 2)')
    .addOption(new Option('--format <format>', 'report format').choices(REPORT_FORMATS).default('text'))
    .action(async (flags: CheckFlags) => {
      const root = repositoryRoot(flags.root);
      if (root === undefined) throw new UsageError(`${flags.root}: not a directory`);
      // Loaded on use: the gates would slow every other command's start.
      const [{ kitDocsFor }, { runCheck }, { REPORTERS }] = await Promise.all([import('../../../tools/check/kit-docs-for.js'), import('../../../tools/check/run-check.js'), import('../../../tools/check/reporters/index.js')]);
      const kit = kitDocsFor(root, program);
      const { outcomes, exitCode } = await runCheck({
        root,
        ...(flags.project === undefined ? {} : { project: resolve(flags.project) }),
        ...(flags.allowEmpty === true ? { allowEmpty: true } : {}),
        ...(kit === undefined ? {} : { kit }),
      });
      process.stdout.write(REPORTERS[flags.format](outcomes, exitCode, root, useColor(flags.format, process.stdout, colorOption(program.opts()).color)));
      for (const outcome of outcomes) if (outcome.error !== undefined) process.stderr.write(`agent-identity-kit: ${printable(outcome.error)}\n`);
      setExitCode(exitCode);
    });
};
