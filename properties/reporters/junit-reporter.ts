import junitModule, { type Builder } from 'junit-report-builder';
import type { FailureDetail } from '../report/conformance-report.js';
import type { Reporter } from './reporter.js';
import { commandLine, rerunArguments } from './rerun-command.js';
import { printable } from '../../src/contract/printable.js';
import { expectedGotDiff } from './expected-got-diff.js';

// The package is CommonJS (`module.exports = builder`) while its types declare a default export:
// under NodeNext the default import is that builder at run time but typed as the namespace.
const junit = ((junitModule as unknown as { default?: Builder }).default ?? junitModule) as unknown as Builder;

/** Text (already {@link printable}) as an XML attribute value: markup and line breaks escaped. */
function xmlAttribute(text: string): string {
  const escaped: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\n': '&#10;', '\t': '&#9;' };
  return text.replace(/[&<>"\n\t]/g, (char) => escaped[char] ?? char);
}

/** A failure's body, as the text report prints it: every failed sub-case, the counterexample and the rerun line. */
function failureBody(failure: FailureDetail, rerun: string | undefined): string {
  const where = failure.counterexample.path === undefined ? `seed ${failure.counterexample.seed}` : `seed ${failure.counterexample.seed}, path ${failure.counterexample.path}`;
  return printable([`${failure.check}${failure.adapter ? ' (adapter)' : ''}`, ...failure.message.split('\n').flatMap((line) => [`  ${line}`, ...expectedGotDiff(line).map((diff) => `    ${diff}`)]), `counterexample (${where}):`, ...failure.counterexample.commands.map((command) => `  ${command}`), ...(rerun === undefined ? [] : [`rerun it alone: ${rerun}`])].join('\n'));
}

/**
 * JUnit XML: one suite per contract area, one test case per requirement — a failure (its message
 * the first failed sub-case, its body every failure of the requirement with counterexample and
 * rerun line), or skipped with the reason as `message` when not applicable, static or an expected
 * failure. The run's time is on the root: the engine does not time each check.
 */
export const junitReporter: Reporter = (report, { invocation }) => {
  const builder = junit.newBuilder().name(`agent-identity-kit conform (seed ${report.seed})`);
  const suites = new Map<string, ReturnType<typeof builder.testSuite>>();
  // The builder writes `<skipped/>` without a message and the root without a time: both are added below, the reasons in document order.
  const skipReasons: string[] = [];
  for (const result of report.requirements) {
    let suite = suites.get(result.area);
    if (suite === undefined) {
      suite = builder.testSuite().name(result.area);
      suites.set(result.area, suite);
    }
    const testCase = suite.testCase().className(`agent-identity-kit.${result.area}`).name(result.id);
    const failures = report.failures.filter((failure) => failure.requirement === result.id);
    if (result.expected === true || result.status === 'NOT-APPLICABLE' || result.status === 'STATIC') {
      testCase.skipped();
      skipReasons.push(printable(result.expected === true ? `expected failure (--expected-failures): ${failures.map((failure) => failure.check).join(', ')}` : `${result.status}${result.note === undefined ? '' : `: ${result.note}`}`));
    } else if (result.status === 'FAIL') {
      const first = failures[0];
      testCase.failure(first === undefined ? 'failed' : printable(`${first.check}: ${first.message.split('\n')[0] ?? ''}`), 'AssertionError');
      testCase.stacktrace(failures.map((failure) => failureBody(failure, invocation === undefined ? undefined : commandLine([...invocation.conform, ...rerunArguments(report, failure)]))).join('\n\n'));
    } else if (result.status === 'NOT-TESTED') {
      testCase.failure(printable(`not tested: ${result.note ?? 'no check ran'}`), 'NotTested');
    } else {
      testCase.standardOutput(result.checks.map((check) => `${check.id}: ${check.runs} runs`).join('\n'));
    }
  }
  let skipped = 0;
  return builder
    .build()
    .replace(/^<testsuites /m, `<testsuites time="${(report.durationMs / 1000).toFixed(3)}" `)
    .replace(/^(\s*)<skipped\/>$/gm, (_, indent: string) => `${indent}<skipped message="${xmlAttribute(skipReasons[skipped++] ?? '')}"/>`);
};
