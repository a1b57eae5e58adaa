import { resolve } from 'node:path';
import { Option } from 'commander';
import { repositoryRoot } from '../../../tools/check/repository-root.js';
import { REPORT_FORMATS, type ReportFormat } from '../../../tools/check/reporters/report-formats.js';
import { NO_CHECK_MARKER } from '../../../tools/docs/no-check-marker.js';
import { UsageError } from '../../supervisor/usage-error.js';
import type { RegisterCommand } from './index.js';
import { helpExamples } from '../help-examples.js';
import { colorOption, useColor } from '../use-color.js';

interface DocsFlags {
  readonly root: string;
  readonly project?: string;
  readonly vocabulary?: string[];
  readonly exclude?: string[];
  readonly allowEmpty?: boolean;
  readonly format: ReportFormat;
  readonly update?: boolean;
  readonly check?: boolean;
}

/** `docs`: the doc-sync gate. Exit 0 pass, 1 findings, 2 configuration error. */
export const registerDocs: RegisterCommand = (program, setExitCode) => {
  program
    .command('docs')
    .summary('doc-sync gate: code fences, links, paths and identity vocabulary in Markdown')
    .description(
      `doc-sync gate: ts fences typecheck against the project (a fence tagged "ts ${NO_CHECK_MARKER}", "ts ignore-check" or another opt-out label is skipped; translation copies are left out), relative links, anchors and backticked paths resolve, backticked identity vocabulary is still defined by the code; in the kit also docs/requirements.md, docs/clause-coverage.md, the lint rule pages and the README's CLI help`,
    )
    .addHelpText('after', helpExamples('docs', 'docs --root packages/core', 'docs --update'))
    .option('--root <dir>', 'repository to check', '.')
    .option('--project <tsconfig>', 'tsconfig the fences typecheck against, followed through its references (default: docs.project, <root>/tsconfig.json, else every package\'s)')
    .option('--vocabulary <names...>', 'more identity-vocabulary names to check besides agentId, AgentId, agent_id')
    .option('--exclude <globs...>', 'Markdown files to leave out (globs relative to the root)')
    .option('--allow-empty', 'let a run that read nothing pass (default: it is an error, exit 2)')
    .addOption(new Option('--format <format>', 'report format').choices(REPORT_FORMATS).default('text'))
    .addOption(new Option('--update', "regenerate the kit's docs/requirements.md, docs/clause-coverage.md and README CLI help blocks").conflicts('check'))
    .option('--check', 'compare generated docs instead of writing them (the default)')
    .action(async (flags: DocsFlags) => {
      const root = repositoryRoot(flags.root);
      if (root === undefined) throw new UsageError(`${flags.root}: not a directory`);
      // Loaded on use: the compiler and the lint's rules would slow every other command's start.
      const [{ kitDocsFor, lintRuleIds }, { runCheck }, { runDocs }, { REPORTERS }] = await Promise.all([
        import('../../../tools/check/kit-docs-for.js'),
        import('../../../tools/check/run-check.js'),
        import('../../../tools/docs/run-docs.js'),
        import('../../../tools/check/reporters/index.js'),
      ]);
      const help = kitDocsFor(root, program);
      const kit = help === undefined ? undefined : { ...help, ruleIds: await lintRuleIds() };
      if (flags.update === true && kit === undefined) throw new UsageError(`${flags.root}: --update regenerates the kit's own docs; this is not the agent-identity-kit repository`);
      const gate = {
        name: 'docs',
        run: async () =>
          runDocs({
            root,
            ...(flags.project === undefined ? {} : { tsconfig: resolve(flags.project) }),
            ...(flags.vocabulary === undefined ? {} : { vocabulary: flags.vocabulary }),
            ...(flags.exclude === undefined ? {} : { exclude: flags.exclude }),
            ...(kit === undefined ? {} : { kit }),
            update: flags.update === true,
          }),
      };
      const { outcomes, exitCode } = await runCheck({ root, allowEmpty: flags.allowEmpty === true }, [gate]);
      const error = outcomes.find((outcome) => outcome.error !== undefined)?.error;
      if (error !== undefined) throw new UsageError(error);
      process.stdout.write(REPORTERS[flags.format](outcomes, exitCode, root, useColor(flags.format, process.stdout, colorOption(program.opts()).color)));
      setExitCode(exitCode);
    });
};
