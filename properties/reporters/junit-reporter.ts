import junitModule, { type Builder } from 'junit-report-builder';
import type { Reporter } from './reporter.js';

// The package is CommonJS (`module.exports = builder`) while its types declare a default export:
// under NodeNext the default import is that builder at run time but typed as the namespace.
const junit = ((junitModule as unknown as { default?: Builder }).default ?? junitModule) as unknown as Builder;

/** JUnit XML: one suite per contract area, one test case per requirement (failure, or skipped when not applicable, static or expected). */
export const junitReporter: Reporter = (report) => {
  const builder = junit.newBuilder().name(`agent-identity-kit conform (seed ${report.seed})`);
  const suites = new Map<string, ReturnType<typeof builder.testSuite>>();
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
      testCase.standardOutput(result.expected === true ? `expected failure: ${failures.map((failure) => failure.check).join(', ')}` : (result.note ?? result.status));
    } else if (result.status === 'FAIL') {
      const first = failures[0];
      testCase.failure(first === undefined ? 'failed' : `${first.check}: ${first.message}`, 'AssertionError');
      testCase.standardOutput(failures.map((failure) => [`${failure.check} (seed ${failure.counterexample.seed}${failure.counterexample.path === undefined ? '' : `, path ${failure.counterexample.path}`})`, ...failure.counterexample.commands.map((command) => `  ${command}`)].join('\n')).join('\n\n'));
    } else if (result.status === 'NOT-TESTED') {
      testCase.failure(`not tested: ${result.note ?? 'no check ran'}`, 'NotTested');
    } else {
      testCase.standardOutput(result.checks.map((check) => `${check.id}: ${check.runs} runs`).join('\n'));
    }
  }
  return builder.build();
};
