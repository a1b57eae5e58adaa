import { existsSync, readFileSync } from 'node:fs';
import { Option } from 'commander';
import type { ConformanceReport } from '../../../properties/report/conformance-report.js';
import { REPORT_FORMATS, type ReportFormat } from '../../../properties/reporters/report-formats.js';
import type { shardShareProblem } from '../../../properties/runner/shard-share.js';
import { helpExamples } from '../help-examples.js';
import { colorOption } from '../use-color.js';
import { checkOutputPath, HTML_FLAG, HTML_HELP } from '../output-path.js';
import { ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP, refuseUndecided } from '../nothing-to-check.js';
import { UsageError } from '../../supervisor/usage-error.js';
import type { RegisterCommand } from './index.js';

/** Reads one shard's partial report; anything else is a usage error naming the file. */
function partOf(file: string, shareProblem: typeof shardShareProblem): ConformanceReport {
  if (!existsSync(file)) throw new UsageError(`${file}: partial report not found`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const report = parsed as Partial<ConformanceReport> | null;
  const part = report?.part;
  if (typeof report !== 'object' || report === null || report.tool !== 'agent-identity-kit' || typeof part !== 'object' || part === null || typeof part.shard?.index !== 'number' || typeof part.shard.count !== 'number' || !Array.isArray(part.chunks) || !Array.isArray(part.directed) || !Number.isSafeInteger(report.runsRequested)) {
    throw new UsageError(`${file}: not a partial conformance report (write one with conform --shard i/n)`);
  }
  // A shard is trusted for what it found, not for how much of the run it made: it must hold its whole share.
  const problem = shareProblem(report as ConformanceReport);
  if (problem !== undefined) throw new UsageError(`${file}: ${problem}; not merged (run the shard again)`);
  return report as ConformanceReport;
}

/**
 * `merge`: combines the partial reports of the shards of one run (`conform --shard i/n`) into
 * the report, verdict and exit code the unsharded run gives. Exit 0 conformant, 1 not, 2 when the
 * files are not the shards of one run or one does not hold its share of it (see shardShareProblem).
 */
export const registerMerge: RegisterCommand = (program, setExitCode) => {
  program
    .command('merge')
    .description('combine the partial reports of conform --shard i/n into one verdict')
    .argument('<reports...>', 'partial JSON reports, one per shard')
    .addHelpText('after', helpExamples('merge shard-1.json shard-2.json shard-3.json shard-4.json', 'merge shards/*.json --format markdown >> "$GITHUB_STEP_SUMMARY"'))
    .option('--out <file>', 'write the shrunk counterexample of the first failure as a scenario file')
    .addOption(new Option('--format <format>', 'output format').choices(REPORT_FORMATS).default('text'))
    .option(HTML_FLAG, HTML_HELP)
    .option(ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP)
    .action(async (files: string[], flags: { readonly format: ReportFormat; readonly out?: string; readonly html?: string; readonly allowEmpty?: boolean }) => {
      const reads = new Map(files.map((file) => [file, `the partial report ${file}`]));
      checkOutputPath(flags.out, { flag: '--out', reads });
      checkOutputPath(flags.html, { flag: '--html', reads, ...(flags.out === undefined ? {} : { writes: new Map([[flags.out, 'the --out file']]) }) });
      // Loaded on use: the engine and the reporters would slow every other command's start.
      const [{ shardShareProblem }, { mergeReports }, { printVerdict }] = await Promise.all([import('../../../properties/runner/shard-share.js'), import('../../../properties/runner/run-conformance.js'), import('../print-verdict.js')]);
      const parts = files.map((file) => partOf(file, shardShareProblem));
      let report: ConformanceReport;
      try {
        report = mergeReports(parts);
      } catch (error) {
        throw new UsageError(`${files.join(', ')}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const code = await printVerdict(report, flags.format, flags.out, { ...(flags.html === undefined ? {} : { html: flags.html }), ...colorOption(program.opts()) });
      refuseUndecided(report, flags.allowEmpty);
      setExitCode(code);
    });
};
