import { Option } from 'commander';
import { repositoryRoot } from '../../../tools/check/repository-root.js';
import { REPORTERS, type ReportFormat } from '../../../tools/check/reporters/index.js';
import { UsageError } from '../usage-error.js';
import { ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP, gateReadNothing, refuseEmpty } from '../nothing-to-check.js';
import type { RegisterCommand } from './index.js';
import { helpExamples } from '../help-examples.js';

interface CheckFlags {
  readonly root: string;
  readonly format: ReportFormat;
  readonly allowEmpty?: boolean;
}

/** `check`: lint + graph + docs, one summary, one exit code (0 pass, 1 findings, 2 configuration error). */
export const registerCheck: RegisterCommand = (program, setExitCode) => {
  program
    .command('check')
    .summary('lint + graph + docs: one summary, one exit code')
    .description('run the static gates (identity lint, module graph, doc-sync) on a repository, with one summary table and one exit code: 0 pass, 1 findings, 2 configuration error')
    .addHelpText('after', helpExamples('check', 'check --format json'))
    .option('--root <dir>', 'repository to check', '.')
    .addOption(new Option('--format <format>', 'report format').choices(Object.keys(REPORTERS)).default('text'))
    .option(ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP)
    .action(async (flags: CheckFlags) => {
      const root = repositoryRoot(flags.root);
      if (root === undefined) throw new UsageError(`${flags.root}: not a directory`);
      // Loaded on use: the gates would slow every other command's start.
      const [{ kitDocsFor }, { runCheck }] = await Promise.all([import('../../../tools/check/kit-docs-for.js'), import('../../../tools/check/run-check.js')]);
      const kit = kitDocsFor(root, program);
      const { outcomes, exitCode } = await runCheck(kit === undefined ? { root } : { root, kit });
      if (outcomes.every(gateReadNothing)) refuseEmpty(`check ${flags.root}`, flags.allowEmpty);
      process.stdout.write(REPORTERS[flags.format](outcomes, exitCode));
      for (const outcome of outcomes) if (outcome.error !== undefined) process.stderr.write(`agent-identity-kit: ${outcome.error}\n`);
      setExitCode(exitCode);
    });
};
