/**
 * A usage or configuration problem of the lint (missing path, unparsable tsconfig, bad config or
 * baseline file): its message is one line naming the file and the problem. The CLI maps it to
 * exit code 2.
 */
export class LintConfigError extends Error {
  override readonly name = 'LintConfigError';
}
