import { resolve } from 'node:path';
import { Option } from 'commander';
import { repositoryRoot } from '../../../tools/check/repository-root.js';
import { REPORT_FORMATS, type ReportFormat } from '../../../tools/check/reporters/report-formats.js';
import { UsageError } from '../../supervisor/usage-error.js';
import type { RegisterCommand } from './index.js';
import { helpExamples } from '../help-examples.js';
import { colorOption, useColor } from '../use-color.js';

interface GraphFlags {
  readonly root: string;
  readonly config?: string;
  readonly project?: string;
  readonly allowEmpty?: boolean;
  readonly format: ReportFormat;
  readonly update?: boolean;
  readonly check?: boolean;
}

/** `graph`: the module-graph gate (dependency-cruiser) and `docs/module-graph.md`. Exit 0 pass, 1 findings, 2 configuration error. */
export const registerGraph: RegisterCommand = (program, setExitCode) => {
  program
    .command('graph')
    .summary('module-graph gate: dependency rules and the Mermaid module graph')
    .description(
      "module-graph gate: dependency-cruiser with the repository's .dependency-cruiser.* (else the kit's preset: no cycles, no orphans, no test or dev-dependency imports from production code), workspace packages resolved to their sources, and the Mermaid module graph in docs/module-graph.md (graph.moduleGraph.file); a file the kit did not write is left alone",
    )
    .addHelpText('after', helpExamples('graph', 'graph --format markdown', 'graph --update', 'graph --check'))
    .option('--root <dir>', 'repository to check', '.')
    .option('--config <file>', "dependency-cruiser config (default: the repository's own, else the kit's preset)")
    .option('--project <tsconfig>', 'tsconfig imports are resolved with (default: graph.project, the config\'s, else <root>/tsconfig.json)')
    .option('--allow-empty', 'let a run that read nothing pass (default: it is an error, exit 2)')
    .addOption(new Option('--format <format>', 'report format').choices(REPORT_FORMATS).default('text'))
    .addOption(new Option('--update', 'write the module graph file').conflicts('check'))
    .option('--check', 'also fail when the module graph file is missing or stale')
    .action(async (flags: GraphFlags) => {
      const root = repositoryRoot(flags.root);
      if (root === undefined) throw new UsageError(`${flags.root}: not a directory`);
      // Loaded on use: dependency-cruiser and the compiler would slow every other command's start.
      const [{ runCheck }, { runGraph }, { REPORTERS }] = await Promise.all([import('../../../tools/check/run-check.js'), import('../../../tools/graph/run-graph.js'), import('../../../tools/check/reporters/index.js')]);
      const gate = {
        name: 'graph',
        run: () =>
          runGraph({
            root,
            ...(flags.config === undefined ? {} : { config: resolve(flags.config) }),
            ...(flags.project === undefined ? {} : { tsconfig: resolve(flags.project) }),
            moduleGraph: flags.update === true ? 'update' : flags.check === true ? 'check' : 'ignore',
          }),
      };
      const { outcomes, exitCode } = await runCheck({ root, allowEmpty: flags.allowEmpty === true }, [gate]);
      const error = outcomes.find((outcome) => outcome.error !== undefined)?.error;
      if (error !== undefined) throw new UsageError(error);
      process.stdout.write(REPORTERS[flags.format](outcomes, exitCode, root, useColor(flags.format, process.stdout, colorOption(program.opts()).color)));
      setExitCode(exitCode);
    });
};
