import type { ConformanceReport, Counterexample } from '../../properties/report/conformance-report.js';
import { REPORTERS } from '../../properties/reporters/index.js';
import type { ReportFormat } from '../../properties/reporters/report-formats.js';
import type { ReporterOptions } from '../../properties/reporters/reporter.js';
import { olderContractWarning } from '../../properties/runner/declared-capabilities.js';
import { counterexampleScenario } from './counterexample-scenario.js';
import { useColor } from './use-color.js';
import { printable } from '../contract/printable.js';
import { writeFileAtomic } from '../../tools/check/write-file-atomic.js';

/** What a scenario file can say of a failure made of errors that escaped adapter code: their steps, not the escape. */
function escapedNote(counterexample: Counterexample): string {
  if (counterexample.escaped === undefined) return '';
  const origins = [...new Set(counterexample.escaped.map((stray) => stray.origin))].join(', ');
  return counterexample.commands.length === 0
    ? ` (${origins} outside any check: no steps to replay; its title names the error)`
    : ` (the steps during which the ${origins} escaped adapter code: a replay runs them and fails if an error escapes again; its title names the error)`;
}

/**
 * Prints a conformance report in `format`, writes the counterexample of its first unexpected
 * failure to `out` when asked, and returns the exit code: 0 CONFORMANT, 1 not. An adapter
 * written for an earlier contract version gets one warning line on stderr. Shared by `conform`
 * and `merge`, which end the same way. `invocation` lets failures print their rerun line; a run that
 * replayed one generated counterexample (`replayedPath`) writes that one to `out`, and `outCheck`
 * names the check whose failure it writes (default: the first unexpected failure); `color` is the
 * `--color`/`--no-color` flag; `html` (`--html <file>`) writes the HTML report to that file
 * beside the format printed.
 */
export async function printVerdict(report: ConformanceReport, format: ReportFormat, out: string | undefined, how: { readonly invocation?: ReporterOptions['invocation']; readonly replayedPath?: boolean; readonly outCheck?: string; readonly color?: boolean; readonly html?: string } = {}): Promise<number> {
  const { invocation, replayedPath = false, outCheck } = how;
  const older = 'olderContract' in report.adapter ? report.adapter.olderContract : undefined;
  if (older !== undefined) process.stderr.write(`agent-identity-kit: ${olderContractWarning(older)}\n`);
  process.stdout.write(REPORTERS[format](report, { color: useColor(format, process.stdout, how.color), ...(invocation === undefined ? {} : { invocation }) }));
  if (how.html !== undefined) {
    writeFileAtomic(how.html, REPORTERS.html(report, { color: false, ...(invocation === undefined ? {} : { invocation }) }));
    process.stderr.write(`agent-identity-kit: wrote the HTML report to ${printable(how.html)}\n`);
  }
  if (out !== undefined) {
    // A run replaying one generated counterexample (`--path`) writes that one, whatever its directed checks found.
    const unexpected = report.failures.filter((candidate) => !candidate.expected);
    const failure = outCheck !== undefined ? unexpected.find((candidate) => candidate.check === outCheck) : ((replayedPath ? unexpected.find((candidate) => candidate.counterexample.path !== undefined) : undefined) ?? unexpected[0]);
    if (failure === undefined) {
      process.stderr.write(`agent-identity-kit: no ${outCheck === undefined ? '' : `${outCheck} `}failure, no counterexample written\n`);
    } else {
      writeFileAtomic(out, `${JSON.stringify(await counterexampleScenario(report, failure), null, 2)}\n`);
      process.stderr.write(`agent-identity-kit: wrote the counterexample of ${failure.check} to ${printable(out)}${escapedNote(failure.counterexample)}\n`);
    }
  }
  return report.verdict === 'CONFORMANT' ? 0 : 1;
}
