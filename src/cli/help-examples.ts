/** The "Examples" section a command's `--help` ends with: one `$ agent-identity-kit …` line each. */
export function helpExamples(...commands: readonly string[]): string {
  return `\nExamples:\n${commands.map((command) => `  $ agent-identity-kit ${command}`).join('\n')}\n`;
}
