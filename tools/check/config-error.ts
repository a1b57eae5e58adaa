/**
 * A configuration the gates cannot run with (a missing or broken dependency-cruiser config or
 * `agent-identity-kit.config.json`, a tsconfig named by `--project` that does not parse). Its
 * message is one line that names the file and the problem; the CLI prints it and exits with code
 * 2. A broken file the gates find rather than are told to use (a package's tsconfig, a Markdown
 * file that is not UTF-8) is a finding instead.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  /**
   * `file` is shown as given (relative to the repository root where possible); of a multi-line
   * `problem` (as libraries report them) only the first non-empty line is kept.
   */
  constructor(
    readonly file: string,
    problem: string,
  ) {
    const line = problem
      .split('\n')
      .map((part) => part.trim())
      .find((part) => part.length > 0);
    super(`${file}: ${line ?? 'invalid'}`);
  }
}
